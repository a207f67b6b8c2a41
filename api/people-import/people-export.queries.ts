// People and plans with their progress as CSV files (issue 21), for staff: admins the whole company,
// managers their own team and the plans they manage (DESIGN.md section 5); new hires none.
import { and, asc, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { nameOf } from '../../shared/placeholders.ts';
import { progressFromCounts } from '../../shared/progress.ts';
import { isStaff, ROLE_LABELS } from '../../shared/roles.ts';
import type { Db } from '../db/client.ts';
import { onboardingPlans, templates, users } from '../db/schema.ts';
import { forbidden } from '../lib/app-error.ts';
import { csvDocument, csvLine, type CsvFile } from '../lib/csv.ts';
import type { CurrentUser } from '../lib/env.ts';
import { visiblePlansWhere } from '../onboarding/access.ts';
import { planBuddy, planManager, planNewHire } from '../onboarding/plan-people.ts';
import { serverToday } from '../onboarding/tasks.queries.ts';

export const PEOPLE_EXPORT_COLUMNS = ['Name', 'Email', 'Role', 'Manager', 'Status', 'Created'] as const;
export const PLANS_EXPORT_COLUMNS = [
  'Person',
  'Email',
  'Template',
  'Manager',
  'Buddy',
  'Start date',
  'Status',
  'New hire tasks done',
  'New hire tasks total',
  'All tasks done',
  'All tasks total',
  'Percent',
  'Completed at',
] as const;

const managerOf = alias(users, 'export_manager');

function assertStaff(user: CurrentUser): void {
  if (!isStaff(user.role)) throw forbidden('Only admins and managers can export people and plans.');
}

/**
 * GET /api/people/export.csv: admins everyone of the company, managers the people who report to them
 * and the new hires of the plans they manage. 'Invited' until the person sets a password or signs in.
 */
export async function exportPeopleCsv(db: Db, user: CurrentUser, today = serverToday()): Promise<CsvFile> {
  assertStaff(user);
  const inCompany = eq(users.companyId, user.companyId);
  const managed = db
    .select({ id: onboardingPlans.newHireId })
    .from(onboardingPlans)
    .where(and(eq(onboardingPlans.companyId, user.companyId), eq(onboardingPlans.managerId, user.id), isNull(onboardingPlans.deletedAt)));
  const scope = user.role === 'admin' ? inCompany : and(inCompany, or(eq(users.managerId, user.id), inArray(users.id, managed)));
  const people = await db
    .select({ person: users, manager: { fullName: managerOf.fullName, firstName: managerOf.firstName, lastName: managerOf.lastName, email: managerOf.email } })
    .from(users)
    .leftJoin(managerOf, eq(managerOf.id, users.managerId))
    .where(scope)
    .orderBy(asc(users.createdAt), asc(users.email));
  const lines = [
    csvLine([...PEOPLE_EXPORT_COLUMNS]),
    ...people.map(({ person, manager }) =>
      csvLine([
        person.fullName ?? [person.firstName, person.lastName].filter(Boolean).join(' '),
        person.email,
        ROLE_LABELS[person.role],
        manager?.email ? nameOf(manager, '') : '',
        person.password !== null || person.lastSignInAt !== null ? 'Active' : 'Invited',
        person.createdAt,
      ]),
    ),
  ];
  return { filename: `people-${today}.csv`, csv: csvDocument(lines) };
}

/** 'Completed', 'Not started' (its start date is ahead) or 'In progress'. */
function planStatus(plan: { isCompleted: boolean; startDate: string }, today: string): string {
  if (plan.isCompleted) return 'Completed';
  return plan.startDate > today ? 'Not started' : 'In progress';
}

/**
 * GET /api/onboarding-plans/export.csv: the plans the caller sees (admins all, managers the ones they
 * manage), newest first, with the new hire's own progress and the whole plan's.
 */
export async function exportPlansCsv(db: Db, user: CurrentUser, today = serverToday()): Promise<CsvFile> {
  assertStaff(user);
  const plans = await db
    .select({
      startDate: onboardingPlans.startDate,
      isCompleted: onboardingPlans.isCompleted,
      completedAt: onboardingPlans.completedAt,
      tasksDone: onboardingPlans.tasksDone,
      tasksTotal: onboardingPlans.tasksTotal,
      newHireTasksDone: onboardingPlans.newHireTasksDone,
      newHireTasksTotal: onboardingPlans.newHireTasksTotal,
      template: templates.title,
      newHire: { fullName: planNewHire.fullName, firstName: planNewHire.firstName, lastName: planNewHire.lastName, email: planNewHire.email },
      manager: { fullName: planManager.fullName, firstName: planManager.firstName, lastName: planManager.lastName, email: planManager.email },
      buddy: { fullName: planBuddy.fullName, firstName: planBuddy.firstName, lastName: planBuddy.lastName, email: planBuddy.email },
    })
    .from(onboardingPlans)
    .innerJoin(planNewHire, eq(planNewHire.id, onboardingPlans.newHireId))
    .leftJoin(planManager, eq(planManager.id, onboardingPlans.managerId))
    .leftJoin(planBuddy, eq(planBuddy.id, onboardingPlans.buddyId))
    .leftJoin(templates, eq(templates.id, onboardingPlans.templateId))
    .where(visiblePlansWhere(user))
    .orderBy(desc(onboardingPlans.createdAt), desc(onboardingPlans.id));
  const named = (someone: { email: string | null; fullName: string | null; firstName: string | null; lastName: string | null } | null) =>
    someone?.email ? nameOf({ ...someone, email: someone.email }, '') : '';
  const lines = [
    csvLine([...PLANS_EXPORT_COLUMNS]),
    ...plans.map((plan) =>
      csvLine([
        named(plan.newHire),
        plan.newHire.email,
        plan.template ?? '',
        named(plan.manager),
        named(plan.buddy),
        plan.startDate,
        planStatus(plan, today),
        plan.newHireTasksDone,
        plan.newHireTasksTotal,
        plan.tasksDone,
        plan.tasksTotal,
        progressFromCounts(plan.tasksDone, plan.tasksTotal).progressPercentage,
        plan.completedAt,
      ]),
    ),
  ];
  return { filename: `plans-${today}.csv`, csv: csvDocument(lines) };
}
