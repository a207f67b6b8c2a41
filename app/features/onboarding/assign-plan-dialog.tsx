// 'Assign Existing User to Onboarding' (spec section 5): a new hire, an active template, a start date, a
// manager, a buddy. With an offboarding template the person is anyone in the company who is leaving.
import { ClipboardList } from 'lucide-react';
import { useState } from 'react';
import { displayName } from '../../../shared/auth.ts';
import { NO_MANAGER } from '../../../shared/onboarding-requests.ts';
import { toIsoDate } from '../../../shared/plan-calendar.ts';
import { isStaff, type Role } from '../../../shared/roles.ts';
import { SelectField, TextField } from '../../components/forms/fields.tsx';
import { ManagerField } from '../../components/forms/manager-field.tsx';
import { DialogActions, Modal } from '../../components/ui/modal.tsx';
import { PendingButton } from '../../components/ui/pending-button.tsx';
import { useActiveTemplates } from '../../lib/api/get-templates.ts';
import { useTeamMembers } from '../../lib/api/get-team-members.ts';
import { BuddyField } from './buddy-field.tsx';
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
    { newHireId: '', templateId: '', startDate: toIsoDate(new Date()), managerId: NO_MANAGER, buddyId: NO_MANAGER },
    { fallback: 'Failed to assign the plan. Please try again.', onAssigned: onDone },
  );

  const offboarding = templates.data?.find((template) => template.id === form.values.templateId)?.kind === 'offboarding';
  // Onboarding is for new hires; anyone in the company may be leaving.
  const candidates = (people.data ?? []).filter((person) => person.id !== currentUser.id && (offboarding || person.role === 'new_hire'));
  const managers = (people.data ?? []).filter((person) => isStaff(person.role));

  function chooseTemplate(templateId: string) {
    form.set('templateId', templateId);
    const nextIsOffboarding = templates.data?.find((template) => template.id === templateId)?.kind === 'offboarding';
    const stillOffered = (people.data ?? []).some((person) => person.id === form.values.newHireId && (nextIsOffboarding || person.role === 'new_hire'));
    if (!stillOffered) form.set('newHireId', '');
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      {(people.isPending || templates.isPending) && (
        <p className="flex items-center gap-2 text-sm text-base-content/70" role="status">
          <span className="loading loading-spinner loading-xs" aria-hidden="true" /> Loading people and templates…
        </p>
      )}
      <SelectField
        label={offboarding ? 'Person leaving' : 'User'}
        {...form.field('newHireId')}
        placeholder={candidates.length ? (offboarding ? 'Select the person who is leaving' : 'Select a new hire') : 'No new hires yet: invite one first'}
        options={candidates.map((person) => ({
          value: person.id,
          label: person.plan && !person.plan.isCompleted ? `${displayName(person)} (has an active plan)` : displayName(person),
        }))}
      />
      <TemplateField
        label="Template"
        {...form.field('templateId')}
        onChange={chooseTemplate}
        templates={templates.data}
        placeholder={templates.data?.length ? 'Select a template' : 'No active templates yet'}
      />
      {offboarding && (
        <p className="mt-1 text-sm text-base-content/70" role="status">
          Offboarding: a plan for someone who is leaving (access, hardware, exit interview).
        </p>
      )}
      <TextField label={offboarding ? 'Offboarding starts on' : 'Start date'} type="date" {...form.field('startDate')} />
      {currentUser.role === 'admin' ? (
        <ManagerField label="Manager (optional)" {...form.field('managerId')} managers={managers} />
      ) : (
        <p className="mt-2 text-sm text-base-content/70">You will be this plan’s manager.</p>
      )}
      <BuddyField {...form.field('buddyId')} people={people.data} personId={form.values.newHireId} />
      <DialogActions
        onCancel={onDone}
        cancelDisabled={pending}
        confirm={
          <PendingButton type="submit" pending={pending} icon={<ClipboardList className="size-4" aria-hidden="true" />}>
            {offboarding ? 'Assign Offboarding' : 'Assign Plan'}
          </PendingButton>
        }
      />
    </form>
  );
}
