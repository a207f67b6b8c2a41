import { createFileRoute } from '@tanstack/react-router';
import { useCurrentUser } from '../../features/auth/use-current-user.ts';
import { TeamScreen } from '../../features/team/team-screen.tsx';

export const Route = createFileRoute('/_app/team')({
  component: TeamRoute,
});

function TeamRoute() {
  const { data: user } = useCurrentUser();
  return user ? <TeamScreen currentUser={user} /> : null;
}
