// Company and team figures, aggregated in SQL that both engines run alike. The one costly statement
// (every plan in scope with its task counts: about 0.1 s for a 10,000-plan company) is kept per
// process and reused while the company's sync version stays the same; the rest is read every time.
import { and, asc, count, countDistinct, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Role } from '../../shared/roles.ts';
import type { CompanyStats, ProgressBucket, RecentPlanActivity, TemplateUsage } from '../../shared/stats.ts';
import { percent } from '../../shared/progress.ts';
import { lastMonths, PROGRESS_BUCKETS } from '../../shared/stats.ts';
import { first, type Db } from '../db/client.ts';
import { engineOf } from '../db/engines/engine.ts';
import { companies, onboardingPlans, onboardingTasks, templates, users } from '../db/schema.ts';
import { found } from '../lib/app-error.ts';
import type { CurrentUser } from '../lib/env.ts';
import { visiblePlansWhere } from '../onboarding/access.ts';

type Scope = 'company' | 'team';
const scopeOf = (user: CurrentUser): Scope => (user.role === 'admin' ? 'company' : 'team');

/** Plans in scope, per template and completion month: every plan figure is a sum of these rows. */
type GroupRow = {
  templateId: string | null;
  title: string | null;
  /** 'YYYY-MM' (UTC) of a completion inside the charted months, else null. */
  month: string | null;
  plans: number;
  completed: number;
  pctSum: number;
  tasksTotal: number;
  tasksDone: number;
  b0: number;
  b1: number;
  b2: number;
  b3: number;
  /** Days from start date to completion, summed over the completed plans of the group. */
  daysSum: number | null;
  daysCount: number;
};

/** A sum that arrives as a number on both engines (PostgreSQL's sum and count are bigint, sent as text). */
const integerSum = (expression: SQL) => sql<number>`cast(sum(${expression}) as integer)`;
const whenTrue = (condition: SQL) => sql`case when ${condition} then 1 else 0 end`;

/**
 * One pass over the plans the user may see (admins: the company's; managers: the ones they manage)
 * with their task counts, grouped by template and completion month. Months are UTC and days whole
 * calendar days, the same on both engines.
 */
function readGroups(db: Db, user: CurrentUser, monthsFrom: string): Promise<GroupRow[]> {
  const engine = engineOf(db);
  // Each plan with its task counts: two lookups per plan in the covering index tasks_plan_progress_idx,
  // rather than an aggregate joined back to the plans, which a planner misled by stale statistics
  // reruns once per plan (PostgreSQL then hits the statement timeout on 10,000 plans). The subquery
  // sits in its own sql`` because drizzle drops table names from the top-level columns of a select's
  // fields in some cases, which would turn the correlation into tasks.id = tasks.id.
  const taskCount = (completedOnly: boolean) => {
    const counted = sql`select cast(count(*) as integer) from ${onboardingTasks}
      where ${onboardingTasks.planId} = ${onboardingPlans.id} and ${onboardingTasks.deletedAt} is null
      ${completedOnly ? sql`and ${onboardingTasks.isCompleted} = true` : sql``}`;
    return sql<number>`(${counted})`;
  };
  const planTasks = db.$with('plan_tasks').as(
    db
      .select({
        templateId: onboardingPlans.templateId,
        title: templates.title,
        isCompleted: onboardingPlans.isCompleted,
        startDate: onboardingPlans.startDate,
        completedAt: onboardingPlans.completedAt,
        total: taskCount(false).as('total'),
        done: taskCount(true).as('done'),
      })
      .from(onboardingPlans)
      .leftJoin(templates, eq(templates.id, onboardingPlans.templateId))
      .where(visiblePlansWhere(user))
      // One row per plan already: grouping keeps both engines from folding this CTE into the next
      // ones, which would run the two subqueries again at every mention of total and done.
      .groupBy(onboardingPlans.id, templates.title),
  );
  const completed = sql`${planTasks.isCompleted} = true and ${planTasks.completedAt} is not null`;
  const progress = db.$with('progress').as(
    db
      .select({
        templateId: planTasks.templateId,
        title: planTasks.title,
        isCompleted: planTasks.isCompleted,
        total: planTasks.total,
        done: planTasks.done,
        // round() of a numeric (PostgreSQL) and of a real (SQLite) both round halves away from zero.
        pct: sql<number>`case when ${planTasks.total} = 0 then 0
          else cast(round(100.0 * ${planTasks.done} / ${planTasks.total}) as integer) end`.as('pct'),
        month: sql<string | null>`case when ${completed} and ${planTasks.completedAt} >= ${monthsFrom}
          then ${engine.utcMonth(planTasks.completedAt)} end`.as('month'),
        days: sql<number | null>`case when ${completed} then ${engine.daysFromDateTo(planTasks.startDate, planTasks.completedAt)} end`.as('days'),
      })
      .from(planTasks),
  );
  return db
    .with(planTasks, progress)
    .select({
      templateId: progress.templateId,
      title: progress.title,
      month: progress.month,
      plans: sql<number>`cast(count(*) as integer)`,
      completed: integerSum(whenTrue(sql`${progress.isCompleted}`)),
      pctSum: integerSum(sql`${progress.pct}`),
      tasksTotal: integerSum(sql`${progress.total}`),
      tasksDone: integerSum(sql`${progress.done}`),
      b0: integerSum(whenTrue(sql`${progress.pct} <= 25`)),
      b1: integerSum(whenTrue(sql`${progress.pct} > 25 and ${progress.pct} <= 50`)),
      b2: integerSum(whenTrue(sql`${progress.pct} > 50 and ${progress.pct} <= 75`)),
      b3: integerSum(whenTrue(sql`${progress.pct} > 75`)),
      daysSum: integerSum(sql`${progress.days}`),
      daysCount: sql<number>`cast(count(${progress.days}) as integer)`,
    })
    .from(progress)
    .groupBy(progress.templateId, progress.month, progress.title);
}

