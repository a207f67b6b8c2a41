// Live plans: one person's tasks added, edited, removed and reordered without touching the template.
import { and, asc, eq, isNull, max, type SQL } from 'drizzle-orm';
import { resolveAssignee } from '../../shared/assignees.ts';
import { fillTaskText, taskHasPlaceholders, type PlaceholderValues } from '../../shared/placeholders.ts';
import type { OnboardingTask } from '../../shared/onboarding.ts';
import type { PlanTaskInput, TaskOrder } from '../../shared/onboarding-requests.ts';
import { taskDates } from '../../shared/plan-calendar.ts';
import type { ChecklistItem } from '../../shared/tasks.ts';
import { pickTaskContent } from '../../shared/templates.ts';
import { first, nextVersion, transaction, type Db, type Tx } from '../db/client.ts';
import { onboardingTasks, users } from '../db/schema.ts';
import { badRequest, notFound } from '../lib/app-error.ts';
import type { CurrentUser } from '../lib/env.ts';
import { assertCanEditPlan, getVisiblePlan, type PlanRow } from './access.ts';
import { planParties, placeholderValuesOf } from './plan-parties.ts';
import { recountPlan } from './plan-recount.ts';
import { taskAssignee, taskAssigneeJoin, taskWithAssigneeColumns, toOnboardingTask } from './tasks.queries.ts';
import { recordTasksLeaving } from '../sync/tombstones.ts';

type TaskRow = typeof onboardingTasks.$inferSelect;

/** The plan, if the caller may change it: 404 unless they see it, 403 for its new hire. Run it after `nextVersion`. */
export async function editablePlan(tx: Tx, user: CurrentUser, planId: string): Promise<PlanRow> {
  const plan = await getVisiblePlan(tx, user, planId);
  assertCanEditPlan(user, plan);
  return plan;
}

/** Tasks of one plan as the API answers them, in order: placeholders filled for the plan, the assignee named. */
async function planTaskAnswers(db: Db | Tx, planId: string, where: SQL): Promise<OnboardingTask[]> {
  const [rows, values] = await Promise.all([
    db
      .select(taskWithAssigneeColumns)
      .from(onboardingTasks)
      .leftJoin(taskAssignee, taskAssigneeJoin)
      .where(and(eq(onboardingTasks.planId, planId), where))
      .orderBy(asc(onboardingTasks.order), asc(onboardingTasks.id)),
    placeholderValuesOf(db, planId),
  ]);
  return rows.map((row) => toOnboardingTask(row, values));
}

/** The plan's live tasks as answered, in order. */
export function livePlanTasks(db: Db | Tx, planId: string): Promise<OnboardingTask[]> {
  return planTaskAnswers(db, planId, isNull(onboardingTasks.deletedAt));
}

async function taskAnswer(db: Db, planId: string, taskId: string): Promise<OnboardingTask> {
  const [task] = await planTaskAnswers(db, planId, eq(onboardingTasks.id, taskId));
  if (!task) throw notFound('Task');
  return task;
}

/** 400 unless a named assignee is someone in the plan's company. */
async function assertAssigneeInCompany(tx: Tx, companyId: string, input: PlanTaskInput): Promise<void> {
  if (input.assigneeKind !== 'person' || input.assigneePersonId === null) return;
  const person = await first(
    tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, input.assigneePersonId), eq(users.companyId, companyId))),
  );
  if (!person) throw badRequest('The assignee must be someone in your company.');
}

/** The columns a task's input sets on this plan: its content, its window, and whom it resolves to. */
async function taskColumns(tx: Tx, plan: PlanRow, input: PlanTaskInput) {
  await assertAssigneeInCompany(tx, plan.companyId, input);
  const assigneeId = resolveAssignee(input.assigneeKind, input.assigneePersonId, await planParties(tx, plan));
  return { ...pickTaskContent(input), sectionTitle: input.sectionTitle || null, dayStart: input.dayStart, dayEnd: input.dayEnd, assigneeId };
}

async function liveTask(tx: Tx, planId: string, taskId: string): Promise<TaskRow> {
  const task = await first(
    tx
      .select()
      .from(onboardingTasks)
      .where(and(eq(onboardingTasks.id, taskId), eq(onboardingTasks.planId, planId), isNull(onboardingTasks.deletedAt))),
  );
  if (!task) throw notFound('Task');
  return task;
}

/** The next free position at the end of the plan (removed rows count too, so positions never repeat). */
export async function nextTaskOrder(tx: Tx, planId: string): Promise<number> {
  const row = await first(
    tx
      .select({ last: max(onboardingTasks.order) })
      .from(onboardingTasks)
      .where(eq(onboardingTasks.planId, planId)),
  );
  return row?.last === null || row?.last === undefined ? 0 : row.last + 1;
}

