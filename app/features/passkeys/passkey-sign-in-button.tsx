// "Sign in with a passkey": no email typed, the passkey names its person (discoverable credentials) and
// proves them with the device's lock (user verification), so it is a whole sign-in by itself. For the
// sign-in screen and the second-factor step, composed by their routes (a feature never imports another):
// the screen hands its own after-sign-in step as onSignedIn. @simplewebauthn/browser is fetched on the
// first click, so it never weighs on the first load; a browser without WebAuthn does not show the button.
import { KeyRound } from 'lucide-react';
import { useId, useState, useSyncExternalStore } from 'react';
import type { SessionUser } from '../../../shared/auth.ts';
import { errorMessage, notify } from '../../lib/notify.ts';
import { browserSupportsPasskeys, isCancelled, passkeysApi } from './passkeys-api.ts';

/** Whether WebAuthn is there does not change while the page lives. */
const noChanges = () => () => undefined;

const CANCELLED = 'No passkey was used. Try again, or sign in with your email and password.';

export function PasskeySignInButton({
  onSignedIn,
  label = 'Sign in with a passkey',
  className = '',
}: {
  /** What the screen does once someone has signed in (welcome them, clear others' local data, go home). */
  onSignedIn: (user: SessionUser) => void | Promise<void>;
  label?: string;
  className?: string;
}) {
  // Prerendered as supported: hidden after hydration where WebAuthn is missing.
  const supported = useSyncExternalStore(noChanges, browserSupportsPasskeys, () => true);
  const [pending, setPending] = useState(false);
  const [hint, setHint] = useState<string | null>(null);
  const hintId = useId();

  if (!supported) return null;

  async function signIn() {
    setPending(true);
    setHint(null);
    try {
      const [{ startAuthentication }, optionsJSON] = await Promise.all([import('@simplewebauthn/browser'), passkeysApi.signInOptions()]);
      const response = await startAuthentication({ optionsJSON });
      const { user } = await passkeysApi.signIn(response);
      await onSignedIn(user);
    } catch (error) {
      if (isCancelled(error)) setHint(CANCELLED);
      else notify.error('Passkey sign-in failed', errorMessage(error, 'Your passkey could not be used. Please try again.'));
    } finally {
      setPending(false);
    }
  }

  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <button type="button" className="btn btn-outline w-full" onClick={() => void signIn()} disabled={pending} aria-describedby={hint ? hintId : undefined}>
        {pending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : <KeyRound className="size-4" aria-hidden="true" />}
        {pending ? 'Waiting for your passkey...' : label}
      </button>
      <p id={hintId} role="status" className="text-base-content/70 min-h-5 text-center text-sm">
        {hint}
      </p>
    </div>
  );
}
