// Maintained counters (decision 008). A plan carries its task counts (`tasks_total`, `tasks_done`), and a
// company's live plans are summed per template (`company_template_stats`) and their completions per
// month (`company_completion_months`), so lists and company figures read a few rows instead of
// recounting every plan and task. Every write that changes what a plan adds (its tasks, completion,
// template, or the plan itself coming or going) calls `movePlanFigures` in its transaction, after
// `nextVersion`: the company row's lock orders them.
import { and, getTableName, inArray, isNull, sql } from 'drizzle-orm';
import { percent } from '../../shared/progress.ts';
import type { Tx } from '../db/client.ts';
import { preparedFor } from '../db/prepared.ts';
import { companyCompletionMonths, companyTemplateStats, onboardingPlans } from '../db/schema.ts';

/** What of a plan its company's figures read. */
export type PlanFigures = {
  templateId: string | null;
  isCompleted: boolean;
  completedAt: string | null;
  startDate: string;
  tasksTotal: number;
  tasksDone: number;
};

const SUM_NAMES = [
  'plans',
  'completed',
  'progressSum',
  'tasksTotal',
  'tasksDone',
  'progressUpTo25',
  'progressUpTo50',
  'progressUpTo75',
  'progressAbove75',
  'daysToCompleteSum',
  'daysToCompleteCount',
] as const;

/** One `company_template_stats` row without its key: what plans add to (or take from) it. */
export type TemplateSums = Record<(typeof SUM_NAMES)[number], number>;

/** A company's figures: sums per template id ('' for none), completions per 'YYYY-MM'. */
export type CompanySums = { templates: Map<string, TemplateSums>; months: Map<string, number> };

const DAY_MS = 86_400_000;

const zeroSums = (): TemplateSums => Object.fromEntries(SUM_NAMES.map((name) => [name, 0])) as TemplateSums;

/**
 * What one live plan adds. Progress is the whole percent the lists show; a completion counts in its UTC
 * month, with whole calendar days from the start date (completed plans that have a completion time only).
 * The backfill migration states the same rules in SQL.
 */
export function planSums(plan: PlanFigures): { templateId: string; completionMonth: string | null; sums: TemplateSums } {
  const progress = percent(plan.tasksDone, plan.tasksTotal);
  const completedAt = plan.isCompleted ? plan.completedAt : null;
  // Stored as ISO-8601 UTC text on both engines: the month and the day are its first characters.
  const days = completedAt === null ? 0 : Math.round((Date.parse(completedAt.slice(0, 10)) - Date.parse(plan.startDate)) / DAY_MS);
  return {
    templateId: plan.templateId ?? '',
    completionMonth: completedAt?.slice(0, 7) ?? null,
    sums: {
      plans: 1,
      completed: plan.isCompleted ? 1 : 0,
      progressSum: progress,
      tasksTotal: plan.tasksTotal,
      tasksDone: plan.tasksDone,
      progressUpTo25: progress <= 25 ? 1 : 0,
      progressUpTo50: progress > 25 && progress <= 50 ? 1 : 0,
      progressUpTo75: progress > 50 && progress <= 75 ? 1 : 0,
      progressAbove75: progress > 75 ? 1 : 0,
      daysToCompleteSum: days,
      daysToCompleteCount: completedAt === null ? 0 : 1,
    },
  };
}

/** The sums of many plans (a recount, or with `sign` -1 and 1 the difference a write makes). */
export function sumPlans(plans: readonly PlanFigures[], sign: 1 | -1 = 1, into: CompanySums = { templates: new Map(), months: new Map() }): CompanySums {
  for (const plan of plans) {
    const { templateId, completionMonth, sums } = planSums(plan);
    let row = into.templates.get(templateId);
    if (!row) into.templates.set(templateId, (row = zeroSums()));
    for (const name of SUM_NAMES) row[name] += sign * sums[name];
    if (completionMonth !== null) into.months.set(completionMonth, (into.months.get(completionMonth) ?? 0) + sign);
  }
  return into;
}

