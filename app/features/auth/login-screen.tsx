import { Link } from '@tanstack/react-router';
import { useMutation } from '@tanstack/react-query';
import { LogIn } from 'lucide-react';
import { lazy, Suspense, useState, type FormEvent, type ReactNode } from 'react';
import { type SessionUser, SignInSchema, type SignIn } from '../../../shared/auth.ts';
import type { SecondFactorMethod } from '../../../shared/two-factor.ts';
import { errorMessage, notify } from '../../lib/notify.ts';
import type { LocalPerson } from '../../sync/local-data.ts';
import { authApi, goHomeAfterSignIn } from './auth-api.ts';
import { AuthLayout } from './auth-layout.tsx';
import { PasswordField, TextField } from '../../components/forms/fields.tsx';
import { useForm } from '../../components/forms/use-form.ts';
import { PendingButton } from '../../components/ui/pending-button.tsx';
import { clearOtherPeoplesData, useUnsyncedPeople } from './use-unsynced-people.ts';

const UnsyncedChangesNotice = lazy(() => import('./unsynced-changes-notice.tsx').then((module) => ({ default: module.UnsyncedChangesNotice })));
const RemoveUnsyncedDialog = lazy(() => import('./unsynced-changes-notice.tsx').then((module) => ({ default: module.RemoveUnsyncedDialog })));

/** The second step after a right password (issue 24), as the route composes it (another feature's). */
type SecondFactorChallenge = { methods: SecondFactorMethod[] };
export type SecondFactorStepRender = (step: SecondFactorChallenge & { onSignedIn: (user: SessionUser) => Promise<void>; onCancel: () => void }) => ReactNode;

export function LoginScreen({
  redirect,
  secondFactorStep,
  passkeySignIn,
}: {
  redirect?: string;
  secondFactorStep?: SecondFactorStepRender;
  /** "Sign in with a passkey" under the form (issue 24, another feature's), given this screen's after-sign-in step. */
  passkeySignIn?: (onSignedIn: (user: SessionUser) => Promise<void>) => ReactNode;
}) {
  const form = useForm(SignInSchema, { email: '', password: '' }, { validateOnBlur: true });
  const unsynced = useUnsyncedPeople();
  // Signing in as someone other than the person whose changes wait here: asked first (they are lost).
  const [toConfirm, setToConfirm] = useState<{ body: SignIn; lost: LocalPerson[] } | null>(null);
  const [challenge, setChallenge] = useState<SecondFactorChallenge | null>(null);
  async function signedIn(user: SessionUser) {
    notify.success('Welcome back!', 'You have successfully signed in.');
    // Shared devices: no one else's local data stays once someone has signed in.
    await clearOtherPeoplesData(user.id);
    goHomeAfterSignIn(user.role, redirect);
  }
  const signIn = useMutation({
    mutationFn: (body: SignIn) => authApi.signIn(body),
    meta: { allowSignedOut: true },
    onSuccess: async (result) => {
      if ('secondFactor' in result) return setChallenge(result.secondFactor);
      await signedIn(result.user);
    },
    onError: (error) => {
      form.showServerIssues(error);
      // Spec section 8: the server's message without any leading status number. Not notifyError:
      // here a 401 is a wrong password, not an expired session.
      notify.error('Sign in failed', errorMessage(error, 'Something went wrong. Please try again.').replace(/^\d{3}:\s*/, ''));
    },
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body = form.submit(SignInSchema);
    if (!body) return;
    const lost = unsynced.othersThan(body.email);
    if (lost.length > 0) setToConfirm({ body, lost });
    else signIn.mutate(body);
  }

  return (
    <AuthLayout
      title="Welcome back"
      subtitle="Sign in to continue your team's onboarding."
      footer={
        <>
          New to Kickoff?{' '}
          <Link to="/signup" className="link link-primary font-medium">
            Create an account
          </Link>
        </>
      }
    >
      {unsynced.people.length > 0 && (
        <Suspense fallback={null}>
          <UnsyncedChangesNotice people={unsynced.people} action="sign-in" />
          <RemoveUnsyncedDialog
            open={toConfirm !== null}
            lost={toConfirm?.lost ?? []}
            onConfirm={() => {
              if (toConfirm) signIn.mutate(toConfirm.body);
              setToConfirm(null);
            }}
            onClose={() => setToConfirm(null)}
          />
        </Suspense>
      )}
      {challenge && secondFactorStep ? (
        secondFactorStep({ ...challenge, onSignedIn: signedIn, onCancel: () => setChallenge(null) })
      ) : (
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-1">
          <TextField {...form.field('email')} reserveErrorLine label="Email" type="email" autoComplete="email" inputMode="email" />
          <PasswordField {...form.field('password')} reserveErrorLine label="Password" autoComplete="current-password" />
          <div className="flex justify-end">
            <Link to="/forgot-password" className="link link-hover text-sm">
              Forgot password?
            </Link>
          </div>
          <PendingButton type="submit" pending={signIn.isPending} className="mt-3 w-full" icon={<LogIn className="size-4" aria-hidden="true" />}>
            {signIn.isPending ? 'Signing in...' : 'Sign in'}
          </PendingButton>
        </form>
      )}
      {!challenge && passkeySignIn && (
        <div className="mt-2 flex flex-col">
          <div className="divider my-2 text-xs text-base-content/60">or</div>
          {passkeySignIn(signedIn)}
        </div>
      )}
    </AuthLayout>
  );
}
