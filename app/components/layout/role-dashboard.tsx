import type { Role } from '../../../shared/roles.ts';
import { PlaceholderScreen } from '../ui/placeholder-screen.tsx';

/** `/` for a signed-in person: the dashboard of their role (spec section 2). */
export default function RoleDashboard({ role }: { role: Role }) {
  if (role === 'admin') return <PlaceholderScreen title="Admin Dashboard" />;
  if (role === 'manager') return <PlaceholderScreen title="Manager Dashboard" />;
  return <PlaceholderScreen title="Your Onboarding" />;
}
