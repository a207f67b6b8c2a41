// Company and team figures, aggregated in SQL: a handful of queries whatever the number of plans.
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Role } from '../../shared/roles.ts';
import type { CompanyStats, ProgressBucket, RecentPlanActivity, TemplateUsage } from '../../shared/stats.ts';
import { lastMonths, percent, PROGRESS_BUCKETS } from '../../shared/stats.ts';
import type { Db } from '../db/client.ts';
import { companies, templates, users } from '../db/schema.ts';
import { found } from '../lib/app-error.ts';
import type { CurrentUser } from '../lib/env.ts';

/** The plans in scope: the company's, or for a manager only those they manage. */
function scopedPlans(user: CurrentUser): SQL {
  const team = user.role === 'admin' ? sql`` : sql` AND p.manager_id = ${user.id}`;
  return sql`SELECT p.id, p.template_id, p.is_completed, p.start_date, p.completed_at, p.new_hire_id, p.updated_at
    FROM onboarding_plans p
    WHERE p.company_id = ${user.companyId} AND p.deleted_at IS NULL${team}`;
}

/** Each plan in scope with its task counts and progress percent (rounded like shared progressOf). */
function planProgress(user: CurrentUser): SQL {
  return sql`WITH scoped AS (${scopedPlans(user)}),
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
    )`;
}

