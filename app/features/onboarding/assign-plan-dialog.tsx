// 'Assign Existing User to Onboarding' (spec section 5): a new hire, an active template, a start date, a manager.
import { ClipboardList } from 'lucide-react';
import { useState } from 'react';
import { displayName } from '../../../shared/auth.ts';
import { NO_MANAGER, toIsoDate } from '../../../shared/onboarding.ts';
import { isStaff, type Role } from '../../../shared/roles.ts';
import { SelectField, TextField } from '../../components/forms/fields.tsx';
import { ManagerField } from '../../components/forms/manager-field.tsx';
import { DialogActions, Modal } from '../../components/ui/modal.tsx';
import { PendingButton } from '../../components/ui/pending-button.tsx';
import { useActiveTemplates } from '../../lib/api/get-templates.ts';
import { useTeamMembers } from '../../lib/api/get-team-members.ts';
import { TemplateField } from './template-field.tsx';
import { useAssignPlanForm } from './use-assign-plan-form.ts';

type Viewer = { id: string; role: Role };

/** The button and the dialog it opens (the Team page, the admin dashboard). */
export function AssignPlanButton({ currentUser }: { currentUser: Viewer }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn btn-outline" onClick={() => setOpen(true)}>
        <ClipboardList className="size-4" aria-hidden="true" />
        Assign Existing User to Onboarding
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title="Assign Existing User to Onboarding" description="Start an onboarding plan for someone already on your team.">
        <AssignPlanForm onDone={() => setOpen(false)} currentUser={currentUser} />
      </Modal>
    </>
  );
}

function AssignPlanForm({ onDone, currentUser }: { onDone: () => void; currentUser: Viewer }) {
  const people = useTeamMembers();
  const templates = useActiveTemplates();
  const { form, pending, onSubmit } = useAssignPlanForm(
    { newHireId: '', templateId: '', startDate: toIsoDate(new Date()), managerId: NO_MANAGER },
    { fallback: 'Failed to assign onboarding plan. Please try again.', onAssigned: onDone },
  );

  const newHires = (people.data ?? []).filter((person) => person.id !== currentUser.id && person.role === 'new_hire');
  const managers = (people.data ?? []).filter((person) => isStaff(person.role));

  return (
    <form onSubmit={onSubmit} noValidate>
      {(people.isPending || templates.isPending) && (
        <p className="flex items-center gap-2 text-sm text-base-content/70" role="status">
          <span className="loading loading-spinner loading-xs" aria-hidden="true" /> Loading people and templates…
        </p>
      )}
      <SelectField
        label="User"
        {...form.field('newHireId')}
        placeholder={newHires.length ? 'Select a new hire' : 'No new hires yet: invite one first'}
        options={newHires.map((person) => ({
          value: person.id,
          label: person.plan && !person.plan.isCompleted ? `${displayName(person)} (has an active plan)` : displayName(person),
        }))}
      />
      <TemplateField
        label="Template"
        {...form.field('templateId')}
        templates={templates.data}
        placeholder={templates.data?.length ? 'Select a template' : 'No active templates yet'}
      />
      <TextField label="Start date" type="date" {...form.field('startDate')} />
      {currentUser.role === 'admin' ? (
        <ManagerField label="Manager (optional)" {...form.field('managerId')} managers={managers} />
      ) : (
        <p className="mt-2 text-sm text-base-content/70">You will be this plan’s manager.</p>
      )}
      <DialogActions
        onCancel={onDone}
        cancelDisabled={pending}
        confirm={
          <PendingButton type="submit" pending={pending} icon={<ClipboardList className="size-4" aria-hidden="true" />}>
            Assign Plan
          </PendingButton>
        }
      />
    </form>
  );
}
