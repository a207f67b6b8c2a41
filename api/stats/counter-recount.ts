// Test-only: the maintained counters (decision 008) recounted from the rows themselves, to check them
// after a write, and rebuilt for fixtures that insert plans and tasks straight into the tables.
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { transaction, type Db } from '../db/client.ts';
import { companyCompletionMonths, companyTemplateStats, onboardingPlans, onboardingTasks } from '../db/schema.ts';
import { planFigureColumns, sumPlans, type TemplateSums } from './plan-counters.ts';

type TaskCounts = { total: number; done: number; newHireTotal: number; newHireDone: number };

const NO_TASKS: TaskCounts = { total: 0, done: 0, newHireTotal: 0, newHireDone: 0 };

/** Every plan of the company (deleted ones too) with its live tasks counted. */
async function recountedTasks(db: Db, companyId: string): Promise<Record<string, TaskCounts>> {
  const plans = await db.select({ id: onboardingPlans.id }).from(onboardingPlans).where(eq(onboardingPlans.companyId, companyId));
  const counted = await db
    .select({
      planId: onboardingTasks.planId,
      total: count(),
      done: sql<number>`cast(sum(case when ${onboardingTasks.isCompleted} then 1 else 0 end) as integer)`.mapWith(Number),
      newHireTotal: sql<number>`cast(sum(case when ${onboardingTasks.assigneeKind} = 'new_hire' then 1 else 0 end) as integer)`.mapWith(Number),
      newHireDone: sql<number>`cast(sum(case when ${onboardingTasks.assigneeKind} = 'new_hire' and ${onboardingTasks.isCompleted} then 1 else 0 end) as integer)`.mapWith(Number),
    })
    .from(onboardingTasks)
    .where(and(eq(onboardingTasks.companyId, companyId), isNull(onboardingTasks.deletedAt)))
    .groupBy(onboardingTasks.planId);
  const byPlan = new Map(counted.map(({ planId, ...counts }) => [planId, counts]));
  return Object.fromEntries(plans.map((plan) => [plan.id, byPlan.get(plan.id) ?? NO_TASKS]));
}

async function storedTasks(db: Db, companyId: string): Promise<Record<string, TaskCounts>> {
  const plans = await db
    .select({
      id: onboardingPlans.id,
      total: onboardingPlans.tasksTotal,
      done: onboardingPlans.tasksDone,
      newHireTotal: onboardingPlans.newHireTasksTotal,
      newHireDone: onboardingPlans.newHireTasksDone,
    })
    .from(onboardingPlans)
    .where(eq(onboardingPlans.companyId, companyId));
  return Object.fromEntries(plans.map(({ id, ...counts }) => [id, counts]));
}

/** The company's figures summed from its live plans, with their tasks recounted: what the counters must hold. */
async function recountedSums(db: Db, companyId: string): Promise<{ templates: Record<string, TemplateSums>; months: Record<string, number> }> {
  const tasks = await recountedTasks(db, companyId);
  const plans = await db
    .select({ id: onboardingPlans.id, ...planFigureColumns })
    .from(onboardingPlans)
    .where(and(eq(onboardingPlans.companyId, companyId), isNull(onboardingPlans.deletedAt)));
  const sums = sumPlans(plans.map((plan) => ({ ...plan, tasksTotal: tasks[plan.id]?.total ?? 0, tasksDone: tasks[plan.id]?.done ?? 0 })));
  return { templates: Object.fromEntries(sums.templates), months: Object.fromEntries(sums.months) };
}

/** The company's maintained rows; rows every plan has left (all zero) are the same as no row. */
async function storedSums(db: Db, companyId: string): Promise<{ templates: Record<string, TemplateSums>; months: Record<string, number> }> {
  const templateRows = await db.select().from(companyTemplateStats).where(eq(companyTemplateStats.companyId, companyId));
  const monthRows = await db.select().from(companyCompletionMonths).where(eq(companyCompletionMonths.companyId, companyId));
  return {
    templates: Object.fromEntries(
      templateRows.map(({ companyId: _company, templateId, ...sums }) => [templateId, sums] as const).filter(([, sums]) => Object.values(sums).some((value) => value !== 0)),
    ),
    months: Object.fromEntries(monthRows.filter((row) => row.completed !== 0).map((row) => [row.month, row.completed])),
  };
}

/** Fails unless every plan's counters and the company's figures equal a recount from the rows. */
export async function expectCountersMatchRecount(db: Db, companyId: string): Promise<void> {
  expect(await storedTasks(db, companyId), 'plan counters').toEqual(await recountedTasks(db, companyId));
  expect(await storedSums(db, companyId), 'company figures').toEqual(await recountedSums(db, companyId));
}

/** Sets the company's counters from a recount (for fixtures that write plans and tasks directly). */
export async function rebuildCounters(db: Db, companyId: string): Promise<void> {
  const tasks = await recountedTasks(db, companyId);
  await transaction(db, async (tx) => {
    for (const [planId, { total, done, newHireTotal, newHireDone }] of Object.entries(tasks)) {
      await tx
        .update(onboardingPlans)
        .set({ tasksTotal: total, tasksDone: done, newHireTasksTotal: newHireTotal, newHireTasksDone: newHireDone, updatedAt: sql`${onboardingPlans.updatedAt}` })
        .where(eq(onboardingPlans.id, planId));
    }
    await tx.delete(companyTemplateStats).where(eq(companyTemplateStats.companyId, companyId));
    await tx.delete(companyCompletionMonths).where(eq(companyCompletionMonths.companyId, companyId));
    const sums = await recountedSums(tx, companyId);
    for (const [templateId, row] of Object.entries(sums.templates)) await tx.insert(companyTemplateStats).values({ companyId, templateId, ...row });
    for (const [month, completed] of Object.entries(sums.months)) await tx.insert(companyCompletionMonths).values({ companyId, month, completed });
  });
}
