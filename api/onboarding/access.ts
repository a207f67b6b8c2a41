// Who may see and change which onboarding plan (DESIGN.md section 5). Every plan read goes through here.
import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { onboardingPlans } from '../db/schema.ts';
import { forbidden, notFound } from '../lib/app-error.ts';
import type { CurrentUser } from '../lib/env.ts';

export type PlanRow = typeof onboardingPlans.$inferSelect;

/** Plans the user may read: own company, not deleted, and (admin) all, (manager) managed, (new hire) own. */
export function visiblePlansWhere(user: CurrentUser): SQL {
  const base = [eq(onboardingPlans.companyId, user.companyId), isNull(onboardingPlans.deletedAt)];
  if (user.role === 'manager') base.push(eq(onboardingPlans.managerId, user.id));
  else if (user.role === 'new_hire') base.push(eq(onboardingPlans.newHireId, user.id));
  return and(...base) as SQL;
}

/** The plan, or 404: never reveals another company's plan or one a manager does not manage. */
export function getVisiblePlan(db: Db | Tx, user: CurrentUser, planId: string): PlanRow {
  const plan = (db as Db)
    .select()
    .from(onboardingPlans)
    .where(and(eq(onboardingPlans.id, planId), visiblePlansWhere(user)))
    .get();
  if (!plan) throw notFound('Onboarding plan');
  return plan;
}

/** A visible plan may be changed by its admin or manager, never by the new hire (403). */
export function assertCanEditPlan(user: CurrentUser, plan: PlanRow): void {
  if (user.role === 'new_hire' || plan.companyId !== user.companyId) {
    throw forbidden('Only an admin or the plan’s manager can change this onboarding plan.');
  }
  if (user.role === 'manager' && plan.managerId !== user.id) throw notFound('Onboarding plan');
}
