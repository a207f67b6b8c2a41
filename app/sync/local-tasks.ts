// What a new hire's device shows of the tasks they do, read from Dexie (offline-first): their own plan's
// tasks assigned to them, released by today, and the tasks of other people's plans assigned to them
// (which name their plan). My tasks and the sidebar's count read these.
import { MY_TASKS_DONE_DAYS, type MyTask } from '../../shared/onboarding.ts';
import { addDays, isReleased, taskTiming } from '../../shared/plan-calendar.ts';
import type { KickoffDb } from './db.ts';

/** The tasks assigned to `userId` that the device holds, each with the plan it is for; open first in plan order. */
export async function localAssignedTasks(db: KickoffDb, userId: string, today: string): Promise<MyTask[]> {
  const [tasks, plans] = await Promise.all([db.tasks.where('assigneeId').equals(userId).toArray(), db.plans.toArray()]);
  const plansById = new Map(plans.map((plan) => [plan.id, plan]));
  const mine: MyTask[] = [];
  for (const { base: _base, plan: named, ...task } of tasks) {
    const ownPlan = plansById.get(task.planId);
    // A task of their own plan shows from its release date on; one of another plan names that plan.
    const plan = named ?? (ownPlan && { id: ownPlan.id, kind: ownPlan.kind, startDate: ownPlan.startDate, newHire: ownPlan.newHire });
    if (!plan || (!named && !isReleased(task, today))) continue;
    mine.push({ ...task, plan });
  }
  return mine;
}

/** My tasks as the server lists them: open ones, and those done in the last week. */
export function shownInMyTasks(tasks: MyTask[], today: string): MyTask[] {
  const doneSince = addDays(today, -MY_TASKS_DONE_DAYS);
  return tasks.filter((task) => !task.isCompleted || (task.completedAt !== null && task.completedAt.slice(0, 10) >= doneSince));
}

/** The sidebar's figures of the same tasks (GET /api/my-tasks/count's shape). */
export function countOpen(tasks: MyTask[], today: string): { open: number; overdue: number } {
  const open = tasks.filter((task) => !task.isCompleted);
  return { open: open.length, overdue: open.filter((task) => taskTiming(task, today) === 'overdue').length };
}
