import { lazy, Suspense } from 'react';
import type { Role } from '../../../shared/roles.ts';
import { useCurrentUser } from '../../features/auth/use-current-user.ts';
import { MessagesDialog } from '../../features/messages/messages-dialog.tsx';
import { LoadingScreen } from '../ui/loading-screen.tsx';
import { RequireSignIn } from './require-sign-in.tsx';

// Per-role chunks: a new hire's phone never downloads the staff dashboards.
const AdminDashboard = lazy(() => import('../../features/dashboards/admin-dashboard.tsx').then((m) => ({ default: m.AdminDashboard })));
const ManagerDashboard = lazy(() => import('../../features/dashboards/manager-dashboard.tsx').then((m) => ({ default: m.ManagerDashboard })));
const NewHireDashboard = lazy(() => import('../../features/new-hire/new-hire-dashboard.tsx').then((m) => ({ default: m.NewHireDashboard })));

/** `/` for a signed-in person: the dashboard of their role (spec section 2), inside the signed-in frame. */
export default function RoleDashboard({ role }: { role: Role }) {
  return (
    <RequireSignIn>
      <Suspense fallback={<LoadingScreen />}>
        <RoleHome role={role} />
      </Suspense>
    </RequireSignIn>
  );
}

function RoleHome({ role }: { role: Role }) {
  const { data: user } = useCurrentUser();
  if (!user) return <LoadingScreen />;
  if (role === 'admin') return <AdminDashboard user={user} Conversation={MessagesDialog} />;
  if (role === 'manager') return <ManagerDashboard user={user} Conversation={MessagesDialog} />;
  return <NewHireDashboard user={user} />;
}
