// The signed-in frame. beforeLoad sends a signed-out visitor to /login (which brings them back here)
// and hands the person to every screen below; each screen's own route checks their role.
import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { useEffect } from 'react';
import { LoadingScreen } from '../components/ui/loading-screen.tsx';
import { currentUserQueryOptions, useCurrentUser } from '../lib/api/get-current-user.ts';
import { handleUnauthorized, notifyUnauthorized } from '../lib/notify.ts';
import { AppShell } from './-components/app-shell.tsx';

export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ context, location, preload }) => {
    // Offline, a new hire's last answer stands in (get-current-user.ts), so their dashboard still opens.
    const user = await context.queryClient.ensureQueryData(currentUserQueryOptions());
    if (!user) {
      // Spec section 8: the 'Unauthorized' toast on the way to the sign-in screen.
      if (!preload) void notifyUnauthorized();
      throw redirect({ to: '/login', search: { redirect: location.href } });
    }
    // The company requires a second factor this session has not given (issue 24): set one up first.
    if (user.secondFactorRequired) throw redirect({ to: '/two-factor-setup' });
    // The app shell opens the change stream (routes/-components/use-change-refresh.ts); opening it here
    // already, before this screen's loaders read, spares their reads a second one at its first resync.
    // Its code comes with the frame's, not in the first visit's entry; without it, polling is the fallback.
    if (!preload) {
      await import('../lib/change-stream.ts').then(
        ({ changeStream }) => changeStream.start(),
        () => undefined,
      );
    }
    return { user };
  },
  component: SignedInLayout,
});

function SignedInLayout() {
  const { data: user } = useCurrentUser();
  // The session can end while a screen is open (a 401 elsewhere answered the user query with null).
  const signedOut = user === null;
  useEffect(() => {
    if (signedOut) handleUnauthorized();
  }, [signedOut]);
  if (!user) return <LoadingScreen />;
  return (
    <AppShell user={user}>
      <Outlet />
    </AppShell>
  );
}
