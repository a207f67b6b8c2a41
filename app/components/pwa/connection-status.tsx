// The top bar's connection indicator: online or offline for everyone; a new hire also sees how many
// changes wait to sync. That part loads lazily, so staff screens never download the sync engine.
import { lazy, Suspense } from 'react';
import type { SessionUser } from '../../../shared/auth.ts';
import { isStaff } from '../../../shared/roles.ts';
import { OnlineBadge } from './online-badge.tsx';
import { useOnline } from './use-online.ts';

const SyncStatus = lazy(() => import('./sync-status.tsx'));

export function ConnectionStatus({ user }: { user: SessionUser }) {
  const online = useOnline();
  const fallback = <OnlineBadge online={online} />;
  if (isStaff(user.role)) return fallback;
  return (
    <Suspense fallback={fallback}>
      <SyncStatus user={user} online={online} />
    </Suspense>
  );
}
