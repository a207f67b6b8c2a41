import { Link } from '@tanstack/react-router';
import { useMutation } from '@tanstack/react-query';
import { CircleCheck, KeyRound, LinkIcon } from 'lucide-react';
import { useEffect, useRef, type FormEvent } from 'react';
import { ResetPasswordFormSchema, type ResetPassword } from '../../../shared/auth.ts';
import { ApiError } from '../../lib/api-client.ts';
import { notify, notifyError } from '../../lib/notify.ts';
import { authApi } from './auth-api.ts';
import { AuthLayout } from './auth-layout.tsx';
import { PasswordField } from '../../components/forms/fields.tsx';
import { useForm } from '../../components/forms/use-form.ts';
import { PendingButton } from '../../components/ui/pending-button.tsx';

/** /reset-password: a reset link, or (with invite) an invited person's first password. */
export function ResetPasswordScreen({ token, invite }: { token?: string; invite: boolean }) {
  if (!token) return <InvalidLink />;
  return <ResetForm token={token} invite={invite} />;
}

function InvalidLink() {
  const shown = useRef(false);
  useEffect(() => {
    if (shown.current) return;
    shown.current = true;
    notify.error('Invalid reset link', 'This password reset link is invalid or expired.');
  }, []);
  return (
    <AuthLayout title="Invalid Reset Link">
      <div className="flex flex-col items-center gap-4 text-center">
        <LinkIcon className="size-12 text-error" aria-hidden="true" />
        <p className="text-base-content/70">This password reset link is invalid or expired. Ask for a new one and use it within an hour.</p>
        <Link to="/forgot-password" className="btn btn-primary w-full">
          Request a new link
        </Link>
      </div>
    </AuthLayout>
  );
}

function ResetForm({ token, invite }: { token: string; invite: boolean }) {
  const form = useForm(ResetPasswordFormSchema, { password: '', confirmPassword: '' }, { validateOnBlur: true });
  const reset = useMutation({
    mutationFn: (body: ResetPassword) => authApi.resetPassword(body),
    meta: { allowSignedOut: true },
    onSuccess: () =>
      invite
        ? notify.success('Password set', 'Your account is ready. You can now sign in.')
        : notify.success('Password reset successful', 'Your password has been updated. You can now sign in.'),
    onError: (error) => {
      form.showServerIssues(error);
      notifyError(error, 'Password reset failed');
    },
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body = form.submit(ResetPasswordFormSchema);
    if (body) reset.mutate({ token, password: body.password });
  }

  if (reset.isSuccess) {
    return (
      <AuthLayout title={invite ? 'Your Password Is Set' : 'Password Reset Complete'}>
        <div className="flex flex-col items-center gap-4 text-center">
          <CircleCheck className="size-12 text-success" aria-hidden="true" />
          <p className="text-base-content/70">
            {invite ? 'Welcome aboard! Sign in with your email and new password.' : 'Your password has been updated. Sign in with your new password.'}
          </p>
          <Link to="/login" className="btn btn-primary w-full">
            Sign In Now
          </Link>
        </div>
      </AuthLayout>
    );
  }

  const failed = reset.isError && !(reset.error instanceof ApiError && reset.error.issues.length > 0);
  return (
    <AuthLayout
      title={invite ? 'Welcome to Kickoff — set your password' : 'Choose a new password'}
      subtitle={invite ? 'You were invited to join your team on Kickoff. Choose a password to finish setting up your account.' : 'Pick a password you do not use anywhere else.'}
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-1">
        {failed && (
          <div role="alert" className="alert alert-error alert-soft text-sm">
            <span>
              {reset.error.message}{' '}
              {!invite && (
                <Link to="/forgot-password" className="link font-medium">
                  Request a new link
                </Link>
              )}
            </span>
          </div>
        )}
        <PasswordField {...form.field('password')} reserveErrorLine label="New password" autoComplete="new-password" />
        <PasswordField {...form.field('confirmPassword')} reserveErrorLine label="Confirm password" autoComplete="new-password" />
        <p className="text-sm text-base-content/70">At least 8 characters.</p>
        <PendingButton type="submit" pending={reset.isPending} className="mt-3 w-full" icon={<KeyRound className="size-4" aria-hidden="true" />}>
          {reset.isPending ? 'Saving...' : invite ? 'Set password' : 'Reset password'}
        </PendingButton>
      </form>
    </AuthLayout>
  );
}
