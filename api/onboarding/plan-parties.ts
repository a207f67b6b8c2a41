// The people of a plan a task can be assigned to, and the values its placeholders are filled with.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PlanParties } from '../../shared/assignees.ts';
import { placeholderValues, type PlaceholderValues } from '../../shared/placeholders.ts';
import type { Db, Tx } from '../db/client.ts';
import { preparedFor } from '../db/prepared.ts';
import { companies, onboardingPlans, users } from '../db/schema.ts';

/** The HR admin of a plan: the admin who assigned it, else the company's first admin. */
export async function hrAdminFor(db: Db | Tx, companyId: string, assignedBy: string | null): Promise<string | null> {
  const admins = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.role, 'admin')))
    .orderBy(asc(users.createdAt), asc(users.id));
  return admins.find((admin) => admin.id === assignedBy)?.id ?? admins[0]?.id ?? null;
}

/** Whom each assignee kind points at on this plan. */
export async function planParties(
  db: Db | Tx,
  plan: { companyId: string; newHireId: string; managerId: string | null; buddyId: string | null; createdBy: string | null },
): Promise<PlanParties> {
  return { newHireId: plan.newHireId, managerId: plan.managerId, buddyId: plan.buddyId, hrId: await hrAdminFor(db, plan.companyId, plan.createdBy) };
}

const newHire = alias(users, 'placeholder_new_hire');
const manager = alias(users, 'placeholder_manager');
const buddy = alias(users, 'placeholder_buddy');

/** The plans with what their placeholders are filled from; the caller adds which plans. */
const placeholderSources = (db: Db | Tx) =>
  db
    .select({
      planId: onboardingPlans.id,
      startDate: onboardingPlans.startDate,
      companyName: companies.name,
      newHire: { firstName: newHire.firstName, lastName: newHire.lastName, fullName: newHire.fullName, email: newHire.email },
      manager: { firstName: manager.firstName, lastName: manager.lastName, fullName: manager.fullName, email: manager.email },
      buddy: { firstName: buddy.firstName, lastName: buddy.lastName, fullName: buddy.fullName, email: buddy.email },
    })
    .from(onboardingPlans)
    .innerJoin(companies, eq(companies.id, onboardingPlans.companyId))
    .innerJoin(newHire, eq(newHire.id, onboardingPlans.newHireId))
    .leftJoin(manager, eq(manager.id, onboardingPlans.managerId))
    .leftJoin(buddy, eq(buddy.id, onboardingPlans.buddyId));

// One plan's, prepared once per connection (issue 20): a plan's task list and each tick read them, and
// building the query anew cost those requests more than running it.
const statements = preparedFor((db) => ({
  onePlan: placeholderSources(db)
    .where(eq(onboardingPlans.id, sql.placeholder('planId')))
    .prepare('plan-parties.placeholders'),
}));

type SourcePerson = { firstName: string | null; lastName: string | null; fullName: string | null; email: string | null } | null;
type PlaceholderSources = { newHire: NonNullable<SourcePerson> & { email: string }; manager: SourcePerson; buddy: SourcePerson; startDate: string; companyName: string };

/** A left-joined person is there when their email is (a missing row reads as nulls). */
const present = (person: SourcePerson) => (person?.email ? { ...person, email: person.email } : null);

/** A plan's placeholder values from its people, start date and company, as read with the plan. */
export const placeholderValuesFrom = (row: PlaceholderSources): PlaceholderValues =>
  placeholderValues({ newHire: row.newHire, manager: present(row.manager), buddy: present(row.buddy), startDate: row.startDate, companyName: row.companyName });

/** Placeholder values of each plan (one query for all of them); every place that shows a plan's tasks fills them with these. */
export async function placeholderValuesByPlan(db: Db | Tx, planIds: readonly string[]): Promise<Map<string, PlaceholderValues>> {
  const ids = [...new Set(planIds)];
  if (!ids.length) return new Map();
  const rows = ids.length === 1 ? await statements(db).onePlan.execute({ planId: ids[0] }) : await placeholderSources(db).where(inArray(onboardingPlans.id, ids));
  return new Map(rows.map((row) => [row.planId, placeholderValuesFrom(row)]));
}

/** One plan's values; for a single answer (a tick; a plan's details and task list read them with the plan). */
export async function placeholderValuesOf(db: Db | Tx, planId: string): Promise<PlaceholderValues | undefined> {
  return (await placeholderValuesByPlan(db, [planId])).get(planId);
}
