// Shown to a signed-in person whose email is not verified yet (spec section 4); dismissal is remembered on this device.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MailWarning, X } from 'lucide-react';
import { useState } from 'react';
import type { SessionUser } from '../../../shared/auth.ts';
import { notify } from '../../lib/notify.ts';
import { authApi } from './auth-api.ts';
import { CURRENT_USER_KEY, getCurrentUser } from '../../lib/api/get-current-user.ts';

const dismissKey = (userId: string) => `kickoff:verify-banner-dismissed:${userId}`;

function readDismissed(userId: string): boolean {
  try {
    return localStorage.getItem(dismissKey(userId)) === '1';
  } catch {
    return false;
  }
}

export function VerificationBanner({ user }: { user: SessionUser }) {
  const queryClient = useQueryClient();
  const [dismissed, setDismissed] = useState(() => readDismissed(user.id));
  const resend = useMutation({
    mutationFn: () => authApi.resendVerification(user.email),
    onSuccess: () => notify.success('Verification email sent', `Check ${user.email} for the link.`),
    onError: () => notify.error('Failed to send email', 'Please try again in a few minutes.'),
  });
  const recheck = useMutation({
    mutationFn: () => getCurrentUser(),
    onSuccess: (fresh) => {
      if (fresh?.isEmailVerified) {
        notify.success('Email verified!');
        queryClient.setQueryData(CURRENT_USER_KEY, fresh);
      } else {
        notify.info('Not verified yet', 'Open the link in the email we sent you, then try again.');
      }
    },
    onError: () => notify.error('Check failed', 'Failed to check verification status.'),
  });

  if (user.isEmailVerified || dismissed) return null;

  function dismiss() {
    setDismissed(true);
    try {
      localStorage.setItem(dismissKey(user.id), '1');
    } catch {
      // Private mode: the banner simply comes back next time.
    }
  }

  return (
    <div role="status" className="alert alert-warning alert-soft mb-4 flex flex-col items-stretch gap-3 text-base-content sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <MailWarning className="mt-0.5 size-5 shrink-0 text-warning" aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <h2 className="font-semibold">Please verify your email</h2>
          <p className="text-sm text-base-content/80">
            We sent a link to <strong className="break-all">{user.email}</strong>. Open it to confirm your address.
          </p>
        </div>
        <button type="button" className="btn btn-sm btn-ghost btn-square -mt-1 sm:hidden" onClick={dismiss} aria-label="Dismiss verification reminder">
          <X className="size-4" aria-hidden="true" />
        </button>
      </div>
      <div className="flex items-center gap-2">
        <button type="button" className="btn btn-sm flex-1 sm:flex-none" onClick={() => resend.mutate()} disabled={resend.isPending}>
          {resend.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          Resend
        </button>
        <button type="button" className="btn btn-sm btn-primary flex-1 sm:flex-none" onClick={() => recheck.mutate()} disabled={recheck.isPending}>
          {recheck.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}I Verified
        </button>
        <button type="button" className="btn btn-sm btn-ghost btn-square hidden sm:inline-flex" onClick={dismiss} aria-label="Dismiss verification reminder">
          <X className="size-4" aria-hidden="true" />
        </button>
      </div>
    </div>
  );
}
