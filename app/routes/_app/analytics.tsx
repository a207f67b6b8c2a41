import { createFileRoute } from '@tanstack/react-router';
import { LoadingScreen } from '../../components/ui/loading-screen.tsx';
import { companyStatsQueryOptions } from '../../features/analytics/api/get-company-stats.ts';
import { AnalyticsScreen } from '../../features/analytics/analytics-screen.tsx';
import { useSignedInUser } from '../../lib/api/get-current-user.ts';
import { settled } from '../../lib/query-client.ts';
import { requireRole } from '../../lib/route-access.ts';

export const Route = createFileRoute('/_app/analytics')({
  beforeLoad: ({ context }) => requireRole(context.user, ['admin'], 'You need admin privileges to view analytics.'),
  // The loader in a chunk of its own: kept out of the first load every visitor downloads.
  codeSplitGroupings: [['loader'], ['component']],
  loader: ({ context }) => settled(context.queryClient.ensureQueryData(companyStatsQueryOptions(context.user.companyId))),
  pendingComponent: () => <LoadingScreen label="Loading analytics..." />,
  component: AnalyticsRoute,
});

function AnalyticsRoute() {
  return <AnalyticsScreen user={useSignedInUser()} />;
}
