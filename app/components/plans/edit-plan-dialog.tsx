// Edit Plan (spec section 5): the phase text, and reassigning new hire, template or manager.
import { Save, TriangleAlert } from 'lucide-react';
import type { FormEvent } from 'react';
import { displayName } from '../../../shared/auth.ts';
import { NO_MANAGER, UpdatePlanSchema, type PlanSummary } from '../../../shared/onboarding.ts';
import { notify } from '../../lib/notify.ts';
import { useNavigate } from '@tanstack/react-router';
import { SelectField, TextField } from '../forms/fields.tsx';
import { useForm } from '../forms/use-form.ts';
import { DialogActions, Modal } from '../ui/modal.tsx';
import { PendingButton } from '../ui/pending-button.tsx';
import { managerOptions, notifyPlanWriteError } from './limit-toast.ts';
import { useActiveTemplates, useTeamMembers, useUpdatePlan } from './plan-queries.ts';

export type EditPlanDialogProps = { plan: PlanSummary; open: boolean; onClose: () => void };

export function EditPlanDialog({ plan, open, onClose }: EditPlanDialogProps) {
  return (
    <Modal open={open} onClose={onClose} title="Edit Plan" description={`${displayName(plan.newHire)} · ${plan.template?.title ?? 'No template'}`}>
      <EditPlanForm plan={plan} onDone={onClose} />
    </Modal>
  );
}

function EditPlanForm({ plan, onDone }: { plan: PlanSummary; onDone: () => void }) {
  const navigate = useNavigate();
  const people = useTeamMembers();
  const templates = useActiveTemplates();
  const update = useUpdatePlan(plan.id);
  const form = useForm(UpdatePlanSchema, {
    currentPhase: plan.currentPhase ?? '',
    newHireId: plan.newHireId,
    templateId: plan.templateId ?? '',
    managerId: plan.managerId ?? NO_MANAGER,
  });

  const newHires = (people.data ?? []).filter((person) => person.role === 'new_hire');
  const managers = (people.data ?? []).filter((person) => person.role === 'manager' || person.role === 'admin');
  // The plan's own template stays choosable even when it is now a draft or deleted.
  const templateOptions = (templates.data ?? []).map((template) => ({ value: template.id, label: template.title }));
  if (plan.templateId && !templateOptions.some((option) => option.value === plan.templateId)) {
    templateOptions.unshift({ value: plan.templateId, label: `${plan.template?.title ?? 'Current template'} (current)` });
  }
  const templateChanged = form.values.templateId !== (plan.templateId ?? '');

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const input = form.submit(UpdatePlanSchema);
    if (!input) return;
    update.mutate(
      { ...input, templateId: form.values.templateId || undefined },
      {
        onSuccess: () => {
          notify.success('Onboarding plan updated');
          onDone();
        },
        onError: (error) =>
          notifyPlanWriteError(error, {
            showServerIssues: form.showServerIssues,
            fallback: 'Failed to update onboarding plan. Please try again.',
            goToSubscription: () => void navigate({ to: '/subscription' }),
          }),
      },
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <TextField label="Current phase" {...form.field('currentPhase')} />
      <SelectField
        label="New hire"
        {...form.field('newHireId')}
        options={newHires.length ? newHires.map((person) => ({ value: person.id, label: displayName(person) })) : [{ value: plan.newHireId, label: displayName(plan.newHire) }]}
      />
      <SelectField
        label="Template"
        {...form.field('templateId')}
        placeholder={plan.templateId ? undefined : 'No template'}
        options={templateOptions}
      />
      {templateChanged && (
        <div role="alert" className="alert alert-warning alert-soft mt-2 text-sm">
          <TriangleAlert className="size-4" aria-hidden="true" />
          <span>Changing the template replaces this plan’s tasks: progress resets to 0%.</span>
        </div>
      )}
      <SelectField
        label="Manager"
        {...form.field('managerId')}
        options={managerOptions(managers)}
      />
      <DialogActions
        onCancel={onDone}
        cancelDisabled={update.isPending}
        confirm={
          <PendingButton type="submit" pending={update.isPending} icon={<Save className="size-4" aria-hidden="true" />}>
            Save Changes
          </PendingButton>
        }
      />
    </form>
  );
}
