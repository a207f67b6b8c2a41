import { createFileRoute } from '@tanstack/react-router';
import { NewHireDashboard } from '../../features/onboarding/new-hire-dashboard.tsx';
import { TaskActionContext } from '../../features/onboarding/task-action-slot.ts';
import { useSignedInUser } from '../../lib/api/get-current-user.ts';
import { requireRole } from '../../lib/route-access.ts';
import { TaskAction } from '../-components/task-action.tsx';

// No loader: the dashboard reads Dexie, which the sync engine fills, so it opens offline too.
export const Route = createFileRoute('/_app/new-hire-dashboard')({
  beforeLoad: ({ context }) => requireRole(context.user, ['new_hire'], 'This dashboard is only available for new hires.'),
  component: NewHireDashboardRoute,
});

function NewHireDashboardRoute() {
  return (
    <TaskActionContext value={TaskAction}>
      <NewHireDashboard user={useSignedInUser()} />
    </TaskActionContext>
  );
}
