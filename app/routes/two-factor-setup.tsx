// Outside the signed-in frame on purpose: its screens' calls are refused until a second factor is set up.
import { createFileRoute, redirect } from '@tanstack/react-router';
import { PasskeySignInButton } from '../features/passkeys/passkey-sign-in-button.tsx';
import { TwoFactorSetupScreen } from '../features/two-factor/two-factor-setup-screen.tsx';
import { dashboardPathFor } from '../../shared/roles.ts';
import { currentUserQueryOptions } from '../lib/api/get-current-user.ts';

export const Route = createFileRoute('/two-factor-setup')({
  beforeLoad: async ({ context, location }) => {
    // Asked afresh: the answer cached before the rule held this person does not say so.
    const user = await context.queryClient.fetchQuery({ ...currentUserQueryOptions(), staleTime: 0 });
    if (!user) throw redirect({ to: '/login', search: { redirect: location.href } });
    if (!user.secondFactorRequired) throw redirect({ href: dashboardPathFor(user.role) });
  },
  component: TwoFactorSetupRoute,
});

function TwoFactorSetupRoute() {
  // A passkey sign-in is a whole sign-in with a second factor by itself: then on to the dashboard.
  return <TwoFactorSetupScreen passkey={<PasskeySignInButton label="Sign in again with a passkey" onSignedIn={(user) => window.location.assign(dashboardPathFor(user.role))} />} />;
}
