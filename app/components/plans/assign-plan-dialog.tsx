// 'Assign Existing User to Onboarding' (spec section 5): a new hire, an active template, a start date, a manager.
import { useNavigate } from '@tanstack/react-router';
import { ClipboardList } from 'lucide-react';
import type { FormEvent } from 'react';
import { displayName } from '../../../shared/auth.ts';
import { AssignPlanSchema, NO_MANAGER, toIsoDate } from '../../../shared/onboarding.ts';
import type { Role } from '../../../shared/roles.ts';
import { notify, notifyError } from '../../lib/notify.ts';
import { InputField, SelectField } from './form-fields.tsx';
import { notifyPlanLimit } from './limit-toast.ts';
import { Modal } from './modal.tsx';
import { isLimitReached, useActiveTemplates, useAssignPlan, useTeamMembers } from './plan-queries.ts';
import { useForm } from './use-form.ts';

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
      onError: (error) => {
        if (isLimitReached(error)) notifyPlanLimit(() => void navigate({ to: '/subscription' }));
        else if (!form.showServerIssues(error)) notifyError(error, 'Error', 'Failed to assign onboarding plan. Please try again.');
      },
    });
  }

  const loading = people.isPending || templates.isPending;
  return (
    <form onSubmit={onSubmit} noValidate>
      {loading && <span className="loading loading-dots loading-md text-primary" aria-label="Loading choices" />}
      <SelectField
        label="User"
        value={form.values.newHireId}
        onChange={(value) => form.set('newHireId', value)}
        placeholder={newHires.length ? 'Select a new hire' : 'No new hires yet: invite one first'}
        options={newHires.map((person) => ({ value: person.id, label: person.plan && !person.plan.isCompleted ? `${displayName(person)} (has an active plan)` : displayName(person) }))}
        error={form.error('newHireId')}
      />
      <SelectField
        label="Template"
        value={form.values.templateId}
        onChange={(value) => form.set('templateId', value)}
        placeholder={templates.data?.length ? 'Select a template' : 'No active templates yet'}
        options={(templates.data ?? []).map((template) => ({ value: template.id, label: `${template.title} (${template.duration} days)` }))}
        error={form.error('templateId')}
      />
      <InputField label="Start date" type="date" value={form.values.startDate} onChange={(value) => form.set('startDate', value)} error={form.error('startDate')} />
      {currentUser.role === 'admin' ? (
        <SelectField
          label="Manager (optional)"
          value={form.values.managerId}
          onChange={(value) => form.set('managerId', value)}
          options={[{ value: NO_MANAGER, label: 'No manager' }, ...managers.map((person) => ({ value: person.id, label: displayName(person) }))]}
        />
      ) : (
        <p className="mt-2 text-sm text-base-content/70">You will be this plan’s manager.</p>
      )}
      <div className="modal-action">
        <button type="button" className="btn" onClick={onDone} disabled={assign.isPending}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={assign.isPending}>
          {assign.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : <ClipboardList className="size-4" aria-hidden="true" />}
          Assign Plan
        </button>
      </div>
    </form>
  );
}