/** The columns a counted plan is read with (select them to pass the row to `movePlanFigures`). */
export const planFigureColumns = {
  templateId: onboardingPlans.templateId,
  isCompleted: onboardingPlans.isCompleted,
  completedAt: onboardingPlans.completedAt,
  startDate: onboardingPlans.startDate,
  tasksTotal: onboardingPlans.tasksTotal,
  tasksDone: onboardingPlans.tasksDone,
};

// The first figures under a key insert its row; later ones add to it. The row is named in the sum:
// PostgreSQL reads a bare column name there as ambiguous between the row and `excluded`.
const statements = preparedFor((db) => {
  const added = (table: typeof companyTemplateStats | typeof companyCompletionMonths, column: string) =>
    sql`${sql.identifier(getTableName(table))}.${sql.identifier(column)} + excluded.${sql.identifier(column)}`;
  return {
    addTemplate: db
      .insert(companyTemplateStats)
      .values({
        companyId: sql.placeholder('companyId'),
        templateId: sql.placeholder('templateId'),
        ...(Object.fromEntries(SUM_NAMES.map((name) => [name, sql.placeholder(name)])) as Record<keyof TemplateSums, ReturnType<typeof sql.placeholder>>),
      })
      .onConflictDoUpdate({
        target: [companyTemplateStats.companyId, companyTemplateStats.templateId],
        set: Object.fromEntries(SUM_NAMES.map((name) => [name, added(companyTemplateStats, companyTemplateStats[name].name)])),
      })
      .prepare('stats.counters.addTemplate'),
    addMonth: db
      .insert(companyCompletionMonths)
      .values({ companyId: sql.placeholder('companyId'), month: sql.placeholder('month'), completed: sql.placeholder('completed') })
      .onConflictDoUpdate({
        target: [companyCompletionMonths.companyId, companyCompletionMonths.month],
        set: { completed: added(companyCompletionMonths, companyCompletionMonths.completed.name) },
      })
      .prepare('stats.counters.addMonth'),
  };
});

/**
 * Moves a company's figures from what plans added before a write to what they add after it: `before`
 * lists the plans as they were (live ones only), `after` as they are now (live ones only). A plan that
 * comes is only in `after`, one that goes only in `before`. Rows whose sums do not change are not written.
 */
export async function movePlanFigures(tx: Tx, companyId: string, before: readonly PlanFigures[], after: readonly PlanFigures[]): Promise<void> {
  const difference = sumPlans(after, 1, sumPlans(before, -1));
  const statement = statements(tx);
  // Independent rows: sent together (pipelined on PostgreSQL).
  await Promise.all([
    ...[...difference.templates]
      .filter(([, sums]) => SUM_NAMES.some((name) => sums[name] !== 0))
      .map(([templateId, sums]) => statement.addTemplate.execute({ companyId, templateId, ...sums })),
    ...[...difference.months].filter(([, completed]) => completed !== 0).map(([month, completed]) => statement.addMonth.execute({ companyId, month, completed })),
  ]);
}

/** The live plans among `planIds` with their company, as `movePlanFigures` reads them (e.g. before they go). */
export function livePlanFigures(tx: Tx, planIds: string[]): Promise<(PlanFigures & { companyId: string })[]> {
  if (planIds.length === 0) return Promise.resolve([]);
  return tx
    .select({ companyId: onboardingPlans.companyId, ...planFigureColumns })
    .from(onboardingPlans)
    .where(and(inArray(onboardingPlans.id, planIds), isNull(onboardingPlans.deletedAt)));
}

/** Takes plans that are about to go (deleted, or removed with their new hire) out of their companies' figures. */
export async function uncountPlans(tx: Tx, planIds: string[]): Promise<void> {
  const byCompany = new Map<string, PlanFigures[]>();
  for (const plan of await livePlanFigures(tx, planIds)) byCompany.set(plan.companyId, [...(byCompany.get(plan.companyId) ?? []), plan]);
  for (const [companyId, plans] of byCompany) await movePlanFigures(tx, companyId, plans, []);
}
