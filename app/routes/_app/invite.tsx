import { createFileRoute } from '@tanstack/react-router';
import { useCurrentUser } from '../../features/auth/use-current-user.ts';
import { InviteScreen } from '../../features/team/invite-screen.tsx';

export const Route = createFileRoute('/_app/invite')({
  component: InviteRoute,
});

function InviteRoute() {
  const { data: user } = useCurrentUser();
  return user ? <InviteScreen currentUser={user} /> : null;
}
