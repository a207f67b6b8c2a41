// Subscriptions and PayHere orders: creating an order, applying a verified notify, and the admin's
// cancel / reactivate / Starter choices. Only a verified notify activates a plan (DESIGN.md section 8).
import { and, desc, eq, ne } from 'drizzle-orm';
import {
  checkoutAmount,
  PLAN_CATALOGUE,
  type BillingPeriod,
  type Currency,
  type PaidPlanId,
  type PlanId,
} from '../../shared/catalogue.ts';
import { PAYHERE_STATUS, type CurrentSubscription } from '../../shared/subscriptions.ts';
import type { Config } from '../config.ts';
import type { Db, Tx } from '../db/client.ts';
import { companies, paymentTransactions, subscriptions } from '../db/schema.ts';
import { conflict } from '../lib/app-error.ts';
import { notifySignature, payhereCredentials, signaturesMatch } from './payhere.ts';
import { currentPlanType } from './plan-status.ts';

type SubscriptionRow = typeof subscriptions.$inferSelect;

/** start + one billing period, keeping the day of month where it exists (31 Jan + 1 month = 28/29 Feb). */
export function addBillingPeriod(start: Date, period: BillingPeriod): Date {
  const months = period === 'yearly' ? 12 : 1;
  const end = new Date(start);
  const targetMonth = start.getUTCMonth() + months;
  end.setUTCDate(1);
  end.setUTCMonth(targetMonth);
  const daysInTarget = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(start.getUTCDate(), daysInTarget));
  return end;
}

export type CreateOrderOptions = { companyId: string; planType: PaidPlanId; billingPeriod: BillingPeriod; currency: Currency };

/** A pending subscription carrying a fresh, unique order id; the amount comes from the catalogue only. */
export function createPendingOrder(db: Db, options: CreateOrderOptions): SubscriptionRow {
  const active = findActiveSubscription(db, options.companyId);
  if (
    active &&
    active.status === 'completed' &&
    active.planType === options.planType &&
    active.billingPeriod === options.billingPeriod
  ) {
    throw conflict(`Your company is already on the ${PLAN_CATALOGUE[options.planType].name} plan, billed ${options.billingPeriod}.`);
  }
  return db
    .insert(subscriptions)
    .values({
      companyId: options.companyId,
      planType: options.planType,
      billingPeriod: options.billingPeriod,
      currency: options.currency,
      amount: checkoutAmount(options.planType, options.billingPeriod, options.currency),
      status: 'pending',
      payhereOrderId: `KO-${crypto.randomUUID()}`,
      isActive: false,
    })
    .returning()
    .get();
}

export function findCompanyOrder(db: Db, companyId: string, orderId: string): SubscriptionRow | undefined {
  return db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.companyId, companyId), eq(subscriptions.payhereOrderId, orderId)))
    .get();
}

/** The client saw the checkout fail: a still-pending order becomes failed; anything a notify decided stays. */
export function markOrderFailed(db: Db, subscriptionId: string): void {
  db.update(subscriptions)
    .set({ status: 'failed' })
    .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.status, 'pending')))
    .run();
}

export function findActiveSubscription(db: Db | Tx, companyId: string): SubscriptionRow | undefined {
  return db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.companyId, companyId), eq(subscriptions.isActive, true)))
    .orderBy(desc(subscriptions.startDate))
    .get();
}

/** The subscription the company is on now, or null for Starter (an ended cancellation drops first). */
export function getCurrentSubscription(db: Db, companyId: string, now = new Date()): CurrentSubscription {
  const planType = currentPlanType(db, companyId, now);
  if (planType === 'starter') return null;
  const active = findActiveSubscription(db, companyId);
  if (!active) return null;
  return {
    id: active.id,
    planType: active.planType,
    billingPeriod: active.billingPeriod,
    status: active.status,
    startDate: active.startDate,
    endDate: active.endDate,
    cancelledAt: active.cancelledAt,
    amount: active.amount,
    currency: active.currency,
  };
}

/** Cancel: access continues to endDate, then currentPlanType drops the company to Starter. */
export function cancelSubscription(db: Db, companyId: string, now = new Date()): SubscriptionRow {
  currentPlanType(db, companyId, now);
  const active = findActiveSubscription(db, companyId);
  if (!active) throw conflict('There is no paid subscription to cancel: your company is on the Starter plan.');
  if (active.status === 'cancelled') throw conflict('This subscription is already cancelled.');
  return db
    .update(subscriptions)
    .set({ status: 'cancelled', cancelledAt: now.toISOString() })
    .where(eq(subscriptions.id, active.id))
    .returning()
    .get();
}

