// /invite (spec sections 2, 4, 5, 8): Send Invitation -> Assign Onboarding (new hires only) -> Complete.
import { Link, useNavigate } from '@tanstack/react-router';
import { ArrowRight, CircleCheckBig, ClipboardList, MailPlus, UserPlus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { ALREADY_EXISTS } from '../../../shared/errors.ts';
import { AssignPlanSchema, NO_MANAGER, toIsoDate } from '../../../shared/onboarding.ts';
import type { Role } from '../../../shared/roles.ts';
import { InviteSchema, type InvitedUser } from '../../../shared/team.ts';
import { SelectField, TextField } from '../../components/forms/fields.tsx';
import { useForm } from '../../components/forms/use-form.ts';
import { managerOptions, notifyPlanWriteError } from '../../components/plans/limit-toast.ts';
import { isLimitReached, useActiveTemplates, useAssignPlan, useManagers } from '../../components/plans/plan-queries.ts';
import { AccessDenied } from '../../components/ui/access-denied.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { notify, notifyError } from '../../lib/notify.ts';
import { useInviteUser } from './team-queries.ts';
import { PendingButton } from '../../components/ui/pending-button.tsx';

type Step = 'invite' | 'onboarding' | 'complete';
const STEPS: { id: Step; label: string }[] = [
  { id: 'invite', label: 'Send Invitation' },
  { id: 'onboarding', label: 'Assign Onboarding' },
  { id: 'complete', label: 'Complete' },
];

export type InviteScreenProps = { currentUser: { id: string; role: Role } };

export function InviteScreen({ currentUser }: InviteScreenProps) {
  const [step, setStep] = useState<Step>('invite');
  const [invited, setInvited] = useState<(InvitedUser & { planAssigned?: boolean }) | null>(null);
  if (currentUser.role === 'new_hire') return <AccessDenied message="You don't have permission to access this page." />;
  const stepIndex = STEPS.findIndex((item) => item.id === step);

  return (
    <section className="mx-auto flex max-w-2xl flex-col gap-6">
      <PageHeader title="Invite Team Member" description="Send an invitation, then start their onboarding straight away." />
      <ul className="steps w-full text-sm" aria-label="Invite progress">
        {STEPS.map((item, index) => (
          <li key={item.id} className={`step ${index <= stepIndex ? 'step-primary' : ''}`} aria-current={index === stepIndex ? 'step' : undefined}>
            {item.label}
          </li>
        ))}
      </ul>
      <div className="card bg-base-100 shadow-sm">
        <div className="card-body">
          {step === 'invite' && (
            <InviteStep
              currentUser={currentUser}
              onInvited={(user) => {
                setInvited(user);
                setStep(user.role === 'new_hire' ? 'onboarding' : 'complete');
              }}
            />
          )}
          {step === 'onboarding' && invited && (
            <OnboardingStep
              currentUser={currentUser}
              invited={invited}
              onDone={(planAssigned) => {
                setInvited({ ...invited, planAssigned });
                setStep('complete');
              }}
            />
          )}
          {step === 'complete' && invited && (
            <CompleteStep
              invited={invited}
              onInviteAnother={() => {
                setInvited(null);
                setStep('invite');
              }}
            />
          )}
        </div>
      </div>
    </section>
  );
}

function InviteStep({ currentUser, onInvited }: { currentUser: { id: string; role: Role }; onInvited: (user: InvitedUser) => void }) {
  const navigate = useNavigate();
  const isAdmin = currentUser.role === 'admin';
  const managers = useManagers(isAdmin);
  const invite = useInviteUser();
  const form = useForm(InviteSchema, {
    email: '',
    role: isAdmin ? '' : 'new_hire',
    managerId: NO_MANAGER,
  });
  const roleOptions = [...(isAdmin ? [{ value: 'manager', label: 'Manager' }] : []), { value: 'new_hire', label: 'New Hire' }];

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const input = form.submit(InviteSchema);
    if (!input) return;
    invite.mutate(input, {
      onSuccess: (user) => {
        notify.success(`Invitation sent to ${user.email}`);
        onInvited(user);
      },
      onError: (error) => {
        const message = error instanceof ApiError ? error.message.toLowerCase() : '';
        if (isLimitReached(error)) {
          notify.error('Upgrade Required', error.message, {
            label: 'Upgrade Plan',
            onClick: () => void navigate({ to: '/subscription' }),
          });
        } else if (message.includes(ALREADY_EXISTS) || message.includes('duplicate')) {
          notify.error('User Already Exists', 'A user with this email address already exists in your company.');
        } else if (!form.showServerIssues(error)) {
          notifyError(error, 'Error', 'Failed to invite user. Please try again.');
        }
      },
    });
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <h2 className="card-title">
        <MailPlus className="size-5 text-primary" aria-hidden="true" /> Send Invitation
      </h2>
      <p className="text-sm text-base-content/70">They get an email with a link to set their password and sign in.</p>
      <TextField label="Email address" type="email" autoComplete="off" placeholder="name@company.com" {...form.field('email')} />
      <SelectField
        label="Role"
        {...form.field('role')}
        onChange={(value) => {
          form.set('role', value);
          if (value === 'manager') form.set('managerId', NO_MANAGER);
        }}
        placeholder="Select a role"
        options={roleOptions}
      />
      {form.values.role === 'new_hire' &&
        (isAdmin ? (
          <SelectField
            label="Manager (optional)"
            {...form.field('managerId')}
            options={managerOptions(managers.data ?? [])}
          />
        ) : (
          <p className="mt-2 text-sm text-base-content/70">You will be their manager.</p>
        ))}
      <div className="card-actions mt-4 justify-end">
        <PendingButton type="submit" pending={invite.isPending} icon={<MailPlus className="size-4" aria-hidden="true" />}>
          Send Invitation
        </PendingButton>
      </div>
    </form>
  );
}