/** POST /api/onboarding-plans/{id}/tasks: a task of this plan only, at its end; a completed plan reopens. */
export async function addPlanTask(db: Db, user: CurrentUser, planId: string, input: PlanTaskInput): Promise<OnboardingTask> {
  const taskId = await transaction(db, async (tx) => {
    const version = await nextVersion(tx, user.companyId);
    const plan = await editablePlan(tx, user, planId);
    const columns = await taskColumns(tx, plan, input);
    const [inserted] = await tx
      .insert(onboardingTasks)
      .values({
        ...columns,
        ...taskDates(plan, input),
        planId: plan.id,
        companyId: plan.companyId,
        templateTaskId: null,
        order: await nextTaskOrder(tx, plan.id),
        version,
      })
      .returning({ id: onboardingTasks.id });
    if (!inserted) throw new Error('addPlanTask: the insert returned no task');
    await recountPlan(tx, plan.id, version);
    return inserted.id;
  });
  return taskAnswer(db, planId, taskId);
}

/** A checklist's ticks survive an edit for the items that are still there (matched by id). */
function keepChecklistTicks(edited: ChecklistItem[] | null, before: ChecklistItem[] | null): ChecklistItem[] | null {
  if (!edited) return null;
  const ticked = new Set((before ?? []).filter((item) => item.isCompleted).map((item) => item.id));
  return edited.map((item) => ({ ...item, isCompleted: ticked.has(item.id) }));
}

/**
 * The editor shows the stored text filled for the plan: text sent back as it was shown keeps its
 * placeholders, so it still follows the plan's people (a corrected name, a new buddy).
 */
function keepPlaceholders<T extends { title: string; description: string | null }>(edited: T, before: TaskRow, values: PlaceholderValues | undefined): T {
  if (!values) return edited;
  const shown = fillTaskText({ title: before.title, description: before.description }, values);
  return {
    ...edited,
    title: edited.title === shown.title ? before.title : edited.title,
    description: edited.description === shown.description ? before.description : edited.description,
  };
}

/**
 * PUT /api/onboarding-plans/{id}/tasks/{taskId}: content, window and assignee. An open task's dates
 * follow its new window; a completed one keeps its completion and the dates it was done against.
 */
export async function updatePlanTask(db: Db, user: CurrentUser, planId: string, taskId: string, input: PlanTaskInput): Promise<OnboardingTask> {
  await transaction(db, async (tx) => {
    const version = await nextVersion(tx, user.companyId);
    const plan = await editablePlan(tx, user, planId);
    const before = await liveTask(tx, plan.id, taskId);
    // Only a task whose stored text names a placeholder can lose one to an edit.
    const values = taskHasPlaceholders(before) ? await placeholderValuesOf(tx, plan.id) : undefined;
    const columns = keepPlaceholders(await taskColumns(tx, plan, input), before, values);
    await tx
      .update(onboardingTasks)
      .set({
        ...columns,
        checklistItems: keepChecklistTicks(columns.checklistItems, before.checklistItems),
        ...(before.isCompleted ? {} : taskDates(plan, input)),
        version,
      })
      .where(eq(onboardingTasks.id, before.id));
    // A new hire who did it on someone else's plan drops their synced copy.
    if (columns.assigneeId !== before.assigneeId) await recordTasksLeaving(tx, plan.companyId, [before], version);
    // The kind may have moved the task into or out of the new hire's own part.
    await recountPlan(tx, plan.id, version);
  });
  return taskAnswer(db, planId, taskId);
}

/** DELETE /api/onboarding-plans/{id}/tasks/{taskId}: a soft delete, so devices get a tombstone; removing the last open task completes the plan. */
export async function removePlanTask(db: Db, user: CurrentUser, planId: string, taskId: string): Promise<void> {
  await transaction(db, async (tx) => {
    const version = await nextVersion(tx, user.companyId);
    const plan = await editablePlan(tx, user, planId);
    const task = await liveTask(tx, plan.id, taskId);
    await tx.update(onboardingTasks).set({ deletedAt: new Date().toISOString(), version }).where(eq(onboardingTasks.id, task.id));
    await recountPlan(tx, plan.id, version);
  });
}

export const TASK_ORDER_MESSAGE = 'The new order must list every task of the plan once.';

/** PUT /api/onboarding-plans/{id}/task-order: every live task, once; only the rows that move are written. */
export async function reorderPlanTasks(db: Db, user: CurrentUser, planId: string, { taskIds }: TaskOrder): Promise<OnboardingTask[]> {
  await transaction(db, async (tx) => {
    const version = await nextVersion(tx, user.companyId);
    const plan = await editablePlan(tx, user, planId);
    const live = await tx
      .select({ id: onboardingTasks.id, order: onboardingTasks.order })
      .from(onboardingTasks)
      .where(and(eq(onboardingTasks.planId, plan.id), isNull(onboardingTasks.deletedAt)));
    const byId = new Map(live.map((task) => [task.id, task]));
    if (taskIds.length !== live.length || new Set(taskIds).size !== taskIds.length || taskIds.some((id) => !byId.has(id))) {
      throw badRequest(TASK_ORDER_MESSAGE);
    }
    for (const [order, id] of taskIds.entries()) {
      if (byId.get(id)?.order !== order) await tx.update(onboardingTasks).set({ order, version }).where(eq(onboardingTasks.id, id));
    }
  });
  return livePlanTasks(db, planId);
}
