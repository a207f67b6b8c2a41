// /invite (spec sections 2, 4, 5, 8): Send Invitation -> Assign Onboarding (new hires only) -> Complete.
import { Link, useNavigate } from '@tanstack/react-router';
import { ArrowRight, CircleCheckBig, ClipboardList, MailPlus, UserPlus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { displayName } from '../../../shared/auth.ts';
import { ALREADY_EXISTS } from '../../../shared/errors.ts';
import { AssignPlanSchema, NO_MANAGER, toIsoDate } from '../../../shared/onboarding.ts';
import type { Role } from '../../../shared/roles.ts';
import { InviteSchema, type InvitedUser } from '../../../shared/team.ts';
import { InputField, SelectField } from '../../components/plans/form-fields.tsx';
import { notifyPlanLimit } from '../../components/plans/limit-toast.ts';
import { isLimitReached, useActiveTemplates, useAssignPlan, useManagers } from '../../components/plans/plan-queries.ts';
import { useForm } from '../../components/plans/use-form.ts';
import { AccessDenied } from '../../components/ui/access-denied.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { notify, notifyError } from '../../lib/notify.ts';
import { useInviteUser } from './team-queries.ts';

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
      <header>
        <h1 className="text-2xl font-bold">Invite Team Member</h1>
        <p className="text-base-content/70">Send an invitation, then start their onboarding straight away.</p>
      </header>
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
  const form = useForm(InviteSchema, { email: '', role: isAdmin ? '' : 'new_hire', managerId: NO_MANAGER });
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
          notify.error('Upgrade Required', error.message, { label: 'Upgrade Plan', onClick: () => void navigate({ to: '/subscription' }) });
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
      <InputField label="Email address" type="email" autoComplete="off" placeholder="name@company.com" value={form.values.email} onChange={(value) => form.set('email', value)} error={form.error('email')} />
      <SelectField
        label="Role"
        value={form.values.role}
        onChange={(value) => {
          form.set('role', value);
          if (value === 'manager') form.set('managerId', NO_MANAGER);
        }}
        placeholder="Select a role"
        options={roleOptions}
        error={form.error('role')}
      />
      {form.values.role === 'new_hire' &&
        (isAdmin ? (
          <SelectField
            label="Manager (optional)"
            value={form.values.managerId}
            onChange={(value) => form.set('managerId', value)}
            options={[{ value: NO_MANAGER, label: 'No manager' }, ...(managers.data ?? []).map((person) => ({ value: person.id, label: displayName(person) }))]}
          />
        ) : (
          <p className="mt-2 text-sm text-base-content/70">You will be their manager.</p>
        ))}
      <div className="card-actions mt-4 justify-end">
        <button type="submit" className="btn btn-primary" disabled={invite.isPending}>
          {invite.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : <MailPlus className="size-4" aria-hidden="true" />}
          Send Invitation
        </button>
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
      onError: (error) => {
        if (isLimitReached(error)) notifyPlanLimit(() => void navigate({ to: '/subscription' }));
        else if (!form.showServerIssues(error)) notifyError(error, 'Error', 'Failed to create onboarding plan. Please try again.');
      },
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
            There are no active templates yet. <Link to="/templates/new" className="link">Create a template</Link>, or skip for now and assign one later from the Team page.
          </span>
        </div>
      )}
      <SelectField
        label="Onboarding template"
        value={form.values.templateId}
        onChange={(value) => form.set('templateId', value)}
        placeholder={templates.isPending ? 'Loading templates…' : 'Select a template'}
        options={(templates.data ?? []).map((template) => ({ value: template.id, label: `${template.title} (${template.duration} days)` }))}
        error={form.error('templateId')}
      />
      <InputField label="Start date" type="date" value={form.values.startDate} onChange={(value) => form.set('startDate', value)} error={form.error('startDate')} />
      {isAdmin && (
        <SelectField
          label="Manager (optional)"
          value={form.values.managerId}
          onChange={(value) => form.set('managerId', value)}
          options={[{ value: NO_MANAGER, label: 'No manager' }, ...(managers.data ?? []).map((person) => ({ value: person.id, label: displayName(person) }))]}
        />
      )}
      <div className="card-actions mt-4 justify-end">
        <button type="button" className="btn btn-ghost" onClick={() => onDone(false)} disabled={assign.isPending}>
          Skip for Now
        </button>
        <button type="submit" className="btn btn-primary" disabled={assign.isPending}>
          {assign.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : <ArrowRight className="size-4" aria-hidden="true" />}
          Assign Plan
        </button>
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
        <Link to="/team" className="btn btn-ghost">
          Go to Team
        </Link>
      </div>
    </div>
  );
}
