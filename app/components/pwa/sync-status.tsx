// The new hire's half of the connection indicator: changes waiting in the outbox, and the way back
// after a 401 (sync is paused and the outbox kept until they sign in again).
import { Link } from '@tanstack/react-router';
import { CloudUpload, LogIn } from 'lucide-react';
import type { SessionUser } from '../../../shared/auth.ts';
import { usePendingCount, useSyncEngine, useSyncSnapshot } from '../../sync/hooks.ts';
import { pluralChanges } from '../../sync/local-base.ts';
import { OnlineBadge } from './online-badge.tsx';

export default function SyncStatus({ user, online }: { user: SessionUser; online: boolean }) {
  const engine = useSyncEngine(user);
  const pending = usePendingCount(engine);
  const { status } = useSyncSnapshot(engine);

  if (status === 'unauthorized' && pending > 0) {
    return (
      // A live region around a real link: the role stays 'link' for assistive technology.
      <span role="status">
        <Link to="/login" className="btn btn-warning btn-xs sm:btn-sm">
          <LogIn className="size-4" aria-hidden="true" /> Sign in again to sync {pluralChanges(pending)}
        </Link>
      </span>
    );
  }
  if (online && pending > 0) {
    return (
      <span role="status" className="badge badge-info gap-1 whitespace-nowrap" title={`${pluralChanges(pending)} waiting to sync`}>
        <CloudUpload className="size-3.5" aria-hidden="true" /> {pending} to sync
      </span>
    );
  }
  return <OnlineBadge online={online} pending={pending} />;
}
