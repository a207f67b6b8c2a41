import { createFileRoute } from '@tanstack/react-router';
import { LoadingScreen } from '../../components/ui/loading-screen.tsx';
import { useCurrentUser } from '../../features/auth/use-current-user.ts';
import { AnalyticsScreen } from '../../features/dashboards/analytics-screen.tsx';

export const Route = createFileRoute('/_app/analytics')({
  component: AnalyticsPage,
});

function AnalyticsPage() {
  const { data: user } = useCurrentUser();
  if (!user) return <LoadingScreen label="Loading analytics..." />;
  return <AnalyticsScreen user={user} />;
}
