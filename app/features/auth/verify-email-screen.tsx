import { Link } from '@tanstack/react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CircleCheck, CircleX } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { dashboardPathFor } from '../../../shared/roles.ts';
import { LoadingScreen } from '../../components/ui/loading-screen.tsx';
import { errorMessage, notify } from '../../lib/notify.ts';
import { authApi } from './auth-api.ts';
import { AuthLayout } from './auth-layout.tsx';
import { CURRENT_USER_KEY, useCurrentUser } from '../../lib/api/get-current-user.ts';

const FAILED_FALLBACK = 'Invalid or expired verification token.';

/** Opened from the verification email: checks the token once and says how it went. */
export function VerifyEmailScreen({ token }: { token?: string }) {
  const queryClient = useQueryClient();
  const { data: signedIn } = useCurrentUser();
  const verify = useMutation({
    mutationFn: (value: string) => authApi.verifyEmail(value),
    meta: { allowSignedOut: true },
    onSuccess: () => {
      notify.success('Email verified successfully!');
      void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
    },
    onError: (error) => notify.error('Verification failed', errorMessage(error, FAILED_FALLBACK)),
  });
  const started = useRef(false);
  useEffect(() => {
    // Once only: the token is single-use, and StrictMode runs effects twice in development.
    if (started.current || !token) return;
    started.current = true;
    verify.mutate(token);
  }, [token, verify]);

  const next = signedIn ? (
    <Link to={dashboardPathFor(signedIn.role)} className="btn btn-primary w-full">
      Go to your dashboard
    </Link>
  ) : (
    <Link to="/login" className="btn btn-primary w-full">
      Sign in
    </Link>
  );

  if (token && (verify.isIdle || verify.isPending)) return <LoadingScreen label="Verifying your email..." />;

  if (verify.isSuccess) {
    return (
      <AuthLayout title="Email verified successfully!">
        <div className="flex flex-col items-center gap-4 text-center">
          <CircleCheck className="size-12 text-success" aria-hidden="true" />
          <p className="text-base-content/70">
            Thanks for confirming <strong className="break-all">{verify.data.user.email}</strong>. Your account is all set.
          </p>
          {next}
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Verification failed">
      <div className="flex flex-col items-center gap-4 text-center">
        <CircleX className="size-12 text-error" aria-hidden="true" />
        <p className="text-base-content/70">
          {token ? errorMessage(verify.error, FAILED_FALLBACK) : 'This verification link is incomplete.'} Links work once, for 24 hours.
          {signedIn ? ' Use Resend on the banner in the app to get a new one.' : ' Sign in and use Resend on the banner to get a new one.'}
        </p>
        {next}
      </div>
    </AuthLayout>
  );
}
