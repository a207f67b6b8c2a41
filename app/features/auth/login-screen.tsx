import { Link } from '@tanstack/react-router';
import { useMutation } from '@tanstack/react-query';
import { ArrowRight, LogIn, WifiOff } from 'lucide-react';
import { lazy, Suspense, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { type SessionUser, SignInSchema, type SignIn } from '../../../shared/auth.ts';
import { ssoErrorMessage, SsoStartSchema, type SsoStart } from '../../../shared/sso.ts';
import type { SecondFactorMethod } from '../../../shared/two-factor.ts';
import { useOnline } from '../../components/pwa/use-online.ts';
import { ApiError, NetworkError } from '../../lib/api-client.ts';
import { errorMessage, notify } from '../../lib/notify.ts';
import type { LocalPerson } from '../../sync/local-data.ts';
import { authApi, goHomeAfterSignIn } from './auth-api.ts';
import { AuthLayout } from './auth-layout.tsx';
import { PasswordField, TextField } from '../../components/forms/fields.tsx';
import { useForm } from '../../components/forms/use-form.ts';
import { PendingButton } from '../../components/ui/pending-button.tsx';
import { clearOtherPeoplesData, useUnsyncedPeople } from './use-unsynced-people.ts';
import { OrDivider } from '../../components/ui/or-divider.tsx';

const UnsyncedChangesNotice = lazy(() => import('./unsynced-changes-notice.tsx').then((module) => ({ default: module.UnsyncedChangesNotice })));
const RemoveUnsyncedDialog = lazy(() => import('./unsynced-changes-notice.tsx').then((module) => ({ default: module.RemoveUnsyncedDialog })));

/** The second step after a right password (issue 24), as the route composes it (another feature's). */
type SecondFactorChallenge = { methods: SecondFactorMethod[] };
export type SecondFactorStepRender = (step: SecondFactorChallenge & { onSignedIn: (user: SessionUser) => Promise<void>; onCancel: () => void }) => ReactNode;

/** A new sign-in needs the server; an installed app already signed in keeps working offline (issue 24). */
const OFFLINE_MESSAGE = 'Signing in needs a connection. Connect and try again: once you’re signed in, the installed app keeps working offline.';
const PASSWORD_ID = 'login-password';
const PROVIDER_DOWN = 'Your company’s identity provider could not be reached, so you can sign in with a password only if your account has one.';

/**
 * Email first (issue 24): Continue asks the server whether the email's domain signs in with its company's
 * identity provider (then the browser goes there) or with a password (then the password field appears).
 * `ssoError`: why a single sign-on came back refused (`/login?sso_error=`).
 */
export function LoginScreen({
  redirect,
  ssoError,
  secondFactorStep,
  passkeySignIn,
}: {
  redirect?: string;
  ssoError?: string;
  secondFactorStep?: SecondFactorStepRender;
  /** "Sign in with a passkey" under the form (issue 24, another feature's), given this screen's after-sign-in step. */
  passkeySignIn?: (onSignedIn: (user: SessionUser) => Promise<void>) => ReactNode;
}) {
  const online = useOnline();
  const emailForm = useForm(SsoStartSchema, { email: '' }, { validateOnBlur: true });
  const [step, setStep] = useState<'email' | 'password'>('email');
  const [notice, setNotice] = useState<string | null>(null);
  const form = useForm(SignInSchema, { email: '', password: '' }, { validateOnBlur: true });
  const lookUp = useMutation({
    mutationFn: (body: SsoStart) => authApi.startSso(body),
    meta: { allowSignedOut: true },
    onSuccess: (answer, { email }) => {
      // Full-page navigation: the provider's sign-in page, and back through the API's callback.
      if (answer.sso) window.location.assign(answer.redirectUrl);
      else showPassword(email, null);
    },
    onError: (error, { email }) => {
      if (error instanceof NetworkError) setNotice(OFFLINE_MESSAGE);
      // Rate limited or the provider down: the password (the break-glass admin's way in; the server decides).
      else showPassword(email, error instanceof ApiError && error.status === 502 ? PROVIDER_DOWN : null);
    },
  });

  // The password field appears after Continue: the cursor goes to it (the email is known).
  useEffect(() => {
    if (step === 'password') document.getElementById(PASSWORD_ID)?.focus();
  }, [step]);

  function showPassword(email: string, why: string | null) {
    form.reset({ email, password: '' });
    setNotice(why);
    setStep('password');
  }

  function onContinue(event: FormEvent) {
    event.preventDefault();
    const body = emailForm.submit(SsoStartSchema);
    if (!body) return;
    if (!navigator.onLine) {
      setNotice(OFFLINE_MESSAGE);
      return;
    }
    setNotice(null);
    lookUp.mutate({ email: body.email, ...(redirect ? { next: redirect } : {}) });
  }

  function changeEmail() {
    setStep('email');
    setNotice(null);
  }
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
      if (error instanceof NetworkError) setNotice(OFFLINE_MESSAGE);
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
      {!online ? (
        <div role="status" className="alert alert-warning alert-soft text-sm">
          <WifiOff className="size-5 shrink-0" aria-hidden="true" />
          <span>You’re offline. {OFFLINE_MESSAGE}</span>
        </div>
      ) : notice ? (
        <div role="status" className="alert alert-info alert-soft text-sm">
          <span>{notice}</span>
        </div>
      ) : null}
      {ssoError && step === 'email' && (
        <div role="alert" className="alert alert-error alert-soft text-sm">
          <span>
            <strong className="block">Single sign-on did not sign you in</strong>
            {ssoErrorMessage(ssoError)}
          </span>
        </div>
      )}
      {challenge && secondFactorStep ? (
        secondFactorStep({ ...challenge, onSignedIn: signedIn, onCancel: () => setChallenge(null) })
      ) : step === 'email' ? (
        <form onSubmit={onContinue} noValidate className="flex flex-col gap-1">
          <TextField
            {...emailForm.field('email')}
            reserveErrorLine
            label="Email"
            type="email"
            autoComplete="username"
            inputMode="email"
            hint="Your work email: if your company signs in with its own identity provider, we take you there."
          />
          <PendingButton type="submit" pending={lookUp.isPending} className="mt-3 w-full" icon={<ArrowRight className="size-4" aria-hidden="true" />}>
            Continue
          </PendingButton>
        </form>
      ) : (
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-1">
          <div className="flex items-center justify-between gap-2 rounded-box bg-base-200 px-3 py-2 text-sm">
            <span className="min-w-0 truncate" aria-label="Signing in as">
              {form.values.email}
            </span>
            <button type="button" className="btn btn-ghost btn-xs" onClick={changeEmail}>
              Change
            </button>
          </div>
          {/* For password managers: the account this password belongs to. */}
          <input type="email" name="email" autoComplete="username" value={form.values.email} readOnly hidden />
          <PasswordField {...form.field('password')} reserveErrorLine id={PASSWORD_ID} label="Password" autoComplete="current-password" />
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
          <OrDivider />
          {passkeySignIn(signedIn)}
        </div>
      )}
    </AuthLayout>
  );
}
