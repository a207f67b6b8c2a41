// Recounting one plan's counters from its tasks (decision 008), for the writes that add, remove or
// reassign tasks. A tick moves the counters by one instead (tasks.queries.ts).
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { onboardingPlans, onboardingTasks } from '../db/schema.ts';
import { movePlanFigures, planFigureColumns } from '../stats/plan-counters.ts';
import { enqueueWebhookEvent, webhookPlan } from '../webhooks/webhook-events.ts';

/**
 * Counts the plan's live tasks (all, and the new hire's own), completes or reopens the plan to match,
 * and moves the company's figures. Call it in the write transaction, after `nextVersion`.
 */
export async function recountPlan(tx: Tx, planId: string, version: number): Promise<void> {
  const [before] = await tx
    .select({ companyId: onboardingPlans.companyId, deletedAt: onboardingPlans.deletedAt, ...planFigureColumns })
    .from(onboardingPlans)
    .where(eq(onboardingPlans.id, planId));
  if (!before || before.deletedAt !== null) return;
  const [counts] = await tx
    .select({
      total: sql<number>`count(*)`.mapWith(Number),
      done: sql<number>`count(*) filter (where ${onboardingTasks.isCompleted})`.mapWith(Number),
      newHireTotal: sql<number>`count(*) filter (where ${onboardingTasks.assigneeKind} = 'new_hire')`.mapWith(Number),
      newHireDone: sql<number>`count(*) filter (where ${onboardingTasks.assigneeKind} = 'new_hire' and ${onboardingTasks.isCompleted})`.mapWith(Number),
    })
    .from(onboardingTasks)
    .where(and(eq(onboardingTasks.planId, planId), isNull(onboardingTasks.deletedAt)));
  const { total = 0, done = 0, newHireTotal = 0, newHireDone = 0 } = counts ?? {};
  const isCompleted = total > 0 && done === total;
  const completedAt = isCompleted ? (before.isCompleted ? before.completedAt : new Date().toISOString()) : null;
  const after = { ...before, tasksTotal: total, tasksDone: done, isCompleted, completedAt };
  const completionChanged = isCompleted !== before.isCompleted;
  await tx
    .update(onboardingPlans)
    .set({
      tasksTotal: total,
      tasksDone: done,
      newHireTasksTotal: newHireTotal,
      newHireTasksDone: newHireDone,
      isCompleted,
      completedAt,
      // The counters are not synced (devices count their own tasks); a change of completion is.
      ...(completionChanged ? { version } : {}),
    })
    .where(eq(onboardingPlans.id, planId));
  await movePlanFigures(tx, before.companyId, [before], [after]);
  if (completionChanged && isCompleted) await enqueueWebhookEvent(tx, before.companyId, 'plan.completed', async () => ({ plan: await webhookPlan(tx, planId) }));
}
