// @vitest-environment node
// My tasks of a new hire read from the device: their own released tasks and those of other people's plans.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { SyncPlan } from '../../shared/sync.ts';
import { createKickoffDb, dbNameFor, type KickoffDb } from './db.ts';
import { countOpen, localAssignedTasks, shownInMyTasks } from './local-tasks.ts';
import { checklistTask, testPlan } from './test-fixtures.ts';

const ME = crypto.randomUUID();
const OWN_PLAN = crypto.randomUUID();
const OTHER_PLAN = crypto.randomUUID();
const ME_PERSON = { id: ME, fullName: 'Kavya Silva', email: 'kavya@test', profileImageUrl: null };
const ALEX = { id: crypto.randomUUID(), fullName: 'Alex Chen', email: 'alex@test', profileImageUrl: null };

const plan: SyncPlan = testPlan({ id: OWN_PLAN, newHireId: ME, newHire: ME_PERSON });

let db: KickoffDb;
afterEach(async () => {
  db.close();
  await db.delete();
});

describe('my tasks on the device', () => {
  it('lists my released tasks of my plan and my tasks of other plans, each naming whose plan; the count leaves done ones out', async () => {
    db = createKickoffDb(crypto.randomUUID());
    await db.plans.put(plan);
    const own = (order: number, fields = {}) => checklistTask(order, { planId: OWN_PLAN, assigneeId: ME, dueDate: '2026-01-09', opensOn: '2026-01-05', ...fields });
    await db.tasks.bulkPut([
      own(0),
      own(1, { releaseOn: '2026-01-20', title: 'Held back' }),
      own(2, { isCompleted: true, completedAt: '2025-12-01T09:00:00.000Z', title: 'Done long ago' }),
      own(3, { assigneeId: 'someone-else', assigneeKind: 'hr', title: 'Laptop ordered' }),
      checklistTask(0, {
        planId: OTHER_PLAN,
        assigneeId: ME,
        assigneeKind: 'buddy',
        title: 'Show Alex around',
        dueDate: '2026-01-02',
        plan: { id: OTHER_PLAN, kind: 'onboarding', startDate: '2026-01-01', newHire: ALEX },
      } as never),
    ]);
    const today = '2026-01-06';
    const tasks = await localAssignedTasks(db, ME, today);
    expect(tasks.map((task) => [task.title, task.plan.newHire.fullName]).sort()).toEqual([
      ['Done long ago', 'Kavya Silva'],
      ['Show Alex around', 'Alex Chen'],
      ['Task 1', 'Kavya Silva'],
    ]);
    expect(
      shownInMyTasks(tasks, today)
        .map((task) => task.title)
        .sort(),
    ).toEqual(['Show Alex around', 'Task 1']);
    expect(countOpen(tasks, today)).toEqual({ open: 2, overdue: 1 });
    // Released on its day, offline too: the device decides by date.
    expect((await localAssignedTasks(db, ME, '2026-01-20')).map((task) => task.title)).toContain('Held back');
  });
});

describe('the device database of issue 17 (version 2)', () => {
  it('asks for the full state on the next pull, since the rows held lack the new fields', async () => {
    const userId = crypto.randomUUID();
    const { Dexie } = await import('dexie');
    const old = new Dexie(dbNameFor(userId));
    old.version(1).stores({ plans: 'id, newHireId, createdAt', tasks: 'id, planId', templates: 'id', messages: 'id, planId, createdAt', outbox: 'id', meta: 'key' });
    await old.table('meta').put({ key: 'sync', value: { clientId: 'c', nextMutationId: 3, cursor: 41, lastSyncedAt: '2026-01-01T00:00:00.000Z' } });
    old.close();

    db = createKickoffDb(userId);
    expect((await db.meta.get('sync'))?.value).toMatchObject({ cursor: 0, nextMutationId: 3 });
    expect(await db.tasks.where('assigneeId').equals(userId).count()).toBe(0);
  });
});
