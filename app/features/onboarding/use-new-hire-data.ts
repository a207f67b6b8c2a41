// The new hire's screens read Dexie only (DESIGN.md section 6); the sync engine fills it.
// Two reads, so that each re-reads only when what it reads changes: a tick rewrites the task
// and the sync bookkeeping, never the company, the contacts or the refused changes. A task that did not
// change keeps its object from the read before, so a memoised row skips it.
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useMemo, useState } from 'react';
import { canSeePlan, newHireTasks, type OnboardingTask, type PlanDetails } from '../../../shared/onboarding.ts';
import { progressOf, type Progress } from '../../../shared/progress.ts';
import type { PullResponse } from '../../../shared/sync.ts';
import { getMeta, type LocalMessage, type RejectedChange } from '../../sync/db.ts';
import type { SyncEngine } from '../../sync/engine.ts';
import { sameData } from '../../sync/same-data.ts';
import { useSettledRead, type SettledReadOptions } from '../../sync/settled-read.ts';
import type { TaskNote } from './task-list.tsx';

export type NewHireData = {
  /** At least one pull has landed on this device. */
  synced: boolean;
  plan: PlanDetails | null;
  /** `SyncMeta.localWrites` as this read of the plan found it: every local action up to it is in `plan`. */
  localWritesSeen: number;
  company: PullResponse['company'] | null;
  contacts: PullResponse['contacts'] | null;
  taskNotes: Record<string, TaskNote>;
  rejected: RejectedChange[];
};

/** One note object for every task waiting to sync, so a row's props stay equal from read to read. */
const PENDING_NOTE: TaskNote = { kind: 'pending', text: 'Saved on this device, waiting to sync' };

/** What the plan's read reads, in one transaction: a write to any of them reads it again. */
const PLAN_TABLES = ['meta', 'plans', 'tasks', 'templates'];

type PlanRead = { synced: boolean; plan: PlanDetails | null; localWritesSeen: number; pendingTaskIds: ReadonlySet<string> };

/**
 * Until a pull has landed the screen waits for one, so its writes are read at once. `synced` comes from
 * the same read as the plan: read apart, a first visit showed "No onboarding plan" for the moment
 * between the pull landing and the plan's read.
 */
const PLAN_READ_OPTIONS: SettledReadOptions<PlanRead> = { readAtOnceWhile: (last) => !last.synced };

/**
 * A plan's progress on the device: the whole plan counts every task, the new hire's part only their own
 * tasks released by `today` (a held-back task counts from the day it shows).
 */
export function progressOnDevice(tasks: OnboardingTask[], today: string): Progress & { newHireProgress: Progress } {
  return { ...progressOf(tasks), newHireProgress: progressOf(newHireTasks(tasks, today)) };
}

/**
 * `today` ('YYYY-MM-DD', useToday): the plan's part and what shows are read again when the day changes.
 * `notePending`: tasks waiting to sync get a note (refused ones always do).
 */
export function useNewHireData(engine: SyncEngine, today: string, notePending: boolean): NewHireData | undefined {
  const { db, user } = engine;
  const [keepUnchanged] = useState(createTaskKeeper);

  const settings = useLiveQuery(async () => {
    const [company, contacts, rejected] = await Promise.all([getMeta(db, 'company'), getMeta(db, 'contacts'), getMeta(db, 'rejected')]);
    return { company: company ?? null, contacts: contacts ?? null, rejected: rejected ?? [] };
  }, [db]);

  // Read once writes settle, not at each (sync/settled-read.ts): ticks in a row show over the last read.
  const readPlan = useCallback(
    (): Promise<PlanRead> =>
      db.transaction('r', PLAN_TABLES, async () => {
        // One read-only transaction: the count and the tasks come from the same moment.
        const sync = await getMeta(db, 'sync');
        const synced = !!sync?.lastSyncedAt;
        const localWritesSeen = sync?.localWrites ?? 0;
        const plans = await db.plans.orderBy('createdAt').toArray();
        // The first plan, as the spec says: a new hire normally has exactly one.
        // Tasks of other people's plans (the person is someone's buddy) come without their plan: never this one.
        const row = plans.find((plan) => canSeePlan(user, plan)) ?? null;
        if (!row) return { synced, plan: null, localWritesSeen, pendingTaskIds: new Set() };
        const [localTasks, template] = await Promise.all([
          db.tasks.where('planId').equals(row.id).sortBy('order'),
          row.template ?? (row.templateId ? db.templates.get(row.templateId).then((found) => found ?? null) : null),
        ]);
        // A task with a base holds a change of this device that the server has not confirmed yet.
        const pendingTaskIds = new Set(localTasks.filter((task) => task.base !== undefined).map((task) => task.id));
        const tasks = keepUnchanged(localTasks.map(({ base: _base, plan: _plan, ...task }) => task));
        return { synced, plan: { ...row, template, tasks, ...progressOnDevice(tasks, today) }, localWritesSeen, pendingTaskIds };
      }),
    [db, user, keepUnchanged, today],
  );
  const planRead = useSettledRead(db, PLAN_TABLES, readPlan, PLAN_READ_OPTIONS);

  const rejected = settings?.rejected;
  const pendingTaskIds = planRead?.pendingTaskIds;
  const taskNotes = useMemo(() => {
    const notes: Record<string, TaskNote> = {};
    for (const note of rejected ?? []) {
      if (note.name === 'task.setCompleted' || note.name === 'form.submit') notes[note.targetId] = { kind: 'rejected', text: `Not synced: ${note.message}` };
    }
    if (notePending) for (const taskId of pendingTaskIds ?? []) notes[taskId] = PENDING_NOTE;
    return notes;
  }, [rejected, pendingTaskIds, notePending]);

  return useMemo(
    () => (!settings || !planRead ? undefined : { synced: planRead.synced, plan: planRead.plan, localWritesSeen: planRead.localWritesSeen, ...settings, taskNotes }),
    [settings, planRead, taskNotes],
  );
}

/**
 * Hands back each task object of the read before when the new read of it is equal, so that only the
 * rows of tasks that changed render again.
 */
export function createTaskKeeper(): (tasks: OnboardingTask[]) => OnboardingTask[] {
  let before = new Map<string, OnboardingTask>();
  return (tasks) => {
    const now = new Map<string, OnboardingTask>();
    const kept = tasks.map((task) => {
      const previous = before.get(task.id);
      const same = previous && sameData(previous, task) ? previous : task;
      now.set(task.id, same);
      return same;
    });
    before = now;
    return kept;
  };
}

/** A plan's conversation, oldest first, including messages still waiting to send. */
export function usePlanMessages(engine: SyncEngine, planId: string): LocalMessage[] | undefined {
  return useLiveQuery(() => engine.db.messages.where('planId').equals(planId).sortBy('createdAt'), [engine, planId]);
}

/** Unread messages addressed to the new hire, for the Messages button's badge. */
export function useUnreadCount(engine: SyncEngine, planId: string): number {
  const messages = usePlanMessages(engine, planId);
  return (messages ?? []).filter((message) => message.receiverId === engine.user.id && !message.isRead).length;
}
