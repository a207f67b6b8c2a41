// Edit Plan (spec section 5): the phase text, and reassigning new hire, template, manager or buddy;
// moving the start date (which moves the due dates of the open tasks).
import { CalendarClock, Save, TriangleAlert } from 'lucide-react';
import type { FormEvent } from 'react';
import { displayName } from '../../../shared/auth.ts';
import type { PlanSummary } from '../../../shared/onboarding.ts';
import { NO_MANAGER, UpdatePlanSchema } from '../../../shared/onboarding-requests.ts';
import { isStaff } from '../../../shared/roles.ts';
import { SelectField, TextField } from '../../components/forms/fields.tsx';
import { ManagerField } from '../../components/forms/manager-field.tsx';
import { useForm } from '../../components/forms/use-form.ts';
import { DialogActions, Modal } from '../../components/ui/modal.tsx';
import { PendingButton } from '../../components/ui/pending-button.tsx';
import { useTeamMembers } from '../../lib/api/get-team-members.ts';
import { useActiveTemplates } from '../../lib/api/get-templates.ts';
import { notify } from '../../lib/notify.ts';
import { useUpdatePlan } from './api/update-plan.ts';
import { BuddyField } from './buddy-field.tsx';
import { usePlanWriteError } from './plan-write-error.ts';

export type EditPlanDialogProps = { plan: PlanSummary; open: boolean; onClose: () => void };

export function EditPlanDialog({ plan, open, onClose }: EditPlanDialogProps) {
  return (
    <Modal open={open} onClose={onClose} title="Edit Plan" description={`${displayName(plan.newHire)} · ${plan.template?.title ?? 'No template'}`}>
      <EditPlanForm plan={plan} onDone={onClose} />
    </Modal>
  );
}

function EditPlanForm({ plan, onDone }: { plan: PlanSummary; onDone: () => void }) {
  const people = useTeamMembers();
  const templates = useActiveTemplates();
  const update = useUpdatePlan(plan.id);
  const form = useForm(UpdatePlanSchema, {
    currentPhase: plan.currentPhase ?? '',
    newHireId: plan.newHireId,
    templateId: plan.templateId ?? '',
    managerId: plan.managerId ?? NO_MANAGER,
    buddyId: plan.buddyId ?? NO_MANAGER,
    startDate: plan.startDate,
  });

  // An offboarding plan is for anyone who is leaving; an onboarding plan for a new hire.
  const newHires = (people.data ?? []).filter((person) => plan.kind === 'offboarding' || person.role === 'new_hire');
  const managers = (people.data ?? []).filter((person) => isStaff(person.role));
  // The plan's own template stays choosable even when it is now a draft or deleted.
  const templateOptions = (templates.data ?? []).map((template) => ({ value: template.id, label: template.title }));
  if (plan.templateId && !templateOptions.some((option) => option.value === plan.templateId)) {
    templateOptions.unshift({ value: plan.templateId, label: `${plan.template?.title ?? 'Current template'} (current)` });
  }
  const templateChanged = form.values.templateId !== (plan.templateId ?? '');
  const startDateChanged = form.values.startDate !== plan.startDate;
  const onError = usePlanWriteError(form.showServerIssues, 'Failed to update onboarding plan. Please try again.');

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const input = form.submit(UpdatePlanSchema);
    if (!input) return;
    update.mutate(
      // The start date is sent only when moved, so saving anything else never touches the due dates.
      { ...input, templateId: form.values.templateId || undefined, startDate: startDateChanged ? input.startDate : undefined },
      {
        onSuccess: () => {
          notify.success('Onboarding plan updated');
          onDone();
        },
        onError,
      },
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <TextField label="Current phase" {...form.field('currentPhase')} />
      <SelectField
        label={plan.kind === 'offboarding' ? 'Person leaving' : 'New hire'}
        {...form.field('newHireId')}
        options={newHires.length ? newHires.map((person) => ({ value: person.id, label: displayName(person) })) : [{ value: plan.newHireId, label: displayName(plan.newHire) }]}
      />
      <SelectField label="Template" {...form.field('templateId')} placeholder={plan.templateId ? undefined : 'No template'} options={templateOptions} />
      {templateChanged && (
        <div role="alert" className="alert alert-warning alert-soft mt-2 text-sm">
          <TriangleAlert className="size-4" aria-hidden="true" />
          <span>Changing the template replaces this plan’s tasks: progress resets to 0%.</span>
        </div>
      )}
      <ManagerField label="Manager" {...form.field('managerId')} managers={managers} />
      <BuddyField {...form.field('buddyId')} people={people.data} personId={form.values.newHireId} />
      <TextField label="Start date" type="date" {...form.field('startDate')} hint="Moving the start date moves the due dates of open tasks." />
      {startDateChanged && !templateChanged && (
        <div role="status" className="alert alert-info alert-soft mt-2 text-sm">
          <CalendarClock className="size-4" aria-hidden="true" />
          <span>Open tasks move with the start date; finished tasks keep their dates.</span>
        </div>
      )}
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
