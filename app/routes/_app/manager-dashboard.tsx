import { createFileRoute } from '@tanstack/react-router';
import { LoadingScreen } from '../../components/ui/loading-screen.tsx';
import { companyStatsQueryOptions } from '../../features/analytics/api/get-company-stats.ts';
import { plansQueryOptions } from '../../features/onboarding/api/get-plans.ts';
import { useSignedInUser } from '../../lib/api/get-current-user.ts';
import { settled } from '../../lib/query-client.ts';
import { requireRole } from '../../lib/route-access.ts';
import { ManagerDashboard } from '../-components/manager-dashboard.tsx';

export const Route = createFileRoute('/_app/manager-dashboard')({
  beforeLoad: ({ context }) => requireRole(context.user, ['manager'], 'You need manager privileges to access this dashboard.'),
  // The figures and the first tab's plans.
  // The loader in a chunk of its own: kept out of the first load every visitor downloads.
  codeSplitGroupings: [['loader'], ['component']],
  loader: ({ context: { queryClient, user } }) => settled(queryClient.ensureQueryData(companyStatsQueryOptions(user.companyId)), queryClient.ensureQueryData(plansQueryOptions())),
  pendingComponent: () => <LoadingScreen label="Loading Manager Dashboard..." />,
  component: ManagerDashboardRoute,
});

function ManagerDashboardRoute() {
  return <ManagerDashboard user={useSignedInUser()} />;
}
