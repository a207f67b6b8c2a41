import { createFileRoute } from '@tanstack/react-router';
import { VerifyEmailScreen } from '../features/auth/verify-email-screen.tsx';

const tokenParam = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : undefined);

export const Route = createFileRoute('/verify-email')({
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({ token: tokenParam(search.token) }),
  component: VerifyEmailRoute,
});

function VerifyEmailRoute() {
  const { token } = Route.useSearch();
  return <VerifyEmailScreen token={token} />;
}
