// 'Assign Existing User to Onboarding' (spec section 5): a new hire, an active template, a start date, a manager.
import { useNavigate } from '@tanstack/react-router';
import { ClipboardList } from 'lucide-react';
import type { FormEvent } from 'react';
import { displayName } from '../../../shared/auth.ts';
import { AssignPlanSchema, NO_MANAGER, toIsoDate } from '../../../shared/onboarding.ts';
import type { Role } from '../../../shared/roles.ts';
import { notify } from '../../lib/notify.ts';
import { SelectField, TextField } from '../forms/fields.tsx';
import { useForm } from '../forms/use-form.ts';
import { DialogActions, Modal } from '../ui/modal.tsx';
import { PendingButton } from '../ui/pending-button.tsx';
import { managerOptions, notifyPlanWriteError } from './limit-toast.ts';
import { useActiveTemplates, useAssignPlan, useTeamMembers } from './plan-queries.ts';

export type AssignPlanDialogProps = {
  open: boolean;
  onClose: () => void;
  currentUser: { id: string; role: Role };
  /** Preselects a person (e.g. from a row of the team list). */
  newHireId?: string;
};

export function AssignPlanDialog({ open, onClose, currentUser, newHireId = '' }: AssignPlanDialogProps) {
  return (
    <Modal open={open} onClose={onClose} title="Assign Existing User to Onboarding" description="Start an onboarding plan for someone already on your team.">
      <AssignPlanForm onDone={onClose} currentUser={currentUser} newHireId={newHireId} />
    </Modal>
  );
}

function AssignPlanForm({ onDone, currentUser, newHireId }: { onDone: () => void; currentUser: { id: string; role: Role }; newHireId: string }) {
  const navigate = useNavigate();
  const people = useTeamMembers();
  const templates = useActiveTemplates();
  const assign = useAssignPlan();
  const form = useForm(AssignPlanSchema, { newHireId, templateId: '', startDate: toIsoDate(new Date()), managerId: NO_MANAGER });

  const newHires = (people.data ?? []).filter((person) => person.id !== currentUser.id && person.role === 'new_hire');
  const managers = (people.data ?? []).filter((person) => person.role === 'manager' || person.role === 'admin');

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const input = form.submit(AssignPlanSchema);
    if (!input) return;
    assign.mutate(input, {
      onSuccess: () => {
        notify.success('Onboarding plan assigned successfully!');
        onDone();
      },
      onError: (error) =>
        notifyPlanWriteError(error, {
          showServerIssues: form.showServerIssues,
          fallback: 'Failed to assign onboarding plan. Please try again.',
          goToSubscription: () => void navigate({ to: '/subscription' }),
        }),
    });
  }

  const loading = people.isPending || templates.isPending;
  return (
    <form onSubmit={onSubmit} noValidate>
      {loading && (
        <p className="flex items-center gap-2 text-sm text-base-content/70" role="status">
          <span className="loading loading-spinner loading-xs" aria-hidden="true" /> Loading people and templates…
        </p>
      )}
      <SelectField
        label="User"
        {...form.field('newHireId')}
        placeholder={newHires.length ? 'Select a new hire' : 'No new hires yet: invite one first'}
        options={newHires.map((person) => ({ value: person.id, label: person.plan && !person.plan.isCompleted ? `${displayName(person)} (has an active plan)` : displayName(person) }))}
      />
      <SelectField
        label="Template"
        {...form.field('templateId')}
        placeholder={templates.data?.length ? 'Select a template' : 'No active templates yet'}
        options={(templates.data ?? []).map((template) => ({ value: template.id, label: `${template.title} (${template.duration} days)` }))}
      />
      <TextField label="Start date" type="date" {...form.field('startDate')} />
      {currentUser.role === 'admin' ? (
        <SelectField
          label="Manager (optional)"
          {...form.field('managerId')}
          options={managerOptions(managers)}
        />
      ) : (
        <p className="mt-2 text-sm text-base-content/70">You will be this plan’s manager.</p>
      )}
      <DialogActions
        onCancel={onDone}
        cancelDisabled={assign.isPending}
        confirm={
          <PendingButton type="submit" pending={assign.isPending} icon={<ClipboardList className="size-4" aria-hidden="true" />}>
            Assign Plan
          </PendingButton>
        }
      />
    </form>
  );
}
