import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordScreen } from '../features/auth/reset-password-screen.tsx';

/** The router parses search values as JSON, so a token may arrive as a number; invite=1 as 1. */
const tokenParam = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : undefined);

export const Route = createFileRoute('/reset-password')({
  validateSearch: (search: Record<string, unknown>): { token?: string; invite?: boolean } => ({
    token: tokenParam(search.token),
    invite: search.invite === 1 || search.invite === '1' || search.invite === true ? true : undefined,
  }),
  component: ResetPasswordRoute,
});

function ResetPasswordRoute() {
  const { token, invite } = Route.useSearch();
  return <ResetPasswordScreen token={token} invite={invite === true} />;
}
