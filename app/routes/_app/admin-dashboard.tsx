import { createFileRoute } from '@tanstack/react-router';
import { LoadingScreen } from '../../components/ui/loading-screen.tsx';
import { plansQueryOptions } from '../../features/onboarding/api/get-plans.ts';
import { companyStatsQueryOptions } from '../../features/analytics/api/get-company-stats.ts';
import { useSignedInUser } from '../../lib/api/get-current-user.ts';
import { settled } from '../../lib/query-client.ts';
import { requireRole } from '../../lib/route-access.ts';
import { AdminDashboard } from '../-components/admin-dashboard.tsx';

export const Route = createFileRoute('/_app/admin-dashboard')({
  beforeLoad: ({ context }) => requireRole(context.user, ['admin'], 'You need admin privileges to access this dashboard.'),
  // The figures and the first tab's plans.
  // The loader in a chunk of its own: kept out of the first load every visitor downloads.
  codeSplitGroupings: [['loader'], ['component']],
  loader: ({ context: { queryClient, user } }) => settled(queryClient.ensureQueryData(companyStatsQueryOptions(user.companyId)), queryClient.ensureQueryData(plansQueryOptions())),
  pendingComponent: () => <LoadingScreen label="Loading Admin Dashboard..." />,
  component: AdminDashboardRoute,
});

function AdminDashboardRoute() {
  return <AdminDashboard user={useSignedInUser()} />;
}
