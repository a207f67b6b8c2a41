// The plan a company is on right now. A cancelled subscription keeps its plan until endDate, then the
// company drops to Starter; the drop is applied lazily here, the one place every limit check reads.
import { and, eq, lt, inArray } from 'drizzle-orm';
import type { PlanId } from '../../shared/catalogue.ts';
import type { Db } from '../db/client.ts';
import { companies, subscriptions } from '../db/schema.ts';

export function currentPlanType(db: Db, companyId: string, now = new Date()): PlanId {
  const company = db.select({ planType: companies.planType }).from(companies).where(eq(companies.id, companyId)).get();
  if (!company || company.planType === 'starter') return 'starter';
  const active = db
    .select({ id: subscriptions.id, endDate: subscriptions.endDate })
    .from(subscriptions)
    .where(and(eq(subscriptions.companyId, companyId), eq(subscriptions.isActive, true)))
    .all();
  const nowIso = now.toISOString();
  const stillValid = active.some((sub) => !sub.endDate || sub.endDate > nowIso);
  if (stillValid) return company.planType;
  db.transaction((tx) => {
    tx.update(subscriptions)
      .set({ isActive: false })
      .where(and(eq(subscriptions.companyId, companyId), eq(subscriptions.isActive, true), lt(subscriptions.endDate, nowIso)))
      .run();
    tx.update(companies).set({ planType: 'starter' }).where(eq(companies.id, companyId)).run();
  });
  return 'starter';
}

/** Marks subscriptions of these ids inactive (used when a charge-back or refund ends access). */
export function deactivateSubscriptions(db: Db, ids: string[]): void {
  if (ids.length) db.update(subscriptions).set({ isActive: false }).where(inArray(subscriptions.id, ids)).run();
}
