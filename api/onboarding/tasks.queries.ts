// Ticking a plan task: shared by the REST route and the sync engine's `task.setCompleted` mutation.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { OnboardingTask } from '../../shared/onboarding.ts';
import { pickTaskContent } from '../../shared/templates.ts';
import { nextVersion, type Tx } from '../db/client.ts';
import { preparedFor } from '../db/prepared.ts';
import { onboardingPlans, onboardingTasks } from '../db/schema.ts';
import { notFound } from '../lib/app-error.ts';
import { clientTimeUpToNow } from '../lib/client-time.ts';
import type { CurrentUser } from '../lib/env.ts';
import { movePlanFigures, planFigureColumns } from '../stats/plan-counters.ts';
import { perRole, visiblePlanParams } from './access.ts';

export type SetTaskCompletedInput = { taskId: string; isCompleted: boolean; completedAt?: string };

// Prepared statements bind `updatedAt` themselves (drizzle would freeze its $onUpdateFn value at prepare
// time), and booleans as 1/0 (a placeholder inside sql`` skips the column's encoder, and better-sqlite3
// cannot bind a JS boolean; PostgreSQL reads '1'/'0' as a boolean).
const statements = preparedFor((db) => ({
  findTask: perRole((scope, role) =>
    db
      .select({ taskId: onboardingTasks.id, taskCompleted: onboardingTasks.isCompleted, planId: onboardingPlans.id, plan: planFigureColumns })
      .from(onboardingTasks)
      .innerJoin(onboardingPlans, eq(onboardingTasks.planId, onboardingPlans.id))
      .where(and(eq(onboardingTasks.id, sql.placeholder('taskId')), isNull(onboardingTasks.deletedAt), scope))
      .prepare(`onboarding.tasks.find.${role}`),
  ),
  setTask: db
    .update(onboardingTasks)
    .set({
      isCompleted: sql`${sql.placeholder('isCompleted')}`,
      completedAt: sql`${sql.placeholder('completedAt')}`,
      version: sql`${sql.placeholder('version')}`,
      updatedAt: sql`${sql.placeholder('updatedAt')}`,
    })
    .where(eq(onboardingTasks.id, sql.placeholder('taskId')))
    .returning()
    .prepare('onboarding.tasks.set'),
  // A tick that leaves the plan's completion as it was changes its counter only, not its version or
  // updatedAt: the counter is not synced (devices count their own tasks).
  setPlanDone: db
    .update(onboardingPlans)
    .set({ tasksDone: sql`${sql.placeholder('tasksDone')}`, updatedAt: sql`${onboardingPlans.updatedAt}` })
    .where(eq(onboardingPlans.id, sql.placeholder('planId')))
    .prepare('onboarding.tasks.setPlanDone'),
  setPlan: db
    .update(onboardingPlans)
    .set({
      tasksDone: sql`${sql.placeholder('tasksDone')}`,
      isCompleted: sql`${sql.placeholder('isCompleted')}`,
      completedAt: sql`${sql.placeholder('completedAt')}`,
      version: sql`${sql.placeholder('version')}`,
      updatedAt: sql`${sql.placeholder('updatedAt')}`,
    })
    .where(eq(onboardingPlans.id, sql.placeholder('planId')))
    .prepare('onboarding.tasks.setPlan'),
}));

/**
 * Sets a task's completion as the caller may (admin: any plan of the company, manager: plans they
 * manage, new hire: own plan; else 404), then completes or reopens its plan. Opens no transaction
 * itself: callers run it inside `transaction(db, tx => ...)` and pass `tx`.
 */
export async function setTaskCompleted(tx: Tx, user: CurrentUser, input: SetTaskCompletedInput): Promise<OnboardingTask> {
  const statement = statements(tx);
  // The company's lock first, awaited: the plan's counters and completion read next cannot then change
  // before this commits (sent together, the read could reach the server first and see older counters).
  const version = await nextVersion(tx, user.companyId);
  const [found] = await statement.findTask[user.role].execute({ ...visiblePlanParams(user), taskId: input.taskId });
  if (!found) throw notFound('Task');

  const now = new Date();
  const updatedAt = now.toISOString();
  // The plan's counters move by this tick (decision 008); its completion follows them. Every write below
  // is known from what was read, so they go together.
  const before = found.plan;
  const tasksDone = before.tasksDone + (input.isCompleted ? 1 : 0) - (found.taskCompleted ? 1 : 0);
  const allDone = before.tasksTotal > 0 && tasksDone === before.tasksTotal;
  const completedAt = allDone ? (before.isCompleted ? before.completedAt : updatedAt) : null;
  const after = { ...before, tasksDone, isCompleted: allDone, completedAt };
  const planWrite =
    allDone !== before.isCompleted
      ? statement.setPlan.execute({ planId: found.planId, tasksDone, isCompleted: allDone ? 1 : 0, completedAt, version, updatedAt })
      : tasksDone !== before.tasksDone
        ? statement.setPlanDone.execute({ planId: found.planId, tasksDone })
        : undefined;
  const [[task]] = await Promise.all([
    statement.setTask.execute({
      taskId: input.taskId,
      isCompleted: input.isCompleted ? 1 : 0,
      completedAt: input.isCompleted ? clientTimeUpToNow(input.completedAt, now) : null,
      version,
      updatedAt,
    }),
    planWrite,
    planWrite ? movePlanFigures(tx, user.companyId, [before], [after]) : undefined,
  ]);
  if (!task) throw notFound('Task');
  return toOnboardingTask(task);
}

/** A task row as the API answers it (sync columns stay server-side). */
export function toOnboardingTask(row: typeof onboardingTasks.$inferSelect): OnboardingTask {
  return {
    id: row.id,
    planId: row.planId,
    templateTaskId: row.templateTaskId,
    sectionTitle: row.sectionTitle,
    dayStart: row.dayStart,
    dayEnd: row.dayEnd,
    ...pickTaskContent(row),
    dueDate: row.dueDate,
    isCompleted: row.isCompleted,
    completedAt: row.completedAt,
    order: row.order,
  };
}
