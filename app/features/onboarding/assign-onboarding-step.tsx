// The invite flow's second step (spec section 5): an onboarding plan for the person just invited, or Skip for Now.
import { Link } from '@tanstack/react-router';
import { ArrowRight, ClipboardList } from 'lucide-react';
import { NO_MANAGER, toIsoDate } from '../../../shared/onboarding.ts';
import type { Role } from '../../../shared/roles.ts';
import type { InvitedUser } from '../../../shared/team.ts';
import { TextField } from '../../components/forms/fields.tsx';
import { ManagerField } from '../../components/forms/manager-field.tsx';
import { PendingButton } from '../../components/ui/pending-button.tsx';
import { useManagers } from '../../lib/api/get-managers.ts';
import { useActiveTemplates } from '../../lib/api/get-templates.ts';
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
  const managers = useManagers(isAdmin);
  const { form, pending, onSubmit } = useAssignPlanForm(
    { newHireId: invited.id, templateId: '', startDate: toIsoDate(new Date()), managerId: invited.managerId ?? NO_MANAGER },
    { fallback: 'Failed to create onboarding plan. Please try again.', onAssigned: () => onDone(true) },
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <h2 className="card-title">
        <ClipboardList className="size-5 text-primary" aria-hidden="true" /> Assign Onboarding
      </h2>
      <p className="text-sm text-base-content/70">Pick the onboarding plan for {invited.email}. Tasks get due dates from the start date.</p>
      {templates.isSuccess && templates.data.length === 0 && (
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
        templates={templates.data}
        placeholder={templates.isPending ? 'Loading templates…' : 'Select a template'}
      />
      <TextField label="Start date" type="date" {...form.field('startDate')} />
      {isAdmin && <ManagerField label="Manager (optional)" {...form.field('managerId')} managers={managers.data ?? []} />}
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