/** Reactivate: only a cancelled subscription whose paid period has not ended yet. */
export function reactivateSubscription(db: Db, companyId: string, now = new Date()): SubscriptionRow {
  currentPlanType(db, companyId, now);
  const active = findActiveSubscription(db, companyId);
  if (!active || active.status !== 'cancelled' || (active.endDate !== null && active.endDate <= now.toISOString())) {
    throw conflict('There is no cancelled subscription to reactivate. Choose a plan to subscribe again.');
  }
  return db
    .update(subscriptions)
    .set({ status: 'completed', cancelledAt: null })
    .where(eq(subscriptions.id, active.id))
    .returning()
    .get();
}

/** Choosing Starter never cancels a paid plan: that is what cancel is for. */
export function chooseStarter(db: Db, companyId: string, now = new Date()): void {
  const planType = currentPlanType(db, companyId, now);
  if (planType !== 'starter') {
    const active = findActiveSubscription(db, companyId);
    const name = PLAN_CATALOGUE[planType].name;
    throw conflict(
      active?.status === 'cancelled'
        ? `Your ${name} plan is cancelled and moves to Starter automatically when its paid period ends.`
        : `Your company is on the ${name} plan. Cancel it first: you move to Starter when its paid period ends.`,
    );
  }
  db.update(companies).set({ planType: 'starter' }).where(eq(companies.id, companyId)).run();
}

// ---------------------------------------------------------------------------------------------
// The notify (PayHere's server-to-server callback)

/** The form fields PayHere posts (checkout documentation, "notify_url"). */
export type NotifyForm = Record<string, string>;

export type NotifyOutcome = { httpStatus: 200 | 400 | 503; result: string };

/** Outcomes that changed (or deliberately kept) an order; seeing one again for the same payment is a replay. */
const HANDLED_RESULTS = ['completed', 'renewed', 'pending', 'cancelled', 'failed', 'refunded', 'ignored'];

const CUSTOM_FIELD = /^(custom_[12]|subscription_id|message_type|item_rec_.+)$/;

/** '1500', '1500.0' and '1500.00' are the same amount; anything else is not an amount. */
function normaliseAmount(raw: string): string | null {
  return /^\d{1,12}(\.\d{1,2})?$/.test(raw) ? Number(raw).toFixed(2) : null;
}

function recordTransaction(db: Db | Tx, form: NotifyForm, result: string, order: SubscriptionRow | undefined): void {
  const customFields = Object.fromEntries(Object.entries(form).filter(([key]) => CUSTOM_FIELD.test(key)));
  db.insert(paymentTransactions)
    .values({
      subscriptionId: order?.id ?? null,
      companyId: order?.companyId ?? null,
      orderId: (form.order_id ?? '').slice(0, 200),
      paymentId: form.payment_id?.slice(0, 100) || null,
      amount: form.payhere_amount?.slice(0, 40) || null,
      currency: form.payhere_currency?.slice(0, 10) || null,
      status: result,
      paymentMethod: form.method?.slice(0, 40) || null,
      cardHolderName: form.card_holder_name?.slice(0, 200) || null,
      cardNo: form.card_no?.slice(0, 40) || null,
      statusCode: form.status_code?.slice(0, 10) || null,
      statusMessage: form.status_message?.slice(0, 500) || null,
      customFields: Object.keys(customFields).length ? customFields : null,
    })
    .run();
}

/** Sets the company's plan from its active subscriptions (Starter when none is left). */
function syncCompanyPlan(tx: Tx, companyId: string): void {
  const active = findActiveSubscription(tx, companyId);
  tx.update(companies)
    .set({ planType: (active?.planType ?? 'starter') as PlanId })
    .where(eq(companies.id, companyId))
    .run();
}

/**
 * Verifies and applies one notify. Every notify is recorded in payment_transactions, rejected ones
 * with the reason; a rejected notify changes no subscription and no company.
 */
