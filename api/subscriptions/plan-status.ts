// The plan a company is on right now. A cancelled subscription keeps its plan until endDate, then the
// company drops to Starter; the drop is applied lazily here, the one place every limit check reads.
import { and, desc, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { PlanId } from '../../shared/catalogue.ts';
import { type Db, first, lockCompany, transaction, type Tx } from '../db/client.ts';
import { companies, subscriptions } from '../db/schema.ts';

/** The company's active subscription that started last (an activation leaves one, the drop below none). */
export async function newestActivePlanType(tx: Db | Tx, companyId: string): Promise<PlanId | undefined> {
  const active = await first(
    tx
      .select({ planType: subscriptions.planType })
      .from(subscriptions)
      .where(and(eq(subscriptions.companyId, companyId), eq(subscriptions.isActive, true)))
      .orderBy(desc(subscriptions.startDate), desc(subscriptions.id))
      .limit(1),
  );
  return active?.planType;
}

export async function currentPlanType(db: Db | Tx, companyId: string, now = new Date()): Promise<PlanId> {
  const company = await first(db.select({ planType: companies.planType }).from(companies).where(eq(companies.id, companyId)));
  if (!company || company.planType === 'starter') return 'starter';
  const nowIso = now.toISOString();
  const stillValid = await first(
    db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(eq(subscriptions.companyId, companyId), eq(subscriptions.isActive, true), or(isNull(subscriptions.endDate), gt(subscriptions.endDate, nowIso))))
      .limit(1),
  );
  if (stillValid) return company.planType;
  return transaction(db, async (tx) => {
    // Under the lock a notify may have activated a new subscription since the read above: the company
    // takes whatever is still active after the lapsed ones end, rather than Starter unconditionally.
    await lockCompany(tx, companyId);
    await tx
      .update(subscriptions)
      .set({ isActive: false })
      .where(and(eq(subscriptions.companyId, companyId), eq(subscriptions.isActive, true), lte(subscriptions.endDate, nowIso)));
    const planType = (await newestActivePlanType(tx, companyId)) ?? 'starter';
    await tx.update(companies).set({ planType }).where(eq(companies.id, companyId));
    return planType;
  });
}
