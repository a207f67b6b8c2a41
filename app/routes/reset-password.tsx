import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordScreen } from '../features/auth/reset-password-screen.tsx';
import { tokenParam } from '../lib/search-params.ts';

// invite=1 arrives as the number 1, for the same reason as a token (lib/search-params.ts).
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
