// Company and team figures, aggregated in SQL: a handful of prepared queries whatever the number of
// plans, and the answer kept until the database changes (a 10,000-plan company costs tens of ms).
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Role } from '../../shared/roles.ts';
import type { CompanyStats, ProgressBucket, RecentPlanActivity, TemplateUsage } from '../../shared/stats.ts';
import { lastMonths, percent, PROGRESS_BUCKETS } from '../../shared/stats.ts';
import type { Db } from '../db/client.ts';
import { preparedFor } from '../db/prepared.ts';
import { companies, templates, users } from '../db/schema.ts';
import { found } from '../lib/app-error.ts';
import type { CurrentUser } from '../lib/env.ts';

type Scope = 'company' | 'team';
const scopeOf = (user: CurrentUser): Scope => (user.role === 'admin' ? 'company' : 'team');

/** The plans in scope: the company's, or for a manager only those they manage (named parameters). */
function scopedPlansWhere(scope: Scope): string {
  return `p.company_id = @companyId AND p.deleted_at IS NULL${scope === 'team' ? ' AND p.manager_id = @userId' : ''}`;
}

type GroupRow = {
  template_id: string | null;
  title: string | null;
  /** 'YYYY-MM' of a completion inside the charted months, else null. */
  month: string | null;
  plans: number;
  completed: number;
  pct_sum: number;
  tasks_total: number;
  tasks_done: number;
  b0: number;
  b1: number;
  b2: number;
  b3: number;
  days_sum: number | null;
  days_count: number;
};

/**
 * One pass over the plans in scope with their task counts (read from the covering index
 * tasks_plan_progress_idx), grouped by template and completion month: every figure is a sum of these.
 */
function groupsSql(scope: Scope): string {
  return `WITH scoped AS (
      SELECT p.id, p.template_id, p.is_completed, p.start_date, p.completed_at
      FROM onboarding_plans p
      WHERE ${scopedPlansWhere(scope)}
    ),
    task_counts AS (
      SELECT t.plan_id, COUNT(*) AS total, SUM(t.is_completed) AS done
      FROM onboarding_tasks t
      WHERE t.plan_id IN (SELECT id FROM scoped) AND t.deleted_at IS NULL
      GROUP BY t.plan_id
    ),
    progress AS (
      SELECT s.*, COALESCE(tc.total, 0) AS total, COALESCE(tc.done, 0) AS done,
        CASE WHEN COALESCE(tc.total, 0) = 0 THEN 0 ELSE CAST(ROUND(100.0 * tc.done / tc.total) AS INTEGER) END AS pct
      FROM scoped s LEFT JOIN task_counts tc ON tc.plan_id = s.id
    )
    SELECT pr.template_id, tpl.title,
      CASE WHEN pr.is_completed = 1 AND pr.completed_at >= @monthsFrom THEN substr(pr.completed_at, 1, 7) END AS month,
      COUNT(*) AS plans,
      SUM(pr.is_completed) AS completed,
      SUM(pr.pct) AS pct_sum,
      SUM(pr.total) AS tasks_total,
      SUM(pr.done) AS tasks_done,
      SUM(pr.pct <= 25) AS b0,
      SUM(pr.pct > 25 AND pr.pct <= 50) AS b1,
      SUM(pr.pct > 50 AND pr.pct <= 75) AS b2,
      SUM(pr.pct > 75) AS b3,
      SUM(CASE WHEN pr.is_completed = 1 AND pr.completed_at IS NOT NULL
        THEN julianday(substr(pr.completed_at, 1, 10)) - julianday(pr.start_date) END) AS days_sum,
      SUM(pr.is_completed = 1 AND pr.completed_at IS NOT NULL) AS days_count
    FROM progress pr LEFT JOIN templates tpl ON tpl.id = pr.template_id
    GROUP BY pr.template_id, month`;
}

type RecentRow = {
  id: string;
  full_name: string | null;
  email: string;
  title: string | null;
  is_completed: number;
  updated_at: string;
  total: number;
  done: number;
};