export function processNotify(db: Db, payhere: Config['payhere'], form: NotifyForm, now = new Date()): NotifyOutcome {
  const reject = (httpStatus: 400 | 503, reason: string, order?: SubscriptionRow): NotifyOutcome => {
    recordTransaction(db, form, `rejected: ${reason}`, order);
    return { httpStatus, result: `rejected: ${reason}` };
  };
  const { merchant_id, order_id, payhere_amount, payhere_currency, status_code, md5sig } = form;
  if (!merchant_id || !order_id || !payhere_amount || !payhere_currency || !status_code || !md5sig) {
    return reject(400, 'missing fields');
  }
  const order = db.select().from(subscriptions).where(eq(subscriptions.payhereOrderId, order_id)).get();
  const credentials = payhereCredentials(payhere);
  if (!credentials) return reject(503, 'PayHere is not configured', order);
  if (merchant_id !== credentials.merchantId) return reject(400, 'merchant mismatch', order);
  const expected = notifySignature({
    merchantId: merchant_id,
    orderId: order_id,
    payhereAmount: payhere_amount,
    payhereCurrency: payhere_currency,
    statusCode: status_code,
    merchantSecret: credentials.merchantSecret,
  });
  if (!signaturesMatch(expected, md5sig)) return reject(400, 'bad signature', order);
  if (!order) return reject(400, 'unknown order');
  if (normaliseAmount(payhere_amount) !== order.amount) return reject(400, 'amount mismatch', order);
  if (payhere_currency !== order.currency) return reject(400, 'currency mismatch', order);
  if (!Object.values(PAYHERE_STATUS).includes(status_code as never)) return reject(400, 'unknown status code', order);

  return db.transaction((tx) => {
    const paymentId = form.payment_id ?? '';
    const seen = tx
      .select({ status: paymentTransactions.status, paymentId: paymentTransactions.paymentId })
      .from(paymentTransactions)
      .where(and(eq(paymentTransactions.orderId, order_id), eq(paymentTransactions.statusCode, status_code)))
      .all()
      .some((row) => (row.paymentId ?? '') === paymentId && HANDLED_RESULTS.includes(row.status));
    const current = tx.select().from(subscriptions).where(eq(subscriptions.id, order.id)).get() ?? order;
    const done = (result: string): NotifyOutcome => {
      recordTransaction(tx, form, result, current);
      return { httpStatus: 200, result };
    };
    if (seen) return done('duplicate');

    switch (status_code) {
      case PAYHERE_STATUS.success: {
        if (current.status === 'refunded') return done('ignored');
        if (current.isActive) {
          // A recurring renewal: a new payment for an order that is already running extends it.
          const from = current.endDate && current.endDate > now.toISOString() ? new Date(current.endDate) : now;
          tx.update(subscriptions)
            .set({ endDate: addBillingPeriod(from, current.billingPeriod).toISOString(), payherePaymentId: paymentId || null })
            .where(eq(subscriptions.id, current.id))
            .run();
          return done('renewed');
        }
        tx.update(subscriptions)
          .set({ isActive: false })
          .where(and(eq(subscriptions.companyId, current.companyId), eq(subscriptions.isActive, true), ne(subscriptions.id, current.id)))
          .run();
        tx.update(subscriptions)
          .set({
            status: 'completed',
            isActive: true,
            startDate: now.toISOString(),
            endDate: addBillingPeriod(now, current.billingPeriod).toISOString(),
            cancelledAt: null,
            payherePaymentId: paymentId || null,
            paymentMethod: form.method?.slice(0, 40) || null,
          })
          .where(eq(subscriptions.id, current.id))
          .run();
        syncCompanyPlan(tx, current.companyId);
        return done('completed');
      }
      case PAYHERE_STATUS.pending:
        return done('pending');
      case PAYHERE_STATUS.cancelled:
      case PAYHERE_STATUS.failed: {
        if (current.status !== 'pending') return done('ignored');
        const status = status_code === PAYHERE_STATUS.cancelled ? 'cancelled' : 'failed';
        tx.update(subscriptions).set({ status }).where(eq(subscriptions.id, current.id)).run();
        return done(status);
      }
      default: {
        // Charged back: the money went back, so does the plan.
        tx.update(subscriptions).set({ status: 'refunded', isActive: false }).where(eq(subscriptions.id, current.id)).run();
        syncCompanyPlan(tx, current.companyId);
        return done('refunded');
      }
    }
  });
}
