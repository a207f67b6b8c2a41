import { createFileRoute } from '@tanstack/react-router';
import { STAFF_ROLES } from '../../../shared/roles.ts';
import { LoadingScreen } from '../../components/ui/loading-screen.tsx';
import { planResponsesQueryOptions } from '../../features/responses/api/get-plan-responses.ts';
import { PlanResponsesScreen } from '../../features/responses/plan-responses-screen.tsx';
import { settled } from '../../lib/query-client.ts';
import { requireRole } from '../../lib/route-access.ts';

export const Route = createFileRoute('/_app/plans/$planId/responses')({
  beforeLoad: ({ context }) => requireRole(context.user, STAFF_ROLES, "You don't have permission to see what new hires handed in."),
  // The loader in a chunk of its own: kept out of the first load every visitor downloads.
  codeSplitGroupings: [['loader'], ['component']],
  loader: ({ context: { queryClient }, params }) => settled(queryClient.ensureQueryData(planResponsesQueryOptions(params.planId))),
  pendingComponent: () => <LoadingScreen label="Loading responses..." />,
  component: PlanResponsesRoute,
});

function PlanResponsesRoute() {
  const { planId } = Route.useParams();
  return <PlanResponsesScreen planId={planId} />;
}
