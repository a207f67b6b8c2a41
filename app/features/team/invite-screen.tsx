// /invite (admin and manager, checked by its route; spec sections 2, 4, 5, 8): Send Invitation ->
// Assign Onboarding (new hires only) -> Complete.
import { Link, useNavigate } from '@tanstack/react-router';
import { CircleCheckBig, MailPlus, UserPlus } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { ERROR_CODE } from '../../../shared/errors.ts';
import { NO_MANAGER } from '../../../shared/onboarding-requests.ts';
import type { Role } from '../../../shared/roles.ts';
import { InviteSchema, type InvitedUser } from '../../../shared/team.ts';
import { SelectField, TextField } from '../../components/forms/fields.tsx';
import { ManagerField } from '../../components/forms/manager-field.tsx';
import { useForm } from '../../components/forms/use-form.ts';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { PendingButton } from '../../components/ui/pending-button.tsx';
import { useManagers } from '../../lib/api/get-managers.ts';
import { hasErrorCode } from '../../lib/errors.ts';
import { notify, notifyError } from '../../lib/notify.ts';
import { useInviteUser } from './api/invite-user.ts';

type Step = 'invite' | 'onboarding' | 'complete';
const STEPS: { id: Step; label: string }[] = [
  { id: 'invite', label: 'Send Invitation' },
  { id: 'onboarding', label: 'Assign Onboarding' },
  { id: 'complete', label: 'Complete' },
];

export type InviteScreenProps = {
  currentUser: { id: string; role: Role };
  /** The Assign Onboarding step (the onboarding feature's, handed in by the route); `onDone(false)` skips it. */
  renderAssignStep: (invited: InvitedUser, onDone: (planAssigned: boolean) => void) => ReactNode;
};

export function InviteScreen({ currentUser, renderAssignStep }: InviteScreenProps) {
  const [step, setStep] = useState<Step>('invite');
  const [invited, setInvited] = useState<(InvitedUser & { planAssigned?: boolean }) | null>(null);
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
          {step === 'onboarding' &&
            invited &&
            renderAssignStep(invited, (planAssigned) => {
              setInvited({ ...invited, planAssigned });
              setStep('complete');
            })}
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
        if (hasErrorCode(error, ERROR_CODE.planLimitReached)) {
          notify.error('Upgrade Required', error.message, {
            label: 'Upgrade Plan',
            onClick: () => void navigate({ to: '/subscription' }),
          });
        } else if (hasErrorCode(error, ERROR_CODE.emailTaken, ERROR_CODE.alreadyExists)) {
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
          <ManagerField label="Manager (optional)" {...form.field('managerId')} managers={managers.data ?? []} />
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
