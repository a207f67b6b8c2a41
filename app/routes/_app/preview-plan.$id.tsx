import { createFileRoute } from '@tanstack/react-router';
import { STAFF_ROLES } from '../../../shared/roles.ts';
import { LoadingScreen } from '../../components/ui/loading-screen.tsx';
import { planDetailsQueryOptions } from '../../features/onboarding/api/get-plan-details.ts';
import { PreviewPlanScreen, type PlanScreenTab } from '../../features/onboarding/preview-plan-screen.tsx';
import { TaskActionContext } from '../../features/onboarding/task-action-slot.ts';
import { companyQueryOptions } from '../../lib/api/get-company.ts';
import { useSignedInUser } from '../../lib/api/get-current-user.ts';
import { settled } from '../../lib/query-client.ts';
import { requireRole } from '../../lib/route-access.ts';
import { TaskAction } from '../-components/task-action.tsx';

export const Route = createFileRoute('/_app/preview-plan/$id')({
  // ?tab=tasks opens the plan's task editor; anything else the preview.
  validateSearch: (search: Record<string, unknown>): { tab?: 'tasks' } => (search.tab === 'tasks' ? { tab: 'tasks' } : {}),
  beforeLoad: ({ context }) => requireRole(context.user, STAFF_ROLES, "You don't have permission to preview onboarding plans."),
  // The loader in a chunk of its own: kept out of the first load every visitor downloads.
  codeSplitGroupings: [['loader'], ['component']],
  loader: ({ context: { queryClient }, params }) => settled(queryClient.ensureQueryData(planDetailsQueryOptions(params.id)), queryClient.ensureQueryData(companyQueryOptions())),
  pendingComponent: () => <LoadingScreen label="Loading plan preview..." />,
  component: PreviewPlanRoute,
});

function PreviewPlanRoute() {
  const { id } = Route.useParams();
  const { tab } = Route.useSearch();
  const navigate = Route.useNavigate();
  const selectTab = (next: PlanScreenTab) => void navigate({ search: next === 'tasks' ? { tab: 'tasks' } : {}, replace: true });
  // The preview shows action tasks read-only (their forms' questions or answers): the plan view is read-only there.
  return (
    <TaskActionContext value={TaskAction}>
      <PreviewPlanScreen planId={id} viewer={useSignedInUser()} tab={tab ?? 'preview'} onTabChange={selectTab} />
    </TaskActionContext>
  );
}
