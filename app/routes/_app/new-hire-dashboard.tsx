import { createFileRoute } from '@tanstack/react-router';
import { LoadingScreen } from '../../components/ui/loading-screen.tsx';
import { useCurrentUser } from '../../features/auth/use-current-user.ts';
import { NewHireDashboard } from '../../features/new-hire/new-hire-dashboard.tsx';

export const Route = createFileRoute('/_app/new-hire-dashboard')({
  component: NewHireDashboardPage,
});

function NewHireDashboardPage() {
  const { data: user } = useCurrentUser();
  if (!user) return <LoadingScreen />;
  return <NewHireDashboard user={user} />;
}
