// The new hire's screens read Dexie only (DESIGN.md section 6); the sync engine fills it.
import { useLiveQuery } from 'dexie-react-hooks';
import { canSeePlan, type PlanDetails } from '../../../shared/onboarding.ts';
import { progressOf } from '../../../shared/progress.ts';
import type { PullResponse } from '../../../shared/sync.ts';
import { getMeta, type LocalMessage, type RejectedChange } from '../../sync/db.ts';
import type { SyncEngine } from '../../sync/engine.ts';
import type { TaskNote } from './task-list.tsx';

export type NewHireData = {
  /** At least one pull has landed on this device. */
  synced: boolean;
  plan: PlanDetails | null;
  company: PullResponse['company'] | null;
  contacts: PullResponse['contacts'] | null;
  taskNotes: Record<string, TaskNote>;
  rejected: RejectedChange[];
};

export function useNewHireData(engine: SyncEngine): NewHireData | undefined {
  return useLiveQuery(async (): Promise<NewHireData> => {
    const { db, user } = engine;
    const [sync, company, contacts, rejected, plans, outbox] = await Promise.all([
      getMeta(db, 'sync'),
      getMeta(db, 'company'),
      getMeta(db, 'contacts'),
      getMeta(db, 'rejected'),
      db.plans.orderBy('createdAt').toArray(),
      db.outbox.toArray(),
    ]);
    // The first plan, as the spec says: a new hire normally has exactly one.
    const row = plans.find((plan) => canSeePlan(user, plan)) ?? null;
    let plan: PlanDetails | null = null;
    if (row) {
      const tasks = (await db.tasks.where('planId').equals(row.id).sortBy('order')).map(({ base: _base, ...task }) => task);
      const template = row.template ?? (row.templateId ? ((await db.templates.get(row.templateId)) ?? null) : null);
      plan = { ...row, template, tasks, ...progressOf(tasks) };
    }

    const taskNotes: Record<string, TaskNote> = {};
    for (const note of rejected ?? []) {
      if (note.name === 'task.setCompleted') taskNotes[note.targetId] = { kind: 'rejected', text: `Not synced: ${note.message}` };
    }
    for (const change of outbox) {
      if (change.name === 'task.setCompleted') {
        taskNotes[(change.args as { taskId: string }).taskId] = { kind: 'pending', text: 'Saved on this device, waiting to sync' };
      }
    }
    return {
      synced: !!sync?.lastSyncedAt,
      plan,
      company: company ?? null,
      contacts: contacts ?? null,
      taskNotes,
      rejected: rejected ?? [],
    };
  }, [engine]);
}

/** A plan's conversation, oldest first, including messages still waiting to send. */
export function usePlanMessages(engine: SyncEngine, planId: string): LocalMessage[] | undefined {
  return useLiveQuery(() => engine.db.messages.where('planId').equals(planId).sortBy('createdAt'), [engine, planId]);
}