/** The 5 most recently changed plans in scope (index plans_company_updated_idx), with their task counts. */
function readRecentActivity(db: Db, user: CurrentUser) {
  const recent = db.$with('recent').as(
    db
      .select({
        id: onboardingPlans.id,
        newHireId: onboardingPlans.newHireId,
        templateId: onboardingPlans.templateId,
        isCompleted: onboardingPlans.isCompleted,
        updatedAt: onboardingPlans.updatedAt,
      })
      .from(onboardingPlans)
      .where(visiblePlansWhere(user))
      // deletedAt is null on every row here; naming it lets PostgreSQL read the index backwards and stop
      // after 5 rows (it does not count `is null` as fixing that column's order, SQLite does).
      .orderBy(desc(onboardingPlans.deletedAt), desc(onboardingPlans.updatedAt), asc(onboardingPlans.id))
      .limit(5),
  );
  return db
    .with(recent)
    .select({
      id: recent.id,
      fullName: users.fullName,
      email: users.email,
      title: templates.title,
      isCompleted: recent.isCompleted,
      updatedAt: recent.updatedAt,
      total: sql<number>`cast(count(${onboardingTasks.planId}) as integer)`,
      done: sql<number>`cast(coalesce(sum(${whenTrue(sql`${onboardingTasks.isCompleted}`)}), 0) as integer)`,
    })
    .from(recent)
    .innerJoin(users, eq(users.id, recent.newHireId))
    .leftJoin(templates, eq(templates.id, recent.templateId))
    .leftJoin(onboardingTasks, and(eq(onboardingTasks.planId, recent.id), isNull(onboardingTasks.deletedAt)))
    .groupBy(recent.id, recent.isCompleted, recent.updatedAt, users.fullName, users.email, templates.title)
    .orderBy(desc(recent.updatedAt), asc(recent.id));
}

/** Users by role: the whole company for admins; for a manager, themself and the new hires on their plans. */
async function readTeamDistribution(db: Db, user: CurrentUser): Promise<Record<Role, number>> {
  const distribution: Record<Role, number> = { admin: 0, manager: 0, new_hire: 0 };
  if (user.role === 'admin') {
    const rows = await db.select({ role: users.role, n: count() }).from(users).where(eq(users.companyId, user.companyId)).groupBy(users.role);
    for (const row of rows) distribution[row.role] = row.n;
    return distribution;
  }
  distribution.manager = 1;
  const team = await first(
    db
      .select({ n: countDistinct(onboardingPlans.newHireId) })
      .from(onboardingPlans)
      .where(visiblePlansWhere(user)),
  );
  distribution.new_hire = team?.n ?? 0;
  return distribution;
}

/** Company: active templates and drafts. Team: the manager's own templates. */
async function readTemplateCount(db: Db, user: CurrentUser): Promise<number> {
  const row = await first(
    db
      .select({ n: count() })
      .from(templates)
      .where(and(eq(templates.companyId, user.companyId), isNull(templates.deletedAt), user.role === 'admin' ? undefined : eq(templates.createdBy, user.id))),
  );
  return row?.n ?? 0;
}

type CachedGroups = { version: number; groups: readonly GroupRow[] };
/** Enough for every admin and manager of a busy server to find theirs; the oldest entry goes first. */
const CACHE_ENTRIES = 256;
/** Per database handle: two test databases may hold the same company ids at the same versions. */
const groupCaches = new WeakMap<Db, Map<string, CachedGroups>>();

/**
 * The grouped plan figures, reused while the company's version is `version`. Plans, tasks and
 * templates (all these figures read) are synced rows: every write of them bumps `companies.version`
 * in its transaction (DESIGN.md section 9), so any instance can tell its copy is stale with the one
 * company row it reads anyway. The version is read before the figures, so a copy is never older
 * than the version it is kept under.
 */
