// A tick shows in the frame of its click (issue 20). The click sets React state, which React renders
// before the next paint (a click is a discrete event), and the rows and the progress read it over what
// Dexie holds until a read of Dexie holds the tick (SyncMeta.localWrites says when). Dexie's write (the
// task and its outbox row in one transaction) and the sync (after the paint) follow behind. From then
// on Dexie's value is shown again, so a tick the server refuses is undone on screen as before.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { NO_TASK_IDS, type OnboardingTask, type PlanDetails } from '../../../shared/onboarding.ts';
import { notify, notifyError } from '../../lib/notify.ts';
import type { SyncEngine } from '../../sync/engine.ts';
import { progressOnDevice } from './use-new-hire-data.ts';

/** A tick that reads of Dexie may not hold yet: the person's choice, and its write's number once written. */
export type TickInFlight = { isCompleted: boolean; completedAt: string | null; click: number; localWrite: number | null };
export type TicksInFlight = ReadonlyMap<string, TickInFlight>;

const NO_TICKS: TicksInFlight = new Map();

/**
 * Ticks in a row update one toast in place: a new toast each time would mount, measure itself and
 * animate in at every tick, work that lands on the next tick's frame.
 */
const TICK_TOAST = { replaces: 'task-tick' };

/**
 * The plan as it shows with the ticks in flight, and the handler of a tick. `localWritesSeen` is
 * `SyncMeta.localWrites` as the read that gave `plan` found it.
 */
export function useTicking(engine: SyncEngine, plan: PlanDetails | null, localWritesSeen: number, today: string) {
  const [ticks, setTicks] = useState<TicksInFlight>(NO_TICKS);
  // Ticked on this screen: they keep their place in Today's Tasks (todaysTasks) until the person leaves it.
  const [tickedHere, setTickedHere] = useState<ReadonlySet<string>>(NO_TASK_IDS);
  const clicks = useRef(0);
  const latestSeen = useRef(localWritesSeen);
  useEffect(() => {
    latestSeen.current = localWritesSeen;
  }, [localWritesSeen]);

  const shown = useMemo(() => (plan ? withTicks(plan, ticks, localWritesSeen, today) : null), [plan, ticks, localWritesSeen, today]);

  const toggle = useCallback(
    (task: OnboardingTask, isCompleted: boolean) => {
      clicks.current += 1;
      const click = clicks.current;
      const completedAt = isCompleted ? new Date().toISOString() : null;
      const seen = latestSeen.current;
      setTicks((current) => withTick(withoutSeen(current, seen), task.id, { isCompleted, completedAt, click, localWrite: null }));
      setTickedHere((current) => (current.has(task.id) ? current : new Set(current).add(task.id)));
      void engine.mutate('task.setCompleted', { taskId: task.id, isCompleted, completedAt }).then(
        async ({ localWrite, outcome }) => {
          setTicks((current) => {
            const tick = current.get(task.id);
            return tick?.click === click ? withTick(current, task.id, { ...tick, localWrite }) : current;
          });
          const result = await outcome;
          if (result === 'applied') notify.success('Your progress has been saved!', undefined, TICK_TOAST);
          else if (result === 'queued') {
            const saved = engine.getSnapshot().status === 'unauthorized' ? 'Saved on this device — sign in again to sync' : 'Saved on this device — will sync when online';
            notify.info(saved, undefined, TICK_TOAST);
          }
        },
        (error: unknown) => {
          // Not written: the screen goes back to what the device holds.
          setTicks((current) => (current.get(task.id)?.click === click ? withoutTask(current, task.id) : current));
          notifyError(error, 'Could not save this change');
        },
      );
    },
    [engine],
  );

  return { plan: shown, toggle, tickedHere };
}

/**
 * Each read task's object with a tick laid over it. Ticks in a row can outpace the reads of Dexie (a live
 * query that a write overtakes is read again, not delivered), so every tick of a run may stay laid over
 * one read; the same object each time lets the memoised rows of the earlier ticks skip every render.
 */
const overlays = new WeakMap<OnboardingTask, OnboardingTask>();

function withTickOver(task: OnboardingTask, tick: TickInFlight): OnboardingTask {
  const kept = overlays.get(task);
  if (kept?.isCompleted === tick.isCompleted && kept.completedAt === tick.completedAt) return kept;
  const shown = { ...task, isCompleted: tick.isCompleted, completedAt: tick.completedAt };
  overlays.set(task, shown);
  return shown;
}

/** The plan with every tick that the read of `plan` may not hold laid over it, progress included. */
export function withTicks(plan: PlanDetails, ticks: TicksInFlight, localWritesSeen: number, today: string): PlanDetails {
  if (ticks.size === 0) return plan;
  let changed = false;
  const tasks = plan.tasks.map((task) => {
    const tick = ticks.get(task.id);
    if (!tick || (tick.localWrite !== null && tick.localWrite <= localWritesSeen) || tick.isCompleted === task.isCompleted) return task;
    changed = true;
    return withTickOver(task, tick);
  });
  return changed ? { ...plan, tasks, ...progressOnDevice(tasks, today) } : plan;
}

function withTick(ticks: TicksInFlight, taskId: string, tick: TickInFlight): TicksInFlight {
  const next = new Map(ticks);
  next.set(taskId, tick);
  return next;
}

function withoutTask(ticks: TicksInFlight, taskId: string): TicksInFlight {
  const next = new Map(ticks);
  next.delete(taskId);
  return next;
}

/** Drops the ticks that a read of Dexie already holds (they no longer change what shows). */
export function withoutSeen(ticks: TicksInFlight, localWritesSeen: number): TicksInFlight {
  const seen = [...ticks].filter(([, tick]) => tick.localWrite !== null && tick.localWrite <= localWritesSeen);
  if (seen.length === 0) return ticks;
  const next = new Map(ticks);
  for (const [taskId] of seen) next.delete(taskId);
  return next;
}