/** The 5 most recently changed plans (index plans_company_updated_idx) with their task counts. */
function recentSql(scope: Scope): string {
  return `WITH recent AS (
      SELECT p.id, p.new_hire_id, p.template_id, p.is_completed, p.updated_at
      FROM onboarding_plans p
      WHERE ${scopedPlansWhere(scope)}
      ORDER BY p.updated_at DESC, p.id LIMIT 5
    )
    SELECT r.id, u.full_name, u.email, tpl.title, r.is_completed, r.updated_at,
      COUNT(t.plan_id) AS total, COALESCE(SUM(t.is_completed), 0) AS done
    FROM recent r
    JOIN users u ON u.id = r.new_hire_id
    LEFT JOIN templates tpl ON tpl.id = r.template_id
    LEFT JOIN onboarding_tasks t ON t.plan_id = r.id AND t.deleted_at IS NULL
    GROUP BY r.id
    ORDER BY r.updated_at DESC, r.id`;
}

type Stamp = { changes: number; dataVersion: number };
type CachedStats = { stamp: Stamp; stats: CompanyStats };
/** Enough for every admin and manager of a busy server to find theirs; the oldest entry goes first. */
const CACHE_ENTRIES = 256;

const statements = preparedFor((db) => {
  const sqlite = db.$client;
  const perScope = <T>(build: (scope: Scope) => T): Record<Scope, T> => ({ company: build('company'), team: build('team') });
  return {
    company: db
      .select({ id: companies.id, name: companies.name, planType: companies.planType })
      .from(companies)
      .where(eq(companies.id, sql.placeholder('companyId')))
      .prepare(),
    groups: perScope((scope) => sqlite.prepare<{ companyId: string; userId: string; monthsFrom: string }, GroupRow>(groupsSql(scope))),
    recent: perScope((scope) => sqlite.prepare<{ companyId: string; userId: string }, RecentRow>(recentSql(scope))),
    usersByRole: db
      .select({ role: users.role, n: count() })
      .from(users)
      .where(eq(users.companyId, sql.placeholder('companyId')))
      .groupBy(users.role)
      .prepare(),
    teamNewHires: sqlite.prepare<{ companyId: string; userId: string }, { n: number }>(
      `SELECT COUNT(DISTINCT p.new_hire_id) AS n FROM onboarding_plans p WHERE ${scopedPlansWhere('team')}`,
    ),
    templateCount: perScope((scope) =>
      db
        .select({ n: count() })
        .from(templates)
        .where(
          and(
            eq(templates.companyId, sql.placeholder('companyId')),
            isNull(templates.deletedAt),
            scope === 'team' ? eq(templates.createdBy, sql.placeholder('userId')) : undefined,
          ),
        )
        .prepare(),
    ),
    /**
     * Changes since the connection opened (any row this connection inserted, updated or deleted,
     * whoever wrote it) and SQLite's counter of commits by other connections: while both stay the
     * same, no figure can have changed.
     */
    stamp: sqlite.prepare<[], Stamp>('SELECT total_changes() AS changes, (SELECT data_version FROM pragma_data_version) AS dataVersion'),
    cache: new Map<string, CachedStats>(),
  };
});

/** Users by role: the whole company for admins; for a manager, themself and the new hires on their plans. */
function teamDistribution(statement: ReturnType<typeof statements>, user: CurrentUser): Record<Role, number> {
  const distribution: Record<Role, number> = { admin: 0, manager: 0, new_hire: 0 };
  if (user.role === 'admin') {
    for (const row of statement.usersByRole.all({ companyId: user.companyId })) distribution[row.role] = row.n;
    return distribution;
  }
  distribution.manager = 1;
  distribution.new_hire = statement.teamNewHires.get({ companyId: user.companyId, userId: user.id })?.n ?? 0;
  return distribution;
}

function toUsage(row: { template_id: string | null; title: string | null; plans: number; completed: number }): TemplateUsage {
  return {
    templateId: row.template_id,
    title: row.title,
    plans: row.plans,
    completed: row.completed,
    completionRate: percent(row.completed, row.plans),
  };
}

