import { createFileRoute } from '@tanstack/react-router';
import { VerifyEmailScreen } from '../features/auth/verify-email-screen.tsx';
import { tokenParam } from '../lib/search-params.ts';

export const Route = createFileRoute('/verify-email')({
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({ token: tokenParam(search.token) }),
  component: VerifyEmailRoute,
});

function VerifyEmailRoute() {
  const { token } = Route.useSearch();
  return <VerifyEmailScreen token={token} />;
}