type TemplateRow = {
  template_id: string | null;
  title: string | null;
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

/** One scan of the plans in scope, grouped by template: every per-plan figure is a sum of these groups. */
function templateGroups(db: Db, user: CurrentUser): TemplateRow[] {
  return db.all<TemplateRow>(sql`${planProgress(user)}
    SELECT pr.template_id, tpl.title,
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
    GROUP BY pr.template_id`);
}

function completionsByMonth(db: Db, user: CurrentUser, now: Date): CompanyStats['completionsByMonth'] {
  const months = lastMonths(now);
  const rows = db.all<{ month: string; completed: number }>(sql`WITH scoped AS (${scopedPlans(user)})
    SELECT substr(completed_at, 1, 7) AS month, COUNT(*) AS completed
    FROM scoped
    WHERE is_completed = 1 AND completed_at >= ${`${months[0]}-01`}
    GROUP BY month`);
  const byMonth = new Map(rows.map((row) => [row.month, row.completed]));
  return months.map((month) => ({ month, completed: byMonth.get(month) ?? 0 }));
}

function recentActivity(db: Db, user: CurrentUser): RecentPlanActivity[] {
  const team = user.role === 'admin' ? sql`` : sql` AND p.manager_id = ${user.id}`;
  // Only the 5 newest plans get their tasks counted.
  const rows = db.all<{
    id: string;
    full_name: string | null;
    email: string;
    title: string | null;
    is_completed: number;
    updated_at: string;
    total: number;
    done: number;
  }>(sql`WITH recent AS (
      SELECT p.id, p.new_hire_id, p.template_id, p.is_completed, p.updated_at
      FROM onboarding_plans p
      WHERE p.company_id = ${user.companyId} AND p.deleted_at IS NULL${team}
      ORDER BY p.updated_at DESC, p.id LIMIT 5
    )
    SELECT r.id, u.full_name, u.email, tpl.title, r.is_completed, r.updated_at,
      (SELECT COUNT(*) FROM onboarding_tasks t WHERE t.plan_id = r.id AND t.deleted_at IS NULL) AS total,
      (SELECT COALESCE(SUM(t.is_completed), 0) FROM onboarding_tasks t WHERE t.plan_id = r.id AND t.deleted_at IS NULL) AS done
    FROM recent r
    JOIN users u ON u.id = r.new_hire_id
    LEFT JOIN templates tpl ON tpl.id = r.template_id
    ORDER BY r.updated_at DESC, r.id`);
  return rows.map((row) => ({
    planId: row.id,
    newHireName: row.full_name?.trim() || row.email,
    templateTitle: row.title,
    progressPercentage: percent(row.done, row.total),
    isCompleted: row.is_completed === 1,
    updatedAt: row.updated_at,
  }));
}

/** Users by role: the whole company for admins; for a manager, themself and the new hires on their plans. */
function teamDistribution(db: Db, user: CurrentUser): Record<Role, number> {
  const distribution: Record<Role, number> = { admin: 0, manager: 0, new_hire: 0 };
  if (user.role === 'admin') {
    const rows = db
      .select({ role: users.role, n: count() })
      .from(users)
      .where(eq(users.companyId, user.companyId))
      .groupBy(users.role)
      .all();
    for (const row of rows) distribution[row.role] = row.n;
    return distribution;
  }
  const row = db.get<{ n: number }>(sql`WITH scoped AS (${scopedPlans(user)}) SELECT COUNT(DISTINCT new_hire_id) AS n FROM scoped`);
  distribution.manager = 1;
  distribution.new_hire = row.n;
  return distribution;
}

function templateCount(db: Db, user: CurrentUser): number {
  const own = user.role === 'admin' ? undefined : eq(templates.createdBy, user.id);
  const row = db
    .select({ n: count() })
    .from(templates)
    .where(and(eq(templates.companyId, user.companyId), isNull(templates.deletedAt), own))
    .get();
  return row?.n ?? 0;
}

function toUsage(row: TemplateRow): TemplateUsage {
  return {
    templateId: row.template_id,
    title: row.title,
    plans: row.plans,
    completed: row.completed,
    completionRate: percent(row.completed, row.plans),
  };
}

/** The figures of the caller's company (admin) or team (manager); the route has checked the role. */
export function getCompanyStats(db: Db, user: CurrentUser, now = new Date()): CompanyStats {
  const company = found(
    db
      .select({ id: companies.id, name: companies.name, planType: companies.planType })
      .from(companies)
      .where(eq(companies.id, user.companyId))
      .get(),
    'Company',
  );
  const groups = templateGroups(db, user);
  const sum = (pick: (row: TemplateRow) => number | null) => groups.reduce((total, row) => total + (pick(row) ?? 0), 0);
  const totalPlans = sum((row) => row.plans);
  const completed = sum((row) => row.completed);
  const daysCount = sum((row) => row.days_count);
  const buckets = [sum((row) => row.b0), sum((row) => row.b1), sum((row) => row.b2), sum((row) => row.b3)];

  const usage = groups.filter((row) => row.template_id !== null).map(toUsage);
  const byTitle = (a: TemplateUsage, b: TemplateUsage) => (a.title ?? '').localeCompare(b.title ?? '');
  const plansPerTemplate = [...usage].sort((a, b) => b.plans - a.plans || byTitle(a, b));
  const mostEffective = [...usage].sort((a, b) => b.completionRate - a.completionRate || b.plans - a.plans || byTitle(a, b));

  const distribution = teamDistribution(db, user);
  return {
    scope: user.role === 'admin' ? 'company' : 'team',
    company,
    totalUsers: distribution.admin + distribution.manager + distribution.new_hire,
    managers: distribution.manager,
    newHires: distribution.new_hire,
    teamDistribution: distribution,
    totalPlans,
    activeOnboardings: totalPlans - completed,
    completedOnboardings: completed,
    templates: templateCount(db, user),
    successRate: percent(completed, totalPlans),
    averageProgress: totalPlans > 0 ? Math.round(sum((row) => row.pct_sum) / totalPlans) : 0,
    taskCompletionRate: percent(sum((row) => row.tasks_done), sum((row) => row.tasks_total)),
    averageDaysToComplete: daysCount > 0 ? Math.round((sum((row) => row.days_sum) / daysCount) * 10) / 10 : null,
    mostUsedTemplate: plansPerTemplate[0] ?? null,
    mostEffectiveTemplate: mostEffective[0] ?? null,
    progressDistribution: PROGRESS_BUCKETS.map((range: ProgressBucket, index) => ({ range, plans: buckets[index] ?? 0 })),
    completionsByMonth: completionsByMonth(db, user, now),
    plansPerTemplate,
    recentActivity: recentActivity(db, user),
  };
}
