// Edit Plan (spec section 5): the phase text, and reassigning new hire, template or manager.
import { Save, TriangleAlert } from 'lucide-react';
import type { FormEvent } from 'react';
import { displayName } from '../../../shared/auth.ts';
import { NO_MANAGER, UpdatePlanSchema, type PlanSummary } from '../../../shared/onboarding.ts';
import { notify, notifyError } from '../../lib/notify.ts';
import { useNavigate } from '@tanstack/react-router';
import { InputField, SelectField } from './form-fields.tsx';
import { notifyPlanLimit } from './limit-toast.ts';
import { Modal } from './modal.tsx';
import { isLimitReached, useActiveTemplates, useTeamMembers, useUpdatePlan } from './plan-queries.ts';
import { useForm } from './use-form.ts';

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
        onError: (error) => {
          if (isLimitReached(error)) notifyPlanLimit(() => void navigate({ to: '/subscription' }));
          else if (!form.showServerIssues(error)) notifyError(error, 'Error', 'Failed to update onboarding plan. Please try again.');
        },
      },
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <InputField label="Current phase" value={form.values.currentPhase} onChange={(value) => form.set('currentPhase', value)} error={form.error('currentPhase')} />
      <SelectField
        label="New hire"
        value={form.values.newHireId}
        onChange={(value) => form.set('newHireId', value)}
        options={newHires.length ? newHires.map((person) => ({ value: person.id, label: displayName(person) })) : [{ value: plan.newHireId, label: displayName(plan.newHire) }]}
      />
      <SelectField
        label="Template"
        value={form.values.templateId}
        onChange={(value) => form.set('templateId', value)}
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
        value={form.values.managerId}
        onChange={(value) => form.set('managerId', value)}
        options={[{ value: NO_MANAGER, label: 'No manager' }, ...managers.map((person) => ({ value: person.id, label: displayName(person) }))]}
      />
      <div className="modal-action">
        <button type="button" className="btn" onClick={onDone} disabled={update.isPending}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={update.isPending}>
          {update.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : <Save className="size-4" aria-hidden="true" />}
          Save Changes
        </button>
      </div>
    </form>
  );
}
