// /profile: the signed-in person's name and photo, and their password.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { KeyRound, Save } from 'lucide-react';
import type { FormEvent } from 'react';
import { ChangePasswordFormSchema, ProfileSchema, type ChangePassword, type Profile, type SessionUser } from '../../../shared/auth.ts';
import { ROLE_LABELS } from '../../../shared/roles.ts';
import { ApiError } from '../../lib/api-client.ts';
import { notify, notifyError } from '../../lib/notify.ts';
import { authApi } from './auth-api.ts';
import { PasswordField, TextField } from './form-fields.tsx';
import { PasswordChecklist } from './password-checklist.tsx';
import { CURRENT_USER_KEY, useCurrentUser } from './use-current-user.ts';
import { useSchemaForm } from './use-schema-form.ts';
import { Avatar } from './user-menu.tsx';

export function ProfileScreen() {
  const { data: user } = useCurrentUser();
  if (!user) return null; // the _app layout only renders this once signed in
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <header>
        <h1 className="text-2xl font-bold">Profile</h1>
        <p className="text-base-content/70">How you appear to your team, and how you sign in.</p>
      </header>
      <ProfileCard user={user} />
      <PasswordCard />
    </div>
  );
}

function ProfileCard({ user }: { user: SessionUser }) {
  const queryClient = useQueryClient();
  const form = useSchemaForm(ProfileSchema, { fullName: user.fullName ?? '', profileImageUrl: user.profileImageUrl ?? '' });
  const save = useMutation({
    mutationFn: (body: Profile) => authApi.updateProfile(body),
    onSuccess: ({ user: updated }) => {
      queryClient.setQueryData(CURRENT_USER_KEY, updated);
      localStorage.setItem('kickoff:user', JSON.stringify(updated));
      notify.success('Profile updated');
    },
    onError: (error) => {
      if (error instanceof ApiError) form.showServerIssues(error.issues);
      notifyError(error, 'Failed to update profile');
    },
  });
  const preview = { ...user, fullName: form.values.fullName || user.fullName, profileImageUrl: form.values.profileImageUrl.startsWith('https://') ? form.values.profileImageUrl : null };

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
              <span className={`badge badge-sm mt-1 ${user.isEmailVerified ? 'badge-success' : 'badge-warning'}`}>
                {user.isEmailVerified ? 'Verified' : 'Unverified'}
              </span>
            </dd>
          </dl>
        </div>
        <TextField form={form} name="fullName" label="Full name" autoComplete="name" />
        <TextField
          form={form}
          name="profileImageUrl"
          label="Photo URL"
          type="url"
          inputMode="url"
          placeholder="https://..."
          hint={<p className="text-sm text-base-content/60">A link to a square image. Leave empty to show your initials.</p>}
        />
        <div className="card-actions justify-end pt-2">
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {save.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : <Save className="size-4" aria-hidden="true" />}
            Save changes
          </button>
        </div>
      </form>
    </section>
  );
}

function PasswordCard() {
  const form = useSchemaForm(ChangePasswordFormSchema, { currentPassword: '', newPassword: '', confirmPassword: '' });
  const change = useMutation({
    mutationFn: (body: ChangePassword) => authApi.changePassword(body),
    onSuccess: () => {
      form.reset();
      notify.success('Password changed', 'Your other devices have been signed out.');
    },
    onError: (error) => {
      if (error instanceof ApiError) form.showServerIssues(error.issues);
      notifyError(error, 'Failed to change password');
    },
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body = form.submit(ChangePasswordFormSchema);
    if (body) change.mutate({ currentPassword: body.currentPassword, newPassword: body.newPassword });
  }

  return (
    <section className="card bg-base-100 shadow-sm" aria-labelledby="profile-password">
      <form className="card-body" onSubmit={onSubmit} noValidate>
        <h2 id="profile-password" className="card-title">
          Change password
        </h2>
        <p className="text-sm text-base-content/70">You stay signed in here; every other device is signed out.</p>
        <PasswordField form={form} name="currentPassword" label="Current password" autoComplete="current-password" />
        <PasswordField
          form={form}
          name="newPassword"
          label="New password"
          autoComplete="new-password"
          hint={<PasswordChecklist password={form.values.newPassword} />}
        />
        <PasswordField form={form} name="confirmPassword" label="Confirm new password" autoComplete="new-password" />
        <div className="card-actions justify-end pt-2">
          <button type="submit" className="btn btn-primary" disabled={change.isPending}>
            {change.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : <KeyRound className="size-4" aria-hidden="true" />}
            Change password
          </button>
        </div>
      </form>
    </section>
  );
}
