// Ticking a plan task: shared by the REST route and the sync engine's `task.setCompleted` mutation.
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { OnboardingTask } from '../../shared/onboarding.ts';
import { pickTaskContent } from '../../shared/templates.ts';
import { nextVersion, type Tx } from '../db/client.ts';
import { preparedFor } from '../db/prepared.ts';
import { onboardingPlans, onboardingTasks } from '../db/schema.ts';
import { notFound } from '../lib/app-error.ts';
import { clientTimeUpToNow } from '../lib/client-time.ts';
import type { CurrentUser } from '../lib/env.ts';
import { perRole, visiblePlanParams } from './access.ts';

/**
 * How many of the counted tasks are ticked, as a number on both engines: PostgreSQL cannot sum a
 * boolean, and its sum is a bigint that would arrive as a string.
 */
export const completedCount = sql<number>`cast(coalesce(sum(case when ${onboardingTasks.isCompleted} then 1 else 0 end), 0) as integer)`.mapWith(Number);

export type SetTaskCompletedInput = { taskId: string; isCompleted: boolean; completedAt?: string };

// Prepared statements bind `updatedAt` themselves (drizzle would freeze its $onUpdateFn value at prepare
// time), and booleans as 1/0 (a placeholder inside sql`` skips the column's encoder, and better-sqlite3
// cannot bind a JS boolean; PostgreSQL reads '1'/'0' as a boolean).
const statements = preparedFor((db) => ({
  findTask: perRole((scope, role) =>
    db
      .select({ taskId: onboardingTasks.id, planId: onboardingPlans.id, planCompleted: onboardingPlans.isCompleted })
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
  planTaskCounts: db
    .select({ total: count(), done: completedCount })
    .from(onboardingTasks)
    .where(and(eq(onboardingTasks.planId, sql.placeholder('planId')), isNull(onboardingTasks.deletedAt)))
    .prepare('onboarding.tasks.planCounts'),
  setPlan: db
    .update(onboardingPlans)
    .set({
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
  // The company's lock first: the plan's completion read below cannot then change before this commits.
  const version = await nextVersion(tx, user.companyId);
  const [found] = await statement.findTask[user.role].execute({ ...visiblePlanParams(user), taskId: input.taskId });
  if (!found) throw notFound('Task');

  const now = new Date();
  const updatedAt = now.toISOString();
  const [task] = await statement.setTask.execute({
    taskId: input.taskId,
    isCompleted: input.isCompleted ? 1 : 0,
    completedAt: input.isCompleted ? clientTimeUpToNow(input.completedAt, now) : null,
    version,
    updatedAt,
  });
  if (!task) throw notFound('Task');

  const [counts] = await statement.planTaskCounts.execute({ planId: found.planId });
  const allDone = !!counts && counts.total > 0 && counts.done === counts.total;
  if (allDone !== found.planCompleted) {
    await statement.setPlan.execute({ planId: found.planId, isCompleted: allDone ? 1 : 0, completedAt: allDone ? updatedAt : null, version, updatedAt });
  }
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
