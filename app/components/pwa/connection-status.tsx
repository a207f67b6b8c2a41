// The top bar's connection indicator: online or offline for everyone; a new hire also sees how many
// changes wait to sync. That part loads lazily, so staff screens never download the sync engine.
import { CloudOff, Wifi } from 'lucide-react';
import { lazy, Suspense } from 'react';
import type { SessionUser } from '../../../shared/auth.ts';
import { useOnline } from './use-online.ts';

const SyncStatus = lazy(() => import('./sync-status.tsx'));

export function ConnectionStatus({ user }: { user: SessionUser }) {
  const online = useOnline();
  const fallback = <OnlineBadge online={online} />;
  if (user.role !== 'new_hire') return fallback;
  return (
    <Suspense fallback={fallback}>
      <SyncStatus user={user} online={online} />
    </Suspense>
  );
}

export function OnlineBadge({ online, pending = 0 }: { online: boolean; pending?: number }) {
  if (!online) {
    return (
      <span role="status" className="badge badge-warning gap-1 whitespace-nowrap" title="You are offline. Changes are saved on this device and sync when you are back online.">
        <CloudOff className="size-3.5" aria-hidden="true" /> Offline
        {pending > 0 && <span>· {pending} to sync</span>}
      </span>
    );
  }
  return (
    <span role="status" className="badge badge-ghost gap-1 whitespace-nowrap text-base-content/70" title="Online">
      <Wifi className="size-3.5" aria-hidden="true" />
      <span className="max-sm:sr-only">Online</span>
    </span>
  );
}
