// React bindings of the sync engine: the engine of the signed-in new hire, its status, the outbox
// count, and the live Dexie reads the new-hire screens render from.
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useSyncExternalStore } from 'react';
import type { SessionUser } from '../../shared/auth.ts';
import { isPersonsChange, type SyncEngine, type SyncSnapshot } from './engine.ts';
import { syncEngineFor } from './session.ts';

/** The engine of a new hire (their screens are offline-first); null for staff, whose screens are online. */
export function useSyncEngine(user: SessionUser | null | undefined): SyncEngine | null {
  const engine = user?.role === 'new_hire' ? syncEngineFor({ id: user.id, fullName: user.fullName, role: user.role, email: user.email }) : null;
  // A page that was paused by a 401 and now has a signed-in person again: send the kept outbox.
  useEffect(() => {
    if (engine && engine.getSnapshot().status === 'unauthorized') engine.resume();
  }, [engine, user]);
  return engine;
}

const idleSnapshot: SyncSnapshot = { status: 'idle', lastSyncedAt: null, error: null };
const noop = () => () => undefined;

export function useSyncSnapshot(engine: SyncEngine | null): SyncSnapshot {
  return useSyncExternalStore(engine?.subscribe ?? noop, engine?.getSnapshot ?? (() => idleSnapshot), () => idleSnapshot);
}

/** How many of the person's changes wait in the outbox (0 without an engine); read receipts do not count. */
export function usePendingCount(engine: SyncEngine | null): number {
  // Read whole and counted here: Dexie walks a filter() with a cursor, one round trip per row.
  return useLiveQuery(async () => (engine ? (await engine.db.outbox.toArray()).filter(isPersonsChange).length : 0), [engine], 0);
}

/** An open conversation: pulls at once, then every 3 s while mounted and the change stream is down. */
export function useConversationPolling(engine: SyncEngine | null, active: boolean) {
  useEffect(() => {
    if (!engine || !active) return;
    const close = engine.openConversation();
    void engine.sync();
    return close;
  }, [engine, active]);
}
