import { createFileRoute } from '@tanstack/react-router';
import { LoadingScreen } from '../../components/ui/loading-screen.tsx';
import { useCurrentUser } from '../../features/auth/use-current-user.ts';
import { AdminDashboard } from '../../features/dashboards/admin-dashboard.tsx';
import { MessagesDialog } from '../../features/messages/messages-dialog.tsx';

export const Route = createFileRoute('/_app/admin-dashboard')({
  component: AdminDashboardPage,
});

function AdminDashboardPage() {
  const { data: user } = useCurrentUser();
  if (!user) return <LoadingScreen label="Loading Admin Dashboard..." />;
  return <AdminDashboard user={user} Conversation={MessagesDialog} />;
}
