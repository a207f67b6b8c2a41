// /profile: the signed-in person's name and photo, what the route adds (their notifications), and their password.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { KeyRound, Save } from 'lucide-react';
import type { FormEvent, ReactNode } from 'react';
import { ChangePasswordFormSchema, ProfileSchema, type ChangePassword, type Profile, type SessionUser } from '../../../shared/auth.ts';
import { PROFILE_PHOTO_SOURCES, safeProfilePhoto } from '../../../shared/links.ts';
import { ROLE_LABELS } from '../../../shared/roles.ts';
import { notify, notifyError } from '../../lib/notify.ts';
import { authApi } from './auth-api.ts';
import { PasswordField, TextField } from '../../components/forms/fields.tsx';
import { useForm } from '../../components/forms/use-form.ts';
import { PasswordChecklist } from './password-checklist.tsx';
import { CURRENT_USER_KEY, rememberCurrentUser, useSignedInUser } from '../../lib/api/get-current-user.ts';
import { Avatar } from './user-menu.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { PendingButton } from '../../components/ui/pending-button.tsx';

/** `notifications`, `twoFactor`, `passkeys`, `sessions`: the reminders, two-factor, passkeys and active-sessions sections the route composes in (other features'). */
export function ProfileScreen({
  notifications,
  twoFactor,
  passkeys,
  sessions,
}: { notifications?: ReactNode; twoFactor?: ReactNode; passkeys?: ReactNode; sessions?: ReactNode } = {}) {
  const user = useSignedInUser();
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <PageHeader title="Profile" description="How you appear to your team, what you are reminded of, and how you sign in." />
      <ProfileCard user={user} />
      {notifications}
      <PasswordCard />
      {twoFactor}
      {passkeys}
      {sessions}
    </div>
  );
}

function ProfileCard({ user }: { user: SessionUser }) {
  const queryClient = useQueryClient();
  const form = useForm(
    ProfileSchema,
    {
      fullName: user.fullName ?? '',
      profileImageUrl: user.profileImageUrl ?? '',
    },
    { validateOnBlur: true },
  );
  const save = useMutation({
    mutationFn: (body: Profile) => authApi.updateProfile(body),
    onSuccess: ({ user: updated }) => {
      queryClient.setQueryData(CURRENT_USER_KEY, updated);
      rememberCurrentUser(updated);
      notify.success('Profile updated');
    },
    onError: (error) => {
      form.showServerIssues(error);
      notifyError(error, 'Failed to update profile');
    },
  });
  const preview = {
    ...user,
    fullName: form.values.fullName || user.fullName,
    profileImageUrl: safeProfilePhoto(form.values.profileImageUrl.trim()),
  };

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body = form.submit(ProfileSchema);
    if (body) save.mutate(body);
  }

  return (
    <section className="card bg-base-100 shadow-sm" aria-labelledby="profile-details">
      <form className="card-body" onSubmit={onSubmit} noValidate>
        <h2 id="profile-details" className="card-title">
          Your details
        </h2>
        <div className="flex items-center gap-4 py-2">
          <Avatar user={preview} size="size-16" />
          <dl className="min-w-0 text-sm">
            <dt className="sr-only">Email</dt>
            <dd className="truncate font-medium">{user.email}</dd>
            <dt className="sr-only">Role and company</dt>
            <dd className="text-base-content/70">
              {ROLE_LABELS[user.role]} · {user.company.name}
            </dd>
            <dt className="sr-only">Email status</dt>
            <dd>
              <span className={`badge badge-sm mt-1 ${user.isEmailVerified ? 'badge-success' : 'badge-warning'}`}>{user.isEmailVerified ? 'Verified' : 'Unverified'}</span>
            </dd>
          </dl>
        </div>
        <TextField {...form.field('fullName')} reserveErrorLine label="Full name" autoComplete="name" />
        <TextField
          {...form.field('profileImageUrl')}
          reserveErrorLine
          label="Photo URL"
          type="url"
          inputMode="url"
          placeholder="https://..."
          hint={`A link to a square image on ${PROFILE_PHOTO_SOURCES}. Leave empty to show your initials.`}
        />
        <div className="card-actions justify-end pt-2">
          <PendingButton type="submit" pending={save.isPending} icon={<Save className="size-4" aria-hidden="true" />}>
            Save changes
          </PendingButton>
        </div>
      </form>
    </section>
  );
}

function PasswordCard() {
  const form = useForm(ChangePasswordFormSchema, { currentPassword: '', newPassword: '', confirmPassword: '' }, { validateOnBlur: true });
  const change = useMutation({
    mutationFn: (body: ChangePassword) => authApi.changePassword(body),
    onSuccess: () => {
      form.reset();
      notify.success('Password changed', 'Your other devices have been signed out.');
    },
    onError: (error) => {
      form.showServerIssues(error);
      notifyError(error, 'Failed to change password');
    },
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body = form.submit(ChangePasswordFormSchema);
    if (body)
      change.mutate({
        currentPassword: body.currentPassword,
        newPassword: body.newPassword,
      });
  }

  return (
    <section className="card bg-base-100 shadow-sm" aria-labelledby="profile-password">
      <form className="card-body" onSubmit={onSubmit} noValidate>
        <h2 id="profile-password" className="card-title">
          Change password
        </h2>
        <p className="text-sm text-base-content/70">You stay signed in here; every other device is signed out.</p>
        <PasswordField {...form.field('currentPassword')} reserveErrorLine label="Current password" autoComplete="current-password" />
        <PasswordField
          {...form.field('newPassword')}
          reserveErrorLine
          label="New password"
          autoComplete="new-password"
          hint={<PasswordChecklist password={form.values.newPassword} />}
        />
        <PasswordField {...form.field('confirmPassword')} reserveErrorLine label="Confirm new password" autoComplete="new-password" />
        <div className="card-actions justify-end pt-2">
          <PendingButton type="submit" pending={change.isPending} icon={<KeyRound className="size-4" aria-hidden="true" />}>
            Change password
          </PendingButton>
        </div>
      </form>
    </section>
  );
}
