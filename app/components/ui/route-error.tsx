// The router's error screen: Access Denied for a refused route (lib/route-access.ts), else the
// error with a way to try again.
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { AccessDeniedError } from '../../lib/route-access.ts';
import { AccessDenied } from './access-denied.tsx';
import { ErrorState } from './error-state.tsx';

export function RouteError({ error }: ErrorComponentProps) {
  const router = useRouter();
  if (error instanceof AccessDeniedError) return <AccessDenied message={error.message} />;
  return <ErrorState error={error} onRetry={() => void router.invalidate()} />;
}
