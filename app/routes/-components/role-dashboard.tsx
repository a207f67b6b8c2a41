// `/` for a signed-in person: the dashboard of their role (spec section 2), inside the signed-in frame.
import { lazy, Suspense } from 'react';
import type { SessionUser } from '../../../shared/auth.ts';
import { LoadingScreen } from '../../components/ui/loading-screen.tsx';
import { TaskActionContext } from '../../features/onboarding/task-action-slot.ts';
import { AppShell } from './app-shell.tsx';
import { TaskAction } from './task-action.tsx';

// Per-role chunks: a new hire's phone never downloads the staff dashboards.
const AdminDashboard = lazy(() => import('./admin-dashboard.tsx').then((m) => ({ default: m.AdminDashboard })));
const ManagerDashboard = lazy(() => import('./manager-dashboard.tsx').then((m) => ({ default: m.ManagerDashboard })));
const NewHireDashboard = lazy(() => import('../../features/onboarding/new-hire-dashboard.tsx').then((m) => ({ default: m.NewHireDashboard })));

export default function RoleDashboard({ user }: { user: SessionUser }) {
  return (
    <AppShell user={user}>
      <Suspense fallback={<LoadingScreen />}>
        {user.role === 'admin' ? (
          <AdminDashboard user={user} />
        ) : user.role === 'manager' ? (
          <ManagerDashboard user={user} />
        ) : (
          // The forms, policies and uploads of the new hire's action tasks (issue 19).
          <TaskActionContext value={TaskAction}>
            <NewHireDashboard user={user} />
          </TaskActionContext>
        )}
      </Suspense>
    </AppShell>
  );
}
