import { createFileRoute } from '@tanstack/react-router';
import { LoadingScreen } from '../../components/ui/loading-screen.tsx';
import { useCurrentUser } from '../../features/auth/use-current-user.ts';
import { ManagerDashboard } from '../../features/dashboards/manager-dashboard.tsx';
import { MessagesDialog } from '../../features/messages/messages-dialog.tsx';

export const Route = createFileRoute('/_app/manager-dashboard')({
  component: ManagerDashboardPage,
});

function ManagerDashboardPage() {
  const { data: user } = useCurrentUser();
  if (!user) return <LoadingScreen label="Loading Manager Dashboard..." />;
  return <ManagerDashboard user={user} Conversation={MessagesDialog} />;
}
