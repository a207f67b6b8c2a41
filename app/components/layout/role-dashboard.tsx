import { lazy } from 'react';
import type { Role } from '../../../shared/roles.ts';
import { useCurrentUser } from '../../features/auth/use-current-user.ts';
import { MessagesDialog } from '../../features/messages/messages-dialog.tsx';
import { LoadingScreen } from '../ui/loading-screen.tsx';

// Per-role chunks: a new hire's phone never downloads the staff dashboards (the Suspense is in routes/index.tsx).
const AdminDashboard = lazy(() => import('../../features/dashboards/admin-dashboard.tsx').then((m) => ({ default: m.AdminDashboard })));
const ManagerDashboard = lazy(() => import('../../features/dashboards/manager-dashboard.tsx').then((m) => ({ default: m.ManagerDashboard })));
const NewHireDashboard = lazy(() => import('../../features/new-hire/new-hire-dashboard.tsx').then((m) => ({ default: m.NewHireDashboard })));

/** `/` for a signed-in person: the dashboard of their role (spec section 2). */
export default function RoleDashboard({ role }: { role: Role }) {
  if (role === 'admin' || role === 'manager') return <StaffDashboard role={role} />;
  return <NewHireDashboard />;
}

function StaffDashboard({ role }: { role: 'admin' | 'manager' }) {
  const { data: user } = useCurrentUser();
  if (!user) return <LoadingScreen />;
  return role === 'admin' ? <AdminDashboard user={user} Conversation={MessagesDialog} /> : <ManagerDashboard user={user} Conversation={MessagesDialog} />;
}
