import { Link } from '@tanstack/react-router';
import { useMutation } from '@tanstack/react-query';
import { ArrowLeft, UserPlus } from 'lucide-react';
import { lazy, Suspense, type FormEvent } from 'react';
import { SignUpSchema, type SignUp } from '../../../shared/auth.ts';
import { notify, notifyError } from '../../lib/notify.ts';
import { authApi, goHomeAfterSignIn } from './auth-api.ts';
import { AuthLayout } from './auth-layout.tsx';
import { PasswordField, TextField } from '../../components/forms/fields.tsx';
import { useForm } from '../../components/forms/use-form.ts';
import { PasswordChecklist } from './password-checklist.tsx';
import { PendingButton } from '../../components/ui/pending-button.tsx';
import { useUnsyncedPeople } from './use-unsynced-people.ts';

const UnsyncedChangesNotice = lazy(() => import('./unsynced-changes-notice.tsx').then((module) => ({ default: module.UnsyncedChangesNotice })));

/** Spec section 9: the redirect after sign-up waits 1.5 s so the welcome toast can be read. */
const REDIRECT_DELAY_MS = 1500;

export function SignupScreen() {
  const form = useForm(
    SignUpSchema,
    {
      fullName: '',
      email: '',
      password: '',
      companyName: '',
      companyAddress: '',
    },
    { validateOnBlur: true },
  );
  const unsynced = useUnsyncedPeople();
  const signUp = useMutation({
    mutationFn: (body: SignUp) => authApi.signUp(body),
    meta: { allowSignedOut: true },
    onSuccess: ({ user }) => {
      notify.success('Account created successfully!', 'You are now logged in and can start using the platform.');
      setTimeout(() => goHomeAfterSignIn(user.role), REDIRECT_DELAY_MS);
    },
    onError: (error) => {
      form.showServerIssues(error);
      notifyError(error, 'Sign up failed');
    },
  });
  const done = signUp.isSuccess;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body = form.submit(SignUpSchema);
    if (body) signUp.mutate(body);
  }

  return (
    <AuthLayout
      title="Create your account"
      subtitle="Start onboarding your team in minutes. Free for up to 2 new hires."
      footer={
        <div className="flex flex-col items-center gap-2">
          <span>
            Already have an account?{' '}
            <Link to="/login" className="link link-primary font-medium">
              Sign in
            </Link>
          </span>
          <Link to="/" className="link link-hover inline-flex items-center gap-1">
            <ArrowLeft className="size-4" aria-hidden="true" /> Back to home
          </Link>
        </div>
      }
    >
      {unsynced.people.length > 0 && (
        <Suspense fallback={null}>
          <UnsyncedChangesNotice people={unsynced.people} action="sign-up" />
        </Suspense>
      )}
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-1">
        <TextField {...form.field('fullName')} reserveErrorLine label="Full name" autoComplete="name" />
        <TextField {...form.field('email')} reserveErrorLine label="Work email" type="email" autoComplete="email" inputMode="email" />
        <PasswordField {...form.field('password')} reserveErrorLine label="Password" autoComplete="new-password" hint={<PasswordChecklist password={form.values.password} />} />
        <TextField {...form.field('companyName')} reserveErrorLine label="Company name" autoComplete="organization" />
        <TextField {...form.field('companyAddress')} reserveErrorLine label="Company address" autoComplete="street-address" />
        <PendingButton type="submit" pending={signUp.isPending || done} className="mt-3 w-full" icon={<UserPlus className="size-4" aria-hidden="true" />}>
          {signUp.isPending ? 'Creating Account...' : done ? 'Taking you to your dashboard...' : 'Create Account'}
        </PendingButton>
      </form>
    </AuthLayout>
  );
}
