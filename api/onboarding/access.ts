// Who may see and change which onboarding plan (DESIGN.md section 5). Every plan read goes through here.
import { and, eq, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { canSeePlan, PLAN_SCOPE } from '../../shared/onboarding.ts';
import { isStaff, type Role } from '../../shared/roles.ts';
import type { Db, Tx } from '../db/client.ts';
import { preparedFor } from '../db/prepared.ts';
import { onboardingPlans } from '../db/schema.ts';
import { forbidden, notFound } from '../lib/app-error.ts';
import type { CurrentUser } from '../lib/env.ts';

export type PlanRow = typeof onboardingPlans.$inferSelect;

type Bound = string | Placeholder;

/** Own company, not deleted (unless asked), and the role's PLAN_SCOPE: all, managed or own (canSeePlan in SQL). */
function planScope(role: Role, companyId: Bound, userId: Bound, includeDeleted = false): SQL {
  const base = [eq(onboardingPlans.companyId, companyId)];
  if (!includeDeleted) base.push(isNull(onboardingPlans.deletedAt));
  const scope = PLAN_SCOPE[role];
  if (scope === 'managed') base.push(eq(onboardingPlans.managerId, userId));
  else if (scope === 'own') base.push(eq(onboardingPlans.newHireId, userId));
  return and(...base) as SQL;
}

/** Plans the user may read: own company, not deleted, and (admin) all, (manager) managed, (new hire) own. */
export function visiblePlansWhere(user: CurrentUser): SQL {
  return planScope(user.role, user.companyId, user.id);
}

/**
 * The same rule for a prepared statement of one role: bind `companyId` and `userId`
 * (see `visiblePlanParams`). Sync pulls include deleted plans so their deletion arrives as a tombstone.
 */
export function visiblePlansWherePrepared(role: Role, options: { includeDeleted?: boolean } = {}): SQL {
  return planScope(role, sql.placeholder('companyId'), sql.placeholder('userId'), options.includeDeleted);
}

/** The values `visiblePlansWherePrepared` binds. */
export function visiblePlanParams(user: CurrentUser): { companyId: string; userId: string } {
  return { companyId: user.companyId, userId: user.id };
}

/**
 * One prepared statement per role, built by `build` from that role's scope. On PostgreSQL each needs
 * its own name: suffix the statement's name with `role` (e.g. `tasks.find.${role}`).
 */
export function perRole<T>(build: (scope: SQL, role: Role) => T): Record<Role, T> {
  return {
    admin: build(visiblePlansWherePrepared('admin'), 'admin'),
    manager: build(visiblePlansWherePrepared('manager'), 'manager'),
    new_hire: build(visiblePlansWherePrepared('new_hire'), 'new_hire'),
  };
}

const statements = preparedFor((db) =>
  perRole((scope, role) =>
    db
      .select()
      .from(onboardingPlans)
      .where(and(eq(onboardingPlans.id, sql.placeholder('planId')), scope))
      .prepare(`onboarding.visiblePlan.${role}`),
  ),
);

/**
 * The plan, or 404: never reveals another company's plan or one a manager does not manage.
 * Opens no transaction: pass a transaction's handle to read inside it.
 */
export async function getVisiblePlan(db: Db | Tx, user: CurrentUser, planId: string): Promise<PlanRow> {
  const [plan] = await statements(db)[user.role].execute({ ...visiblePlanParams(user), planId });
  if (!plan) throw notFound('Onboarding plan');
  return plan;
}

/** A visible plan may be changed by its admin or manager, never by the new hire (403). */
export function assertCanEditPlan(user: CurrentUser, plan: PlanRow): void {
  if (!isStaff(user.role) || plan.companyId !== user.companyId) {
    throw forbidden('Only an admin or the plan’s manager can change this onboarding plan.');
  }
  if (!canSeePlan(user, plan)) throw notFound('Onboarding plan');
}
