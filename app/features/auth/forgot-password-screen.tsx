import { Link } from '@tanstack/react-router';
import { useMutation } from '@tanstack/react-query';
import { ArrowLeft, MailCheck, Send } from 'lucide-react';
import type { FormEvent } from 'react';
import { ForgotPasswordSchema, type ForgotPassword } from '../../../shared/auth.ts';
import { notify, notifyError } from '../../lib/notify.ts';
import { authApi } from './auth-api.ts';
import { AuthLayout } from './auth-layout.tsx';
import { TextField } from '../../components/forms/fields.tsx';
import { useForm } from '../../components/forms/use-form.ts';
import { PendingButton } from '../../components/ui/pending-button.tsx';

const backToLogin = (
  <Link to="/login" className="link link-hover inline-flex items-center gap-1">
    <ArrowLeft className="size-4" aria-hidden="true" /> Back to sign in
  </Link>
);

export function ForgotPasswordScreen() {
  const form = useForm(ForgotPasswordSchema, { email: '' }, { validateOnBlur: true });
  const request = useMutation({
    mutationFn: (body: ForgotPassword) => authApi.forgotPassword(body),
    meta: { allowSignedOut: true },
    onSuccess: () => notify.success('Password reset email sent', 'Check your email for password reset instructions.'),
    onError: (error) => {
      form.showServerIssues(error);
      notifyError(error, 'Password reset failed');
    },
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body = form.submit(ForgotPasswordSchema);
    if (body) request.mutate(body);
  }

  if (request.isSuccess) {
    return (
      <AuthLayout title="Check your email" footer={backToLogin}>
        <div className="flex flex-col items-center gap-3 text-center">
          <MailCheck className="size-12 text-success" aria-hidden="true" />
          <p>
            If an account exists for <strong className="break-all">{request.variables.email}</strong>, we sent it a link to reset the password. The link works for one hour.
          </p>
          <p className="text-sm text-base-content/70">Can't find it? Check your spam or junk folder, or try again in a few minutes.</p>
          <Link to="/login" className="btn btn-primary w-full">
            Back to sign in
          </Link>
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => request.reset()}>
            Use a different email
          </button>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Forgot your password?" subtitle="Enter your email and we'll send you a link to choose a new one." footer={backToLogin}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-1">
        <TextField {...form.field('email')} reserveErrorLine label="Email" type="email" autoComplete="email" inputMode="email" />
        <PendingButton type="submit" pending={request.isPending} className="mt-3 w-full" icon={<Send className="size-4" aria-hidden="true" />}>
          {request.isPending ? 'Sending...' : 'Send reset link'}
        </PendingButton>
      </form>
    </AuthLayout>
  );
}
