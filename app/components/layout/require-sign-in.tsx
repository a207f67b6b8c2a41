import { useEffect, type ReactNode } from 'react';
import { useCurrentUser } from '../../features/auth/use-current-user.ts';
import { handleUnauthorized } from '../../lib/notify.ts';
import { ErrorState } from '../ui/error-state.tsx';
import { LoadingScreen } from '../ui/loading-screen.tsx';
import { AppShell } from './app-shell.tsx';

/** Protected screens: signed-out people get the Unauthorized toast and /login after 500 ms. */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const { data: user, isPending, error, refetch } = useCurrentUser();
  const signedOut = !isPending && !error && !user;
  useEffect(() => {
    if (signedOut) handleUnauthorized();
  }, [signedOut]);
  if (isPending || signedOut) return <LoadingScreen />;
  if (error || !user) return <ErrorState error={error} onRetry={() => void refetch()} />;
  return <AppShell user={user}>{children}</AppShell>;
}
