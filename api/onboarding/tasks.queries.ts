// Plan tasks as the API answers them, and ticking one: shared by the REST route and the sync engine's
// `task.setCompleted` mutation.
import { and, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { canCompleteTask, type OnboardingTask } from '../../shared/onboarding.ts';
import { fillTaskText, nameOf, taskHasPlaceholders, type PlaceholderValues } from '../../shared/placeholders.ts';
import { copyTaskContent } from '../../shared/templates.ts';
import { nextVersion, type Tx } from '../db/client.ts';
import { preparedFor } from '../db/prepared.ts';
import { onboardingPlans, onboardingTasks, users } from '../db/schema.ts';
import type { PlanRef } from '../events/events.queries.ts';
import { ACTION_TASK_TICK_MESSAGES, isActionTask } from '../../shared/tasks.ts';
import { badRequest, notFound } from '../lib/app-error.ts';
import { clientTimeUpToNow } from '../lib/client-time.ts';
import type { CurrentUser } from '../lib/env.ts';
import { movePlanFigures, planFigureColumns } from '../stats/plan-counters.ts';
import { placeholderValuesOf } from './plan-parties.ts';
import { enabledEndpoints, enqueueWebhookEvent, subscribedTo, webhookPerson, webhookPlan } from '../webhooks/webhook-events.ts';

export type SetTaskCompletedInput = { taskId: string; isCompleted: boolean; completedAt?: string };
/** `byAction`: the task's own action completes it (a form submitted, a policy accepted, a file uploaded). */
export type SetTaskCompletedOptions = { byAction?: boolean };

/** A tick's answer, and its plan with the plan's people: all its poke needs, so none is read after the commit. */
export type TaskTick = { task: OnboardingTask; plan: PlanRef };

/** The server's date (UTC) for release and overdue checks. */
export function serverToday(): string {
  return new Date().toISOString().slice(0, 10);
}

/** The person a task is assigned to: join it with `leftJoin(taskAssignee, taskAssigneeJoin)` and select `taskAssigneeColumns`. */
export const taskAssignee = alias(users, 'task_assignee');
export const taskAssigneeJoin = eq(taskAssignee.id, onboardingTasks.assigneeId);
export const taskAssigneeColumns = {
  assigneeFullName: taskAssignee.fullName,
  assigneeFirstName: taskAssignee.firstName,
  assigneeLastName: taskAssignee.lastName,
  assigneeEmail: taskAssignee.email,
};
type AssigneeColumns = { assigneeFullName: string | null; assigneeFirstName: string | null; assigneeLastName: string | null; assigneeEmail: string | null };
/** A task row with its assignee's name columns (null when nobody is assigned). */
export type TaskRowWithAssignee = typeof onboardingTasks.$inferSelect & AssigneeColumns;
/** Every column of a task plus its assignee's name: `select(taskWithAssigneeColumns)`. */
export const taskWithAssigneeColumns = { ...getTableColumns(onboardingTasks), ...taskAssigneeColumns };

function assigneeNameOf(row: Partial<AssigneeColumns>): string | null {
  if (row.assigneeEmail == null) return null;
  return nameOf({ fullName: row.assigneeFullName ?? null, firstName: row.assigneeFirstName ?? null, lastName: row.assigneeLastName ?? null, email: row.assigneeEmail }, '');
}

// Prepared statements bind `updatedAt` themselves (drizzle would freeze its $onUpdateFn value at prepare
// time), and booleans as 1/0 (a placeholder inside sql`` skips the column's encoder, and better-sqlite3
// cannot bind a JS boolean; PostgreSQL reads '1'/'0' as a boolean).
const statements = preparedFor((db) => ({
  // Any live task of the company: who may tick it is decided from what it returns (canCompleteTask).
  findTask: db
    .select({
      taskId: onboardingTasks.id,
      taskCompleted: onboardingTasks.isCompleted,
      taskType: onboardingTasks.type,
      assigneeId: onboardingTasks.assigneeId,
      assigneeKind: onboardingTasks.assigneeKind,
      ...taskAssigneeColumns,
      planId: onboardingPlans.id,
      managerId: onboardingPlans.managerId,
      newHireId: onboardingPlans.newHireId,
      newHireTasksDone: onboardingPlans.newHireTasksDone,
      plan: planFigureColumns,
    })
    .from(onboardingTasks)
    .innerJoin(onboardingPlans, eq(onboardingTasks.planId, onboardingPlans.id))
    .leftJoin(taskAssignee, taskAssigneeJoin)
    .where(
      and(
        eq(onboardingTasks.id, sql.placeholder('taskId')),
        isNull(onboardingTasks.deletedAt),
        eq(onboardingPlans.companyId, sql.placeholder('companyId')),
        isNull(onboardingPlans.deletedAt),
      ),
    )
    .prepare('onboarding.tasks.find'),
  setTask: db
    .update(onboardingTasks)
    .set({
      isCompleted: sql`${sql.placeholder('isCompleted')}`,
      completedAt: sql`${sql.placeholder('completedAt')}`,
      completedBy: sql`${sql.placeholder('completedBy')}`,
      version: sql`${sql.placeholder('version')}`,
      updatedAt: sql`${sql.placeholder('updatedAt')}`,
    })
    .where(eq(onboardingTasks.id, sql.placeholder('taskId')))
    .returning()
    .prepare('onboarding.tasks.set'),
  // A tick that leaves the plan's completion as it was changes its counters only, not its version or
  // updatedAt: the counters are not synced (devices count their own tasks).
  setPlanDone: db
    .update(onboardingPlans)
    .set({
      tasksDone: sql`${sql.placeholder('tasksDone')}`,
      newHireTasksDone: sql`${sql.placeholder('newHireTasksDone')}`,
      updatedAt: sql`${onboardingPlans.updatedAt}`,
    })
    .where(eq(onboardingPlans.id, sql.placeholder('planId')))
    .prepare('onboarding.tasks.setPlanDone'),
  setPlan: db
    .update(onboardingPlans)
    .set({
      tasksDone: sql`${sql.placeholder('tasksDone')}`,
      newHireTasksDone: sql`${sql.placeholder('newHireTasksDone')}`,
      isCompleted: sql`${sql.placeholder('isCompleted')}`,
      completedAt: sql`${sql.placeholder('completedAt')}`,
      version: sql`${sql.placeholder('version')}`,
      updatedAt: sql`${sql.placeholder('updatedAt')}`,
    })
    .where(eq(onboardingPlans.id, sql.placeholder('planId')))
    .prepare('onboarding.tasks.setPlan'),
}));

/**
 * Sets a task's completion as the caller may (canCompleteTask: its assignee, even on a plan they cannot
 * otherwise see, or whoever may see the plan; anyone else 404), records who ticked it, then completes or reopens its plan. Opens no transaction itself:
 * callers run it inside `transaction(db, tx => ...)` and pass `tx`.
 */
export async function setTaskCompleted(tx: Tx, user: CurrentUser, input: SetTaskCompletedInput, options: SetTaskCompletedOptions = {}): Promise<TaskTick> {
  const statement = statements(tx);
  // The company's lock, then the task with its plan's counters, sent together: one connection runs its
  // statements in the order sent, and the read's snapshot begins once the lock is held, so no other
  // writer can change those counters before this commits. The lock costs no round trip of its own.
  const [version, [found]] = await Promise.all([nextVersion(tx, user.companyId), statement.findTask.execute({ companyId: user.companyId, taskId: input.taskId })]);
  if (!found) throw notFound('Task');
  if (!canCompleteTask(user, found, found)) throw notFound('Task');
  // Such a task is done by doing it; unticking it (reopening) stays open to whoever may tick.
  if (input.isCompleted && !options.byAction && isActionTask(found.taskType)) throw badRequest(ACTION_TASK_TICK_MESSAGES[found.taskType]);

  const now = new Date();
  const updatedAt = now.toISOString();
  // The plan's counters move by this tick (decision 008); its completion follows them. Every write below
  // is known from what was read, so they go together.
  const before = found.plan;
  const step = (input.isCompleted ? 1 : 0) - (found.taskCompleted ? 1 : 0);
  const tasksDone = before.tasksDone + step;
  const newHireTasksDone = found.newHireTasksDone + (found.assigneeKind === 'new_hire' ? step : 0);
  const allDone = before.tasksTotal > 0 && tasksDone === before.tasksTotal;
  const completedAt = allDone ? (before.isCompleted ? before.completedAt : updatedAt) : null;
  const after = { ...before, tasksDone, isCompleted: allDone, completedAt };
  const planWrite =
    allDone !== before.isCompleted
      ? statement.setPlan.execute({ planId: found.planId, tasksDone, newHireTasksDone, isCompleted: allDone ? 1 : 0, completedAt, version, updatedAt })
      : step !== 0
        ? statement.setPlanDone.execute({ planId: found.planId, tasksDone, newHireTasksDone })
        : undefined;
  // Whether this tick may emit a webhook event: then the company's endpoints are read with the writes,
  // not in a round trip of their own while the company's lock is held.
  const completesTask = input.isCompleted && !found.taskCompleted;
  const completesPlan = allDone && !before.isCompleted;
  const [[task], , , endpoints] = await Promise.all([
    statement.setTask.execute({
      taskId: input.taskId,
      isCompleted: input.isCompleted ? 1 : 0,
      completedAt: input.isCompleted ? clientTimeUpToNow(input.completedAt, now) : null,
      completedBy: input.isCompleted ? user.id : null,
      version,
      updatedAt,
    }),
    planWrite,
    planWrite ? movePlanFigures(tx, user.companyId, [before], [after]) : undefined,
    completesTask || completesPlan ? enabledEndpoints(tx, user.companyId) : [],
  ]);
  if (!task) throw notFound('Task');
  // Events of what changed (a repeated tick, or a duplicate sync push, changes nothing and tells no one).
  if (completesTask) {
    await enqueueWebhookEvent(
      tx,
      user.companyId,
      'task.completed',
      async () => ({
        task: { id: task.id, title: task.title, completedBy: await webhookPerson(tx, user.id) },
        plan: await webhookPlan(tx, found.planId),
      }),
      { endpointIds: subscribedTo(endpoints, 'task.completed') },
    );
  }
  if (completesPlan) {
    await enqueueWebhookEvent(tx, user.companyId, 'plan.completed', async () => ({ plan: await webhookPlan(tx, found.planId) }), {
      endpointIds: subscribedTo(endpoints, 'plan.completed'),
    });
  }
  // Most tasks name no placeholder: only those read the plan's values.
  const values = taskHasPlaceholders(task) ? await placeholderValuesOf(tx, task.planId) : undefined;
  const { assigneeFullName, assigneeFirstName, assigneeLastName, assigneeEmail } = found;
  const plan = { id: found.planId, newHireId: found.newHireId, managerId: found.managerId };
  return { task: toOnboardingTask({ ...task, assigneeFullName, assigneeFirstName, assigneeLastName, assigneeEmail }, values), plan };
}

/**
 * A task row as the API answers it (sync columns stay server-side), its title and description filled
 * with its plan's placeholder values (the row keeps the raw text). `assigneeName` comes from the
 * `taskAssigneeColumns` when the row was read with them, else it is null.
 */
export function toOnboardingTask(row: typeof onboardingTasks.$inferSelect & Partial<AssigneeColumns>, values?: PlaceholderValues): OnboardingTask {
  // Built in place, keys in the answer's order: a copy of the content spread into it cost a sync pull about 5% of its CPU.
  const head = copyTaskContent(row, {
    id: row.id,
    planId: row.planId,
    templateTaskId: row.templateTaskId,
    sectionTitle: row.sectionTitle,
    dayStart: row.dayStart,
    dayEnd: row.dayEnd,
  });
  const task: OnboardingTask = Object.assign(head, {
    dueDate: row.dueDate,
    opensOn: row.opensOn,
    releaseOn: row.releaseOn,
    assigneeId: row.assigneeId,
    assigneeName: assigneeNameOf(row),
    isCompleted: row.isCompleted,
    completedAt: row.completedAt,
    completedBy: row.completedBy,
    order: row.order,
    formAnswers: row.formAnswers,
    formSubmittedAt: row.formSubmittedAt,
    uploads: row.uploads,
  });
  return values ? fillTaskText(task, values) : task;
}
