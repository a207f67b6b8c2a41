// Company and team figures. A company's plan figures are read from its maintained counters (decision
// 008): a row per template and one per charted month, whatever the number of plans, so a read right
// after a write costs what any other does. A manager's team is summed from the plans they manage, with
// the same rules (`sumPlans`).
import { and, count, countDistinct, desc, eq, gte, isNull, ne, sql } from 'drizzle-orm';
import type { Role } from '../../shared/roles.ts';
import type { CompanyStats, ProgressBucket, RecentPlanActivity, TemplateUsage } from '../../shared/stats.ts';
import { percent } from '../../shared/progress.ts';
import { lastMonths, PROGRESS_BUCKETS } from '../../shared/stats.ts';
import { first, type Db } from '../db/client.ts';
import { preparedFor } from '../db/prepared.ts';
import { companies, companyCompletionMonths, companyTemplateStats, onboardingPlans, templates, users } from '../db/schema.ts';
import { found } from '../lib/app-error.ts';
import type { CurrentUser } from '../lib/env.ts';
import { perRole, visiblePlanParams, visiblePlansWhere, visiblePlansWherePrepared } from '../onboarding/access.ts';
import { planFigureColumns, sumPlans, type TemplateSums } from './plan-counters.ts';

type Scope = 'company' | 'team';
const scopeOf = (user: CurrentUser): Scope => (user.role === 'admin' ? 'company' : 'team');

/** Plans in scope summed per template: every plan figure but completions per month is a sum of these rows. */
type TemplateRow = TemplateSums & { templateId: string | null; title: string | null };
type PlanFiguresInScope = { templates: TemplateRow[]; completionsByMonth: Map<string, number> };

const statements = preparedFor((db) => ({
  company: db
    .select({ id: companies.id, name: companies.name, planType: companies.planType })
    .from(companies)
    .where(eq(companies.id, sql.placeholder('companyId')))
    .prepare('stats.company'),
  // Rows every plan has left (counters at zero) are kept for the template's next plan, not shown.
  companyTemplates: db
    .select({ row: companyTemplateStats, title: templates.title })
    .from(companyTemplateStats)
    .leftJoin(templates, eq(templates.id, companyTemplateStats.templateId))
    .where(and(eq(companyTemplateStats.companyId, sql.placeholder('companyId')), ne(companyTemplateStats.plans, 0)))
    .prepare('stats.companyTemplates'),
  companyMonths: db
    .select({ month: companyCompletionMonths.month, completed: companyCompletionMonths.completed })
    .from(companyCompletionMonths)
    .where(and(eq(companyCompletionMonths.companyId, sql.placeholder('companyId')), gte(companyCompletionMonths.month, sql.placeholder('firstMonth'))))
    .prepare('stats.companyMonths'),
  // A manager's plans are few: read each, and sum them as the counters do.
  teamPlans: db
    .select({ plan: planFigureColumns, title: templates.title })
    .from(onboardingPlans)
    .leftJoin(templates, eq(templates.id, onboardingPlans.templateId))
    .where(visiblePlansWherePrepared('manager'))
    .prepare('stats.teamPlans'),
  // The 5 most recently changed plans in scope (index plans_company_updated_idx for a company), with
  // their counters. deletedAt is null on every row here; naming it lets PostgreSQL read the index
  // backwards and stop after 5 rows (it does not count `is null` as fixing that column's order).
  recent: perRole((scope, role) => {
    const recent = db.$with('recent').as(
      db
        .select({
          id: onboardingPlans.id,
          newHireId: onboardingPlans.newHireId,
          templateId: onboardingPlans.templateId,
          isCompleted: onboardingPlans.isCompleted,
          updatedAt: onboardingPlans.updatedAt,
          tasksTotal: onboardingPlans.tasksTotal,
          tasksDone: onboardingPlans.tasksDone,
        })
        .from(onboardingPlans)
        .where(scope)
        .orderBy(desc(onboardingPlans.deletedAt), desc(onboardingPlans.updatedAt), desc(onboardingPlans.id))
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
        tasksTotal: recent.tasksTotal,
        tasksDone: recent.tasksDone,
      })
      .from(recent)
      .innerJoin(users, eq(users.id, recent.newHireId))
      .leftJoin(templates, eq(templates.id, recent.templateId))
      .orderBy(desc(recent.updatedAt), desc(recent.id))
      .prepare(`stats.recent.${role}`);
  }),
  companyRoles: db
    .select({ role: users.role, n: count() })
    .from(users)
    .where(eq(users.companyId, sql.placeholder('companyId')))
    .groupBy(users.role)
    .prepare('stats.companyRoles'),
}));

