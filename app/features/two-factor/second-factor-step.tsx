// Sign-in's second step (issue 24): after a right password, the code from the authenticator app or a
// recovery code; or a passkey, whose sign-in is whole by itself (the pending step is then simply left).
// The sign-in screen shows it in place of its form; its route hands in the passkey button (another feature's).
import { useMutation } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import type { SessionUser } from '../../../shared/auth.ts';
import type { SecondFactorInput, SecondFactorMethod } from '../../../shared/two-factor.ts';
import { ApiError } from '../../lib/api-client.ts';
import { errorMessage, notify } from '../../lib/notify.ts';
import { CodeForm } from './code-form.tsx';
import { OrDivider } from '../../components/ui/or-divider.tsx';
import { twoFactorApi } from './two-factor-api.ts';

export type SecondFactorStepProps = {
  methods: SecondFactorMethod[];
  /** The sign-in screen's own end of a sign-in (welcome, clear others' local data, go home). */
  onSignedIn: (user: SessionUser) => void | Promise<void>;
  /** Back to the email and password (say, to sign in as someone else). */
  onCancel: () => void;
};

export function SecondFactorStep({ methods, onSignedIn, onCancel, passkeyButton }: SecondFactorStepProps & { passkeyButton?: ReactNode }) {
  const totp = methods.includes('totp');
  const signIn = useMutation({
    mutationFn: (body: SecondFactorInput) => twoFactorApi.signIn(body),
    // A 401 here is a sign-in that expired (start again), not a session that ended.
    meta: { allowSignedOut: true },
    onSuccess: ({ user }) => onSignedIn(user),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 401) {
        notify.error('Sign in again', errorMessage(error, 'Your sign-in has expired.'));
        onCancel();
      } else if (!(error instanceof ApiError && error.issues.length > 0)) {
        notify.error('Sign in failed', errorMessage(error, 'Something went wrong. Please try again.'));
      }
    },
  });

  return (
    <section aria-labelledby="second-factor-title" className="flex flex-col gap-3">
      <div>
        <h2 id="second-factor-title" className="text-lg font-semibold">
          Two-factor authentication
        </h2>
        <p className="text-base-content/70 text-sm">
          {totp
            ? 'Your password was right. To finish signing in, enter the code from your authenticator app, or one of your recovery codes.'
            : 'Your password was right. To finish signing in, use your passkey.'}
        </p>
      </div>
      {totp && <CodeForm onSubmit={(body) => signIn.mutate(body)} pending={signIn.isPending} error={signIn.error} submitLabel="Verify and sign in" />}
      {methods.includes('passkey') && passkeyButton && (
        <>
          {totp && <OrDivider />}
          {passkeyButton}
        </>
      )}
      <button type="button" className="btn btn-link btn-sm self-center" onClick={onCancel}>
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to sign in
      </button>
    </section>
  );
}
