// The invite flow's second step (spec section 5): an onboarding plan for the person just invited, with an
// optional buddy, or Skip for Now. Only onboarding templates: someone just invited is joining, not leaving.
import { Link } from '@tanstack/react-router';
import { ArrowRight, ClipboardList } from 'lucide-react';
import { NO_MANAGER } from '../../../shared/onboarding-requests.ts';
import { toIsoDate } from '../../../shared/plan-calendar.ts';
import type { Role } from '../../../shared/roles.ts';
import type { InvitedUser } from '../../../shared/team.ts';
import { TextField } from '../../components/forms/fields.tsx';
import { ManagerField } from '../../components/forms/manager-field.tsx';
import { PendingButton } from '../../components/ui/pending-button.tsx';
import { useManagers } from '../../lib/api/get-managers.ts';
import { useActiveTemplates } from '../../lib/api/get-templates.ts';
import { useTeamMembers } from '../../lib/api/get-team-members.ts';
import { BuddyField } from './buddy-field.tsx';
import { TemplateField } from './template-field.tsx';
import { useAssignPlanForm } from './use-assign-plan-form.ts';

export type AssignOnboardingStepProps = {
  currentUser: { id: string; role: Role };
  invited: InvitedUser;
  /** Whether a plan was assigned (false: skipped). */
  onDone: (planAssigned: boolean) => void;
};

export function AssignOnboardingStep({ currentUser, invited, onDone }: AssignOnboardingStepProps) {
  const isAdmin = currentUser.role === 'admin';
  const templates = useActiveTemplates();
  const onboardingTemplates = templates.data?.filter((template) => template.kind === 'onboarding');
  const managers = useManagers(isAdmin);
  const people = useTeamMembers();
  const { form, pending, onSubmit } = useAssignPlanForm(
    { newHireId: invited.id, templateId: '', startDate: toIsoDate(new Date()), managerId: invited.managerId ?? NO_MANAGER, buddyId: NO_MANAGER },
    { fallback: 'Failed to create onboarding plan. Please try again.', onAssigned: () => onDone(true) },
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <h2 className="card-title">
        <ClipboardList className="size-5 text-primary" aria-hidden="true" /> Assign Onboarding
      </h2>
      <p className="text-sm text-base-content/70">Pick the onboarding plan for {invited.email}. Tasks get due dates from the start date.</p>
      {onboardingTemplates?.length === 0 && (
        <div role="status" className="alert alert-info alert-soft mt-3 text-sm">
          <span>
            There are no active templates yet.{' '}
            <Link to="/templates/new" className="link">
              Create a template
            </Link>
            , or skip for now and assign one later from the Team page.
          </span>
        </div>
      )}
      <TemplateField
        label="Onboarding template"
        {...form.field('templateId')}
        templates={onboardingTemplates}
        placeholder={templates.isPending ? 'Loading templates…' : 'Select a template'}
      />
      <TextField label="Start date" type="date" {...form.field('startDate')} />
      {isAdmin && <ManagerField label="Manager (optional)" {...form.field('managerId')} managers={managers.data ?? []} />}
      <BuddyField {...form.field('buddyId')} people={people.data} personId={invited.id} />
      <div className="card-actions mt-4 justify-end">
        <button type="button" className="btn btn-ghost" onClick={() => onDone(false)} disabled={pending}>
          Skip for Now
        </button>
        <PendingButton type="submit" pending={pending} icon={<ArrowRight className="size-4" aria-hidden="true" />}>
          Assign Plan
        </PendingButton>
      </div>
    </form>
  );
}