async function planGroups(db: Db, user: CurrentUser, version: number, monthsFrom: string): Promise<readonly GroupRow[]> {
  let cache = groupCaches.get(db);
  if (!cache) groupCaches.set(db, (cache = new Map()));
  const key = [user.companyId, scopeOf(user), user.role === 'admin' ? '' : user.id, monthsFrom].join('|');
  const cached = cache.get(key);
  if (cached && cached.version === version) return cached.groups;
  const groups = Object.freeze(await readGroups(db, user, monthsFrom));
  cache.delete(key);
  if (cache.size >= CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
  cache.set(key, { version, groups });
  return groups;
}

function toUsage(row: { templateId: string | null; title: string | null; plans: number; completed: number }): TemplateUsage {
  return {
    templateId: row.templateId,
    title: row.title,
    plans: row.plans,
    completed: row.completed,
    completionRate: percent(row.completed, row.plans),
  };
}

/**
 * The figures of the caller's company (admin) or team (manager); the route has checked the role.
 * Call it with the database, not inside a transaction: a version read there could be rolled back
 * and reused by another write, and the figures kept under it would then be wrong.
 */
export async function getCompanyStats(db: Db, user: CurrentUser, now = new Date()): Promise<CompanyStats> {
  const months = lastMonths(now);
  const company = found(
    await first(
      db.select({ id: companies.id, name: companies.name, planType: companies.planType, version: companies.version }).from(companies).where(eq(companies.id, user.companyId)),
    ),
    'Company',
  );
  const [groups, recent, distribution, templateCount] = await Promise.all([
    planGroups(db, user, company.version, `${months[0]}-01T00:00:00.000Z`),
    readRecentActivity(db, user),
    readTeamDistribution(db, user),
    readTemplateCount(db, user),
  ]);

  const sum = (pick: (row: GroupRow) => number | null) => groups.reduce((total, row) => total + (pick(row) ?? 0), 0);
  const totalPlans = sum((row) => row.plans);
  const completed = sum((row) => row.completed);
  const daysCount = sum((row) => row.daysCount);
  const buckets = [sum((row) => row.b0), sum((row) => row.b1), sum((row) => row.b2), sum((row) => row.b3)];

  // Rows come per template and completion month: fold them back into one row per template.
  const byTemplate = new Map<string, { templateId: string; title: string | null; plans: number; completed: number }>();
  const byMonth = new Map<string, number>();
  for (const row of groups) {
    if (row.month) byMonth.set(row.month, (byMonth.get(row.month) ?? 0) + row.plans);
    if (row.templateId === null) continue;
    const usage = byTemplate.get(row.templateId);
    if (usage) {
      usage.plans += row.plans;
      usage.completed += row.completed;
    } else {
      byTemplate.set(row.templateId, { templateId: row.templateId, title: row.title, plans: row.plans, completed: row.completed });
    }
  }
  const usage = [...byTemplate.values()].map(toUsage);
  const byTitle = (a: TemplateUsage, b: TemplateUsage) => (a.title ?? '').localeCompare(b.title ?? '');
  const plansPerTemplate = [...usage].sort((a, b) => b.plans - a.plans || byTitle(a, b));
  const mostEffective = [...usage].sort((a, b) => b.completionRate - a.completionRate || b.plans - a.plans || byTitle(a, b));

  const recentActivity: RecentPlanActivity[] = recent.map((row) => ({
    planId: row.id,
    newHireName: row.fullName?.trim() || row.email,
    templateTitle: row.title,
    progressPercentage: percent(row.done, row.total),
    isCompleted: row.isCompleted,
    updatedAt: row.updatedAt,
  }));

  return {
    scope: scopeOf(user),
    company: { id: company.id, name: company.name, planType: company.planType },
    totalUsers: distribution.admin + distribution.manager + distribution.new_hire,
    managers: distribution.manager,
    newHires: distribution.new_hire,
    teamDistribution: distribution,
    totalPlans,
    activeOnboardings: totalPlans - completed,
    completedOnboardings: completed,
    templates: templateCount,
    successRate: percent(completed, totalPlans),
    averageProgress: totalPlans > 0 ? Math.round(sum((row) => row.pctSum) / totalPlans) : 0,
    taskCompletionRate: percent(
      sum((row) => row.tasksDone),
      sum((row) => row.tasksTotal),
    ),
    averageDaysToComplete: daysCount > 0 ? Math.round((sum((row) => row.daysSum) / daysCount) * 10) / 10 : null,
    mostUsedTemplate: plansPerTemplate[0] ?? null,
    mostEffectiveTemplate: mostEffective[0] ?? null,
    progressDistribution: PROGRESS_BUCKETS.map((range: ProgressBucket, index) => ({ range, plans: buckets[index] ?? 0 })),
    completionsByMonth: months.map((month) => ({ month, completed: byMonth.get(month) ?? 0 })),
    plansPerTemplate,
    recentActivity,
  };
}
