// What the operator reads with `npm run billing:report`: recent cancellations with their reasons, and
// payments flagged for a look (a renewal PayHere charged after a cancel must be refunded).
import { and, desc, eq, gte, isNotNull } from 'drizzle-orm';
import type { PlanId } from '../../shared/catalogue.ts';
import type { Db } from '../db/client.ts';
import { companies, paymentTransactions, subscriptionCancellations, subscriptions, users } from '../db/schema.ts';

export type CancellationEntry = {
  createdAt: string;
  companyId: string;
  companyName: string;
  /** Who cancelled; null once that account is deleted. */
  userEmail: string | null;
  planType: PlanId | null;
  /** PayHere's recurring id the cancel stopped; null when PayHere never gave one. */
  payhereSubscriptionId: string | null;
  reason: string;
  feedback: string | null;
};

export type FlaggedTransactionEntry = {
  createdAt: string;
  flag: string;
  companyName: string | null;
  orderId: string;
  paymentId: string | null;
  amount: string | null;
  currency: string | null;
  /** PayHere's recurring id as its notify gave it: what to look up (and cancel) in PayHere's portal. */
  payhereSubscriptionId: string | null;
};

export type BillingReport = {
  cancellations: CancellationEntry[];
  flagged: FlaggedTransactionEntry[];
};

export type BillingReportOptions = { since: Date; limit?: number };

/** Newest first; at most `limit` of each. */
export async function billingReport(db: Db, { since, limit = 100 }: BillingReportOptions): Promise<BillingReport> {
  const from = since.toISOString();
  const cancellations = await db
    .select({
      createdAt: subscriptionCancellations.createdAt,
      companyId: subscriptionCancellations.companyId,
      companyName: companies.name,
      userEmail: users.email,
      planType: subscriptions.planType,
      payhereSubscriptionId: subscriptions.payhereSubscriptionId,
      reason: subscriptionCancellations.reason,
      feedback: subscriptionCancellations.feedback,
    })
    .from(subscriptionCancellations)
    .innerJoin(companies, eq(companies.id, subscriptionCancellations.companyId))
    .leftJoin(users, eq(users.id, subscriptionCancellations.userId))
    .leftJoin(subscriptions, eq(subscriptions.id, subscriptionCancellations.subscriptionId))
    .where(gte(subscriptionCancellations.createdAt, from))
    .orderBy(desc(subscriptionCancellations.createdAt), desc(subscriptionCancellations.id))
    .limit(limit);
  const transactions = await db
    .select({
      createdAt: paymentTransactions.createdAt,
      flag: paymentTransactions.flag,
      companyName: companies.name,
      orderId: paymentTransactions.orderId,
      paymentId: paymentTransactions.paymentId,
      amount: paymentTransactions.amount,
      currency: paymentTransactions.currency,
      customFields: paymentTransactions.customFields,
    })
    .from(paymentTransactions)
    .leftJoin(companies, eq(companies.id, paymentTransactions.companyId))
    .where(and(isNotNull(paymentTransactions.flag), gte(paymentTransactions.createdAt, from)))
    .orderBy(desc(paymentTransactions.createdAt), desc(paymentTransactions.id))
    .limit(limit);
  const flagged = transactions.map(({ customFields, flag, ...row }) => ({
    ...row,
    flag: flag ?? '',
    payhereSubscriptionId: customFields?.subscription_id ?? null,
  }));
  return { cancellations, flagged };
}
