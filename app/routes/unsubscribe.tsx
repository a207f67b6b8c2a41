import { createFileRoute } from '@tanstack/react-router';
import { AuthLayout } from '../features/auth/auth-layout.tsx';
import { UnsubscribeScreen } from '../features/notifications/unsubscribe-screen.tsx';
import { tokenParam } from '../lib/search-params.ts';

// Public: the link of a reminder mail works signed out (its token says whose reminders it turns off).
export const Route = createFileRoute('/unsubscribe')({
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({ token: tokenParam(search.token) }),
  component: UnsubscribeRoute,
});

function UnsubscribeRoute() {
  const { token } = Route.useSearch();
  return <UnsubscribeScreen token={token} layout={AuthLayout} />;
}
