import { createFileRoute } from '@tanstack/react-router';
import { ProfileScreen } from '../../features/auth/profile-screen.tsx';
import { notificationPreferencesQueryOptions } from '../../features/notifications/api/get-preferences.ts';
import { NotificationPreferencesSection } from '../../features/notifications/notification-preferences.tsx';
import { sessionsQueryOptions } from '../../features/sessions/api/get-sessions.ts';
import { ActiveSessionsSection } from '../../features/sessions/active-sessions-section.tsx';
import { passkeysQueryOptions } from '../../features/passkeys/passkeys-api.ts';
import { PasskeysSection } from '../../features/passkeys/passkeys-section.tsx';
import { twoFactorStatusQueryOptions } from '../../features/two-factor/two-factor-api.ts';
import { TwoFactorSection } from '../../features/two-factor/two-factor-section.tsx';
import { settled } from '../../lib/query-client.ts';

export const Route = createFileRoute('/_app/profile')({
  // The loader in a chunk of its own: kept out of the first load every visitor downloads.
  codeSplitGroupings: [['loader'], ['component']],
  loader: ({ context }) =>
    settled(
      context.queryClient.ensureQueryData(notificationPreferencesQueryOptions()),
      context.queryClient.ensureQueryData(sessionsQueryOptions()),
      context.queryClient.ensureQueryData(passkeysQueryOptions()),
      context.queryClient.ensureQueryData(twoFactorStatusQueryOptions()),
    ),
  component: ProfileRoute,
});

function ProfileRoute() {
  return <ProfileScreen notifications={<NotificationPreferencesSection />} twoFactor={<TwoFactorSection />} passkeys={<PasskeysSection />} sessions={<ActiveSessionsSection />} />;
}
