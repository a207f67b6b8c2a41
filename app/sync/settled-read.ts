// A read of Dexie that follows its tables' writes the way a screen needs when the writes come in runs.
// Dexie's liveQuery reads again at every write and throws a read away when the next write overtakes it:
// ticks in a row (a task and its outbox row each) made the new hire's dashboard read the plan's 200 tasks
// once per tick, mostly for nothing, and that work landed on the next tick's frame (issue 20). Here the
// first write after a quiet moment is read at once, as before, and the writes that follow it within
// `quietMs` are read once, when they stop (or every `maxWaitMs` while they go on). Ticks show over the
// last read in the meantime (features/onboarding/use-ticking.ts).
import Dexie from 'dexie';
import { startTransition, useEffect, useState } from 'react';

/** Ticks at a person's quickest come 150-300 ms apart. */
const SETTLE_QUIET_MS = 300;
const SETTLE_MAX_WAIT_MS = 2_000;

const QUIET_ERRORS = new Set(['DatabaseClosedError', 'AbortError']);

export type SettledReadOptions<T> = {
  quietMs?: number;
  maxWaitMs?: number;
  /**
   * While this holds of the last result, every write is read at once. A screen waiting for its first
   * data (a first visit's pull) shows it the moment it lands instead of a quiet moment later, and
   * never shows the empty answer of the read before it in the meantime.
   */
  readAtOnceWhile?: (last: T) => boolean;
};

/**
 * Calls `onResult` with `read()` now and after the writes to `tables` of `db` (this tab's or another's);
 * never two reads at once, so results arrive in order. Returns the stop function.
 */
export function watchSettled<T>(
  db: Dexie,
  tables: readonly string[],
  read: () => Promise<T>,
  onResult: (result: T) => void,
  onError: (error: unknown) => void,
  { quietMs = SETTLE_QUIET_MS, maxWaitMs = SETTLE_MAX_WAIT_MS, readAtOnceWhile }: SettledReadOptions<T> = {},
): () => void {
  const prefixes = tables.map((table) => `idb://${db.name}/${table}/`);
  let stopped = false;
  let running = false;
  let changedWhileRunning = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let waitingSince: number | null = null;
  let lastRunEnded = -Infinity;
  let last: { result: T } | null = null;
  const readAtOnce = () => !!last && !!readAtOnceWhile?.(last.result);

  const run = async () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    waitingSince = null;
    running = true;
    try {
      const result = await read();
      last = { result };
      if (!stopped) onResult(result);
    } catch (error) {
      // The database closing under a read (signing out deletes it) is no error to show, as in liveQuery.
      if (!stopped && !QUIET_ERRORS.has((error as { name?: string } | null)?.name ?? '')) onError(error);
    } finally {
      running = false;
      lastRunEnded = performance.now();
      if (changedWhileRunning && !stopped) {
        changedWhileRunning = false;
        if (readAtOnce()) void run();
        else later();
      }
    }
  };

  /** Reads once the writes have been quiet for `quietMs`, or at once when they have kept it waiting `maxWaitMs`. */
  const later = () => {
    const now = performance.now();
    waitingSince ??= now;
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(() => void run(), Math.max(0, Math.min(quietMs, waitingSince + maxWaitMs - now)));
  };

  const onWrite = (parts: Record<string, unknown>) => {
    if (stopped || !Object.keys(parts).some((part) => prefixes.some((prefix) => part.startsWith(prefix)))) return;
    if (running) changedWhileRunning = true;
    else if (readAtOnce() || (timer === null && performance.now() - lastRunEnded >= quietMs)) void run();
    else later();
  };

  Dexie.on.storagemutated.subscribe(onWrite);
  void run();
  return () => {
    stopped = true;
    if (timer !== null) clearTimeout(timer);
    Dexie.on.storagemutated.unsubscribe(onWrite);
  };
}

/**
 * `watchSettled` as a hook: undefined until the first read, and without a database. `tables` and
 * `options` are constants and `read` a memoised function (useCallback): the hook watches again when one
 * changes. A failed read is thrown in render, for the route's error boundary, as useLiveQuery does.
 */
export function useSettledRead<T>(db: Dexie | null, tables: readonly string[], read: () => Promise<T>, options?: SettledReadOptions<T>): T | undefined {
  const [state, setState] = useState<{ result: T } | { error: unknown } | null>(null);
  useEffect(() => {
    if (!db) return;
    return watchSettled(
      db,
      tables,
      read,
      // A transition: React renders it in slices and sets it aside for a click, so a read landing
      // between two ticks never holds the second one up, and a first visit's renders are no long task.
      (result) => startTransition(() => setState({ result })),
      (error) => setState({ error }),
      options,
    );
  }, [db, tables, read, options]);
  if (state && 'error' in state) throw state.error;
  // Until a new `read` answers, the last result stays: the best there is.
  return db && state ? state.result : undefined;
}