function computeCompanyStats(db: Db, user: CurrentUser, months: string[]): CompanyStats {
  const statement = statements(db);
  const scope = scopeOf(user);
  const params = { companyId: user.companyId, userId: user.id };
  const company = found(statement.company.get({ companyId: user.companyId }), 'Company');
  const groups = statement.groups[scope].all({ ...params, monthsFrom: `${months[0]}-01` });
  const sum = (pick: (row: GroupRow) => number | null) => groups.reduce((total, row) => total + (pick(row) ?? 0), 0);
  const totalPlans = sum((row) => row.plans);
  const completed = sum((row) => row.completed);
  const daysCount = sum((row) => row.days_count);
  const buckets = [sum((row) => row.b0), sum((row) => row.b1), sum((row) => row.b2), sum((row) => row.b3)];

  // Rows come per template and completion month: fold them back into one row per template.
  const byTemplate = new Map<string, { template_id: string; title: string | null; plans: number; completed: number }>();
  const byMonth = new Map<string, number>();
  for (const row of groups) {
    if (row.month) byMonth.set(row.month, (byMonth.get(row.month) ?? 0) + row.plans);
    if (row.template_id === null) continue;
    const usage = byTemplate.get(row.template_id);
    if (usage) {
      usage.plans += row.plans;
      usage.completed += row.completed;
    } else {
      byTemplate.set(row.template_id, { template_id: row.template_id, title: row.title, plans: row.plans, completed: row.completed });
    }
  }
  const usage = [...byTemplate.values()].map(toUsage);
  const byTitle = (a: TemplateUsage, b: TemplateUsage) => (a.title ?? '').localeCompare(b.title ?? '');
  const plansPerTemplate = [...usage].sort((a, b) => b.plans - a.plans || byTitle(a, b));
  const mostEffective = [...usage].sort((a, b) => b.completionRate - a.completionRate || b.plans - a.plans || byTitle(a, b));

  const recentActivity: RecentPlanActivity[] = statement.recent[scope].all(params).map((row) => ({
    planId: row.id,
    newHireName: row.full_name?.trim() || row.email,
    templateTitle: row.title,
    progressPercentage: percent(row.done, row.total),
    isCompleted: row.is_completed === 1,
    updatedAt: row.updated_at,
  }));

  const distribution = teamDistribution(statement, user);
  return {
    scope,
    company,
    totalUsers: distribution.admin + distribution.manager + distribution.new_hire,
    managers: distribution.manager,
    newHires: distribution.new_hire,
    teamDistribution: distribution,
    totalPlans,
    activeOnboardings: totalPlans - completed,
    completedOnboardings: completed,
    templates: statement.templateCount[scope].get(params)?.n ?? 0,
    successRate: percent(completed, totalPlans),
    averageProgress: totalPlans > 0 ? Math.round(sum((row) => row.pct_sum) / totalPlans) : 0,
    taskCompletionRate: percent(sum((row) => row.tasks_done), sum((row) => row.tasks_total)),
    averageDaysToComplete: daysCount > 0 ? Math.round((sum((row) => row.days_sum) / daysCount) * 10) / 10 : null,
    mostUsedTemplate: plansPerTemplate[0] ?? null,
    mostEffectiveTemplate: mostEffective[0] ?? null,
    progressDistribution: PROGRESS_BUCKETS.map((range: ProgressBucket, index) => ({ range, plans: buckets[index] ?? 0 })),
    completionsByMonth: months.map((month) => ({ month, completed: byMonth.get(month) ?? 0 })),
    plansPerTemplate,
    recentActivity,
  };
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/**
 * The figures of the caller's company (admin) or team (manager); the route has checked the role.
 * Kept per company, scope and month until the database changes, so dashboards reloaded between
 * writes cost one counter read; the answer is shared and frozen.
 */
export function getCompanyStats(db: Db, user: CurrentUser, now = new Date()): CompanyStats {
  const months = lastMonths(now);
  // Inside an open transaction the figures could include writes that are then rolled back.
  if (db.$client.inTransaction) return computeCompanyStats(db, user, months);
  const statement = statements(db);
  const key = [user.companyId, user.role, user.role === 'admin' ? '' : user.id, months.join()].join('|');
  const stamp = statement.stamp.get() as Stamp;
  const cached = statement.cache.get(key);
  if (cached && cached.stamp.changes === stamp.changes && cached.stamp.dataVersion === stamp.dataVersion) return cached.stats;
  const stats = deepFreeze(computeCompanyStats(db, user, months));
  statement.cache.delete(key);
  if (statement.cache.size >= CACHE_ENTRIES) statement.cache.delete(statement.cache.keys().next().value as string);
  statement.cache.set(key, { stamp, stats });
  return stats;
}