/** The company's figures, from its maintained counters. */
async function companyFigures(db: Db, companyId: string, firstMonth: string): Promise<PlanFiguresInScope> {
  const statement = statements(db);
  const [templateRows, monthRows] = await Promise.all([statement.companyTemplates.execute({ companyId }), statement.companyMonths.execute({ companyId, firstMonth })]);
  return {
    templates: templateRows.map(({ row: { companyId: _company, templateId, ...sums }, title }) => ({ ...sums, templateId: templateId || null, title })),
    completionsByMonth: new Map(monthRows.map((row) => [row.month, row.completed])),
  };
}

/** The manager's figures, summed from the plans they manage. */
async function teamFigures(db: Db, user: CurrentUser): Promise<PlanFiguresInScope> {
  const rows = await statements(db).teamPlans.execute(visiblePlanParams(user));
  const titles = new Map(rows.map((row) => [row.plan.templateId ?? '', row.title]));
  const sums = sumPlans(rows.map((row) => row.plan));
  return {
    templates: [...sums.templates].map(([templateId, row]) => ({ ...row, templateId: templateId || null, title: titles.get(templateId) ?? null })),
    completionsByMonth: sums.months,
  };
}

function readRecentActivity(db: Db, user: CurrentUser) {
  return statements(db).recent[user.role].execute(visiblePlanParams(user));
}

/** Users by role: the whole company for admins; for a manager, themself and the new hires on their plans. */
async function readTeamDistribution(db: Db, user: CurrentUser): Promise<Record<Role, number>> {
  const distribution: Record<Role, number> = { admin: 0, manager: 0, new_hire: 0 };
  if (user.role === 'admin') {
    const rows = await statements(db).companyRoles.execute({ companyId: user.companyId });
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

function toUsage(row: { templateId: string | null; title: string | null; plans: number; completed: number }): TemplateUsage {
  return {
    templateId: row.templateId,
    title: row.title,
    plans: row.plans,
    completed: row.completed,
    completionRate: percent(row.completed, row.plans),
  };
}

/** The figures of the caller's company (admin) or team (manager); the route has checked the role. */
export async function getCompanyStats(db: Db, user: CurrentUser, now = new Date()): Promise<CompanyStats> {
  const months = lastMonths(now);
  const company = found(await first(statements(db).company.execute({ companyId: user.companyId })), 'Company');
  const [figures, recent, distribution, templateCount] = await Promise.all([
    user.role === 'admin' ? companyFigures(db, user.companyId, months[0] ?? '') : teamFigures(db, user),
    readRecentActivity(db, user),
    readTeamDistribution(db, user),
    readTemplateCount(db, user),
  ]);

  const groups = figures.templates;
  const sum = (pick: (row: TemplateRow) => number) => groups.reduce((total, row) => total + pick(row), 0);
  const totalPlans = sum((row) => row.plans);
  const completed = sum((row) => row.completed);
  const daysCount = sum((row) => row.daysToCompleteCount);
  const buckets = [sum((row) => row.progressUpTo25), sum((row) => row.progressUpTo50), sum((row) => row.progressUpTo75), sum((row) => row.progressAbove75)];

  const usage = groups.filter((row) => row.templateId !== null).map(toUsage);
  const byTitle = (a: TemplateUsage, b: TemplateUsage) => (a.title ?? '').localeCompare(b.title ?? '');
  const plansPerTemplate = [...usage].sort((a, b) => b.plans - a.plans || byTitle(a, b));
  const mostEffective = [...usage].sort((a, b) => b.completionRate - a.completionRate || b.plans - a.plans || byTitle(a, b));

  const recentActivity: RecentPlanActivity[] = recent.map((row) => ({
    planId: row.id,
    newHireName: row.fullName?.trim() || row.email,
    templateTitle: row.title,
    progressPercentage: percent(row.tasksDone, row.tasksTotal),
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
    averageProgress: totalPlans > 0 ? Math.round(sum((row) => row.progressSum) / totalPlans) : 0,
    taskCompletionRate: percent(
      sum((row) => row.tasksDone),
      sum((row) => row.tasksTotal),
    ),
    averageDaysToComplete: daysCount > 0 ? Math.round((sum((row) => row.daysToCompleteSum) / daysCount) * 10) / 10 : null,
    mostUsedTemplate: plansPerTemplate[0] ?? null,
    mostEffectiveTemplate: mostEffective[0] ?? null,
    progressDistribution: PROGRESS_BUCKETS.map((range: ProgressBucket, index) => ({ range, plans: buckets[index] ?? 0 })),
    completionsByMonth: months.map((month) => ({ month, completed: figures.completionsByMonth.get(month) ?? 0 })),
    plansPerTemplate,
    recentActivity,
  };
}
