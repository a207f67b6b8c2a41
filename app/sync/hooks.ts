// React bindings of the sync engine: the engine of the signed-in new hire, its status, the outbox
// count, and the live Dexie reads the new-hire screens render from.
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type { SessionUser } from '../../shared/auth.ts';
import type { MyTask } from '../../shared/onboarding.ts';
import { toIsoDate } from '../../shared/plan-calendar.ts';
import { isPersonsChange, type SyncEngine, type SyncSnapshot, type SyncStatus } from './engine.ts';
import { countOpen, localAssignedTasks, shownInMyTasks } from './local-tasks.ts';
import { syncEngineFor } from './session.ts';
import { useSettledRead } from './settled-read.ts';

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

/** The engine's status as a screen that only asks "can it sync now?" needs it: syncing and idle are both 'ok'. */
export type SyncHealth = 'ok' | Exclude<SyncStatus, 'idle' | 'syncing'>;

const healthOf = (status: SyncStatus): SyncHealth => (status === 'idle' || status === 'syncing' ? 'ok' : status);

/**
 * The engine's health: unlike useSyncSnapshot, a sync starting and ending renders nothing. The new
 * hire's dashboard renders its whole plan from here; useSyncSnapshot rendered it twice for every sync,
 * synchronously (an external store's change is never deferred), so an online tick's sync landed on the
 * next tick's frame.
 */
export function useSyncHealth(engine: SyncEngine): SyncHealth {
  return useSyncExternalStore(
    engine.subscribe,
    () => healthOf(engine.getSnapshot().status),
    () => 'ok',
  );
}

/** What the pending count reads: every tick and message writes it. */
const OUTBOX_TABLES = ['outbox'];

/**
 * How many of the person's changes wait in the outbox (0 without an engine); read receipts do not
 * count. Read once writes settle (settled-read.ts): offline, a run of ticks read the whole, growing
 * outbox at each one.
 */
export function usePendingCount(engine: SyncEngine | null): number {
  // Read whole and counted here: Dexie walks a filter() with a cursor, one round trip per row.
  const read = useCallback(async () => (engine ? (await engine.db.outbox.toArray()).filter(isPersonsChange).length : 0), [engine]);
  return useSettledRead(engine?.db ?? null, OUTBOX_TABLES, read) ?? 0;
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

/** Today ('YYYY-MM-DD' in the reader's calendar), changing at midnight: a held-back task appears on its day. */
export function useToday(): string {
  const [today, setToday] = useState(() => toIsoDate(new Date()));
  useEffect(() => {
    const now = new Date();
    const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1).getTime() - now.getTime();
    const timer = setTimeout(() => setToday(toIsoDate(new Date())), midnight + 1_000);
    return () => clearTimeout(timer);
  }, [today]);
  return today;
}

/** My tasks of a new hire, from the device: undefined while the first read runs. */
export function useLocalMyTasks(engine: SyncEngine | null, today: string): MyTask[] | undefined {
  return useLiveQuery(async () => (engine ? shownInMyTasks(await localAssignedTasks(engine.db, engine.user.id, today), today) : []), [engine, today]);
}

/** What the count reads: a write to either reads it again. */
const COUNT_TABLES = ['tasks', 'plans'];

/**
 * The sidebar's count of a new hire's open tasks, from the device; read once writes settle
 * (settled-read.ts), not at each tick of a run.
 */
export function useLocalMyTasksCount(engine: SyncEngine | null, today: string): { open: number; overdue: number } | undefined {
  const read = useCallback(async () => (engine ? countOpen(await localAssignedTasks(engine.db, engine.user.id, today), today) : undefined), [engine, today]);
  return useSettledRead(engine?.db ?? null, COUNT_TABLES, read);
}
