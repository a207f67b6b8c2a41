import { createFileRoute } from '@tanstack/react-router';
import { STAFF_ROLES } from '../../../shared/roles.ts';
import { LoadingScreen } from '../../components/ui/loading-screen.tsx';
import { planDetailsQueryOptions } from '../../features/onboarding/api/get-plan-details.ts';
import { PreviewPlanScreen } from '../../features/onboarding/preview-plan-screen.tsx';
import { companyQueryOptions } from '../../lib/api/get-company.ts';
import { settled } from '../../lib/query-client.ts';
import { requireRole } from '../../lib/route-access.ts';

export const Route = createFileRoute('/_app/preview-plan/$id')({
  beforeLoad: ({ context }) => requireRole(context.user, STAFF_ROLES, "You don't have permission to preview onboarding plans."),
  // The loader in a chunk of its own: kept out of the first load every visitor downloads.
  codeSplitGroupings: [['loader'], ['component']],
  loader: ({ context: { queryClient }, params }) => settled(queryClient.ensureQueryData(planDetailsQueryOptions(params.id)), queryClient.ensureQueryData(companyQueryOptions())),
  pendingComponent: () => <LoadingScreen label="Loading plan preview..." />,
  component: PreviewPlanRoute,
});

function PreviewPlanRoute() {
  return <PreviewPlanScreen planId={Route.useParams().id} />;
}