function OnboardingStep({ currentUser, invited, onDone }: { currentUser: { id: string; role: Role }; invited: InvitedUser; onDone: (planAssigned: boolean) => void }) {
  const navigate = useNavigate();
  const isAdmin = currentUser.role === 'admin';
  const templates = useActiveTemplates();
  const managers = useManagers(isAdmin);
  const assign = useAssignPlan();
  const form = useForm(AssignPlanSchema, {
    newHireId: invited.id,
    templateId: '',
    startDate: toIsoDate(new Date()),
    managerId: invited.managerId ?? NO_MANAGER,
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const input = form.submit(AssignPlanSchema);
    if (!input) return;
    assign.mutate(input, {
      onSuccess: () => {
        notify.success('Onboarding plan assigned successfully!');
        onDone(true);
      },
      onError: (error) =>
        notifyPlanWriteError(error, {
          showServerIssues: form.showServerIssues,
          fallback: 'Failed to create onboarding plan. Please try again.',
          goToSubscription: () => void navigate({ to: '/subscription' }),
        }),
    });
  }

  const noTemplates = templates.isSuccess && templates.data.length === 0;
  return (
    <form onSubmit={onSubmit} noValidate>
      <h2 className="card-title">
        <ClipboardList className="size-5 text-primary" aria-hidden="true" /> Assign Onboarding
      </h2>
      <p className="text-sm text-base-content/70">Pick the onboarding plan for {invited.email}. Tasks get due dates from the start date.</p>
      {noTemplates && (
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
      <SelectField
        label="Onboarding template"
        {...form.field('templateId')}
        placeholder={templates.isPending ? 'Loading templates…' : 'Select a template'}
        options={(templates.data ?? []).map((template) => ({
          value: template.id,
          label: `${template.title} (${template.duration} days)`,
        }))}
      />
      <TextField label="Start date" type="date" {...form.field('startDate')} />
      {isAdmin && (
        <SelectField
          label="Manager (optional)"
          {...form.field('managerId')}
          options={managerOptions(managers.data ?? [])}
        />
      )}
      <div className="card-actions mt-4 justify-end">
        <button type="button" className="btn btn-ghost" onClick={() => onDone(false)} disabled={assign.isPending}>
          Skip for Now
        </button>
        <PendingButton type="submit" pending={assign.isPending} icon={<ArrowRight className="size-4" aria-hidden="true" />}>
          Assign Plan
        </PendingButton>
      </div>
    </form>
  );
}

function CompleteStep({ invited, onInviteAnother }: { invited: InvitedUser & { planAssigned?: boolean }; onInviteAnother: () => void }) {
  return (
    <div className="flex flex-col items-center gap-3 py-4 text-center">
      <CircleCheckBig className="size-12 text-success" aria-hidden="true" />
      <h2 className="text-xl font-semibold">Invitation sent to {invited.email}</h2>
      <p className="text-base-content/70">
        {invited.planAssigned
          ? 'Their onboarding plan is ready and waiting for them when they sign in.'
          : invited.role === 'new_hire'
            ? 'You can assign an onboarding plan any time from the Team page.'
            : 'They can sign in as soon as they set their password.'}
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        <button type="button" className="btn btn-primary" onClick={onInviteAnother}>
          <UserPlus className="size-4" aria-hidden="true" />
          Invite Another
        </button>
        <Link to="/team" activeOptions={{ exact: true }} className="btn btn-ghost">
          Go to Team
        </Link>
      </div>
    </div>
  );
}
