// Subscriptions and PayHere orders: creating an order, applying a verified notify, and the admin's
// cancel / reactivate / Starter choices. Only a verified notify activates a plan (DESIGN.md section 8).
import { and, desc, eq, ne } from 'drizzle-orm';
import { checkoutAmount, PLAN_CATALOGUE, type BillingPeriod, type Currency, type PaidPlanId, type PlanId } from '../../shared/catalogue.ts';
import { ERROR_CODE } from '../../shared/errors.ts';
import {
  DEFAULT_PAYER_DETAILS,
  PAYHERE_STATUS,
  type CancelReason,
  type CurrentSubscription,
  type PayerDetails,
  type PayerPrefill,
  type ResolvedPayer,
} from '../../shared/subscriptions.ts';
import type { Config } from '../config.ts';
import { type Db, first, lockCompany, transaction, type Tx } from '../db/client.ts';
import { companies, paymentTransactions, subscriptionCancellations, subscriptions, users } from '../db/schema.ts';
import { AppError, conflict } from '../lib/app-error.ts';
import { notifySignature, payhereCredentials, RENEWAL_MESSAGE_TYPES, signaturesMatch } from './payhere.ts';
import { currentPlanType, newestActivePlanType } from './plan-status.ts';
import type { SubscriptionManager } from './subscription-manager.ts';

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
export async function createPendingOrder(db: Db, options: CreateOrderOptions): Promise<SubscriptionRow> {
  const active = await findActiveSubscription(db, options.companyId);
  if (active && active.status === 'completed' && active.planType === options.planType && active.billingPeriod === options.billingPeriod) {
    throw conflict(`Your company is already on the ${PLAN_CATALOGUE[options.planType].name} plan, billed ${options.billingPeriod}.`);
  }
  const [order] = await db
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
    .returning();
  if (!order) throw new Error('The order was not created');
  return order;
}

// ---------------------------------------------------------------------------------------------
// The payer's details for PayHere's checkout

type PayerOf = { companyId: string; userId: string };

/** The admin's own name and email, and the company's name, address, phone and city. */
async function payerSources(db: Db, { companyId, userId }: PayerOf) {
  const [row] = await db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      fullName: users.fullName,
      email: users.email,
      companyName: companies.name,
      address: companies.address,
      phone: companies.phone,
      city: companies.city,
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(users.id, userId), eq(users.companyId, companyId)))
    .limit(1);
  if (!row) throw new Error(`No user ${userId} in company ${companyId}`);
  return row;
}

/** A text that says something, trimmed; null for missing or blank. */
const known = (value: string | null | undefined) => value?.trim() || null;

/** What the server knows of the payer, for the checkout's form (GET /api/payments/payer-details). */
export async function getPayerPrefill(db: Db, of: PayerOf): Promise<PayerPrefill> {
  const source = await payerSources(db, of);
  const [firstWord, ...rest] = (source.fullName ?? '').trim().split(/\s+/).filter(Boolean);
  return {
    companyName: source.companyName,
    firstName: known(source.firstName) ?? firstWord ?? null,
    lastName: known(source.lastName) ?? (known(rest.join(' ')) || null),
    email: source.email,
    phone: known(source.phone),
    address: known(source.address),
    city: known(source.city),
  };
}

export type ResolvePayerOptions = PayerOf & {
  /** What the admin confirmed on the checkout screen: wins, and its address, phone and city are saved to the company. */
  payer?: PayerDetails;
  /** What the client sent in the spec's userDetails (older clients fill gaps with placeholders): a fallback only. */
  userDetails?: PayerDetails;
};

/**
 * The details PayHere gets, field by field: the admin's confirmed value, else the company's (or the
 * admin's own name and email), else the client's userDetails, else the spec's placeholder.
 */
export async function resolvePayer(db: Db, options: ResolvePayerOptions): Promise<ResolvedPayer> {
  const prefill = await getPayerPrefill(db, options);
  const { payer, userDetails } = options;
  const pick = (field: keyof PayerDetails) => known(payer?.[field]) ?? prefill[field] ?? known(userDetails?.[field]);
  const corrections = {
    address: known(payer?.address) ?? prefill.address,
    phone: known(payer?.phone) ?? prefill.phone,
    city: known(payer?.city) ?? prefill.city,
  };
  if (corrections.address !== prefill.address || corrections.phone !== prefill.phone || corrections.city !== prefill.city) {
    await db.update(companies).set(corrections).where(eq(companies.id, options.companyId));
  }
  return {
    firstName: pick('firstName') ?? DEFAULT_PAYER_DETAILS.firstName,
    lastName: pick('lastName') ?? DEFAULT_PAYER_DETAILS.lastName,
    email: pick('email') ?? prefill.email,
    phone: pick('phone') ?? DEFAULT_PAYER_DETAILS.phone,
    address: pick('address') ?? DEFAULT_PAYER_DETAILS.address,
    city: pick('city') ?? DEFAULT_PAYER_DETAILS.city,
  };
}

export function findCompanyOrder(db: Db, companyId: string, orderId: string): Promise<SubscriptionRow | undefined> {
  return first(
    db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.companyId, companyId), eq(subscriptions.payhereOrderId, orderId))),
  );
}

/** The client saw the checkout fail: a still-pending order becomes failed; anything a notify decided stays. */
export async function markOrderFailed(db: Db, subscriptionId: string): Promise<void> {
  await db
    .update(subscriptions)
    .set({ status: 'failed' })
    .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.status, 'pending')));
}

export function findActiveSubscription(db: Db | Tx, companyId: string): Promise<SubscriptionRow | undefined> {
  return first(
    db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.companyId, companyId), eq(subscriptions.isActive, true)))
      .orderBy(desc(subscriptions.startDate), desc(subscriptions.id))
      .limit(1),
  );
}

/** The subscription the company is on now, or null for Starter (an ended cancellation drops first). */
export async function getCurrentSubscription(db: Db, companyId: string, now = new Date()): Promise<CurrentSubscription> {
  const planType = await currentPlanType(db, companyId, now);
  if (planType === 'starter') return null;
  const active = await findActiveSubscription(db, companyId);
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

const ALREADY_CANCELLED = 'This subscription is already cancelled.';

/** What the admin reads when PayHere did not confirm the cancel (the operator's log has PayHere's answer). */
export const BILLING_NOT_CANCELLED =
  'PayHere did not confirm the cancellation, so your billing was not cancelled and your subscription is unchanged. Please try again in a few minutes, or contact support if this keeps happening.';

export type CancelOptions = {
  companyId: string;
  /** The admin who cancels, kept with the reason. */
  userId: string;
  reason: CancelReason;
  feedback?: string;
  /** PayHere's Subscription Manager (or the simulator's stand-in). */
  payhere: SubscriptionManager;
  now?: Date;
};

/** Whether PayHere was already told to stop this subscription's billing: a cancel went through before (then a reactivate). */
async function billingStopped(db: Db, subscriptionId: string): Promise<boolean> {
  const earlier = await first(
    db.select({ id: subscriptionCancellations.id }).from(subscriptionCancellations).where(eq(subscriptionCancellations.subscriptionId, subscriptionId)).limit(1),
  );
  return earlier !== undefined;
}

/**
 * Cancel: PayHere stops the recurring billing first, then the subscription is marked cancelled and the
 * reason stored; access continues to endDate, then currentPlanType drops the company to Starter. When
 * PayHere does not confirm, nothing is marked cancelled (a 502 the admin can retry).
 */
export async function cancelSubscription(db: Db, options: CancelOptions): Promise<SubscriptionRow> {
  const { companyId, payhere, now = new Date() } = options;
  await currentPlanType(db, companyId, now);
  const active = await findActiveSubscription(db, companyId);
  if (!active) throw conflict('There is no paid subscription to cancel: your company is on the Starter plan.');
  if (active.status === 'cancelled') throw conflict(ALREADY_CANCELLED);

  // The network call comes before (never inside) the transaction. With no recurring id, PayHere has no
  // billing of ours to stop (the billing report shows such cancellations with no PayHere id).
  const recurringId = active.payhereSubscriptionId;
  if (recurringId && !(await billingStopped(db, active.id))) {
    try {
      await payhere.cancel(recurringId);
    } catch (error) {
      console.error(
        `PayHere did not cancel recurring subscription ${recurringId} (subscription ${active.id}, company ${companyId}); nothing was cancelled: ${error instanceof Error ? error.message : String(error)}`,
      );
      // Another admin's cancel may have gone through meanwhile, and PayHere refuses a second one.
      const latest = await first(db.select({ status: subscriptions.status }).from(subscriptions).where(eq(subscriptions.id, active.id)));
      if (latest?.status === 'cancelled') throw conflict(ALREADY_CANCELLED);
      throw billingNotCancelled();
    }
  }

  return transaction(db, async (tx) => {
    // Conditional, so of two cancels racing (two tabs, two instances) one wins and the other is told.
    const [cancelled] = await tx
      .update(subscriptions)
      .set({ status: 'cancelled', cancelledAt: now.toISOString() })
      .where(and(eq(subscriptions.id, active.id), ne(subscriptions.status, 'cancelled')))
      .returning();
    if (!cancelled) throw conflict(ALREADY_CANCELLED);
    await tx.insert(subscriptionCancellations).values({
      companyId,
      subscriptionId: cancelled.id,
      userId: options.userId,
      reason: options.reason,
      feedback: options.feedback || null,
      createdAt: now.toISOString(),
    });
    return cancelled;
  });
}

function billingNotCancelled(): AppError {
  return new AppError(502, BILLING_NOT_CANCELLED, { code: ERROR_CODE.paymentProviderFailed });
}

const NOTHING_TO_REACTIVATE = 'There is no cancelled subscription to reactivate. Choose a plan to subscribe again.';

/** Reactivate: only a cancelled subscription whose paid period has not ended yet. */
export async function reactivateSubscription(db: Db, companyId: string, now = new Date()): Promise<SubscriptionRow> {
  await currentPlanType(db, companyId, now);
  const active = await findActiveSubscription(db, companyId);
  if (!active || active.status !== 'cancelled' || (active.endDate !== null && active.endDate <= now.toISOString())) {
    throw conflict(NOTHING_TO_REACTIVATE);
  }
  const [reactivated] = await db
    .update(subscriptions)
    .set({ status: 'completed', cancelledAt: null })
    .where(and(eq(subscriptions.id, active.id), eq(subscriptions.status, 'cancelled'), eq(subscriptions.isActive, true)))
    .returning();
  if (!reactivated) throw conflict(NOTHING_TO_REACTIVATE);
  return reactivated;
}

/**
 * Choosing Starter never cancels a paid plan: that is what cancel is for. A company currentPlanType
 * finds on Starter already has Starter written (it writes any drop itself), so there is nothing to store;
 * writing it again could undo a plan a notify activated meanwhile.
 */
export async function chooseStarter(db: Db, companyId: string, now = new Date()): Promise<void> {
  const planType = await currentPlanType(db, companyId, now);
  if (planType === 'starter') return;
  const active = await findActiveSubscription(db, companyId);
  const name = PLAN_CATALOGUE[planType].name;
  throw conflict(
    active?.status === 'cancelled'
      ? `Your ${name} plan is cancelled and moves to Starter automatically when its paid period ends.`
      : `Your company is on the ${name} plan. Cancel it first: you move to Starter when its paid period ends.`,
  );
}

// ---------------------------------------------------------------------------------------------
// The notify (PayHere's server-to-server callback)

/** The form fields PayHere posts (checkout documentation, "notify_url"). */
export type NotifyForm = Record<string, string>;

export type NotifyOutcome = {
  httpStatus: 200 | 400 | 503;
  result: string;
  /** It changed (or deliberately kept) an order the first time PayHere said so: not a forgery, replay or surplus renewal. */
  applied: boolean;
  /** The order's company, once the notify reached a known order (the route pokes its people). */
  companyId?: string;
};

/**
 * Outcomes of a verified notify seen for the first time that PayHere's server sends in the normal course.
 * 'flagged': recorded for the operator and applied to nothing (a renewal charged after a cancel).
 */
const APPLIED_RESULTS = ['completed', 'renewed', 'pending', 'cancelled', 'failed', 'refunded', 'flagged'];
/** Outcomes that changed (or deliberately kept) an order; seeing one again for the same payment is a replay. */
const HANDLED_RESULTS = [...APPLIED_RESULTS, 'ignored'];

/**
 * The extra fields kept with a transaction: our pass-through fields and PayHere's recurring ones
 * (checkout and recurring documentation), each cut short. md5sig does not cover them, so whatever
 * else a notify carries is dropped rather than stored.
 */
const KEPT_EXTRA_FIELDS = [
  'custom_1',
  'custom_2',
  'message_type',
  'subscription_id',
  'item_recurrence',
  'item_duration',
  'item_rec_status',
  'item_rec_date_next',
  'item_rec_install_paid',
] as const;
const EXTRA_FIELD_MAX_CHARS = 100;

/**
 * PayHere may charge an installment a little before our endDate (its schedule runs on its own clock
 * and time zone). Earlier than this, the coming period is already paid and a renewal extends nothing:
 * at most one extension per billing period (the shortest, a month, is far longer).
 */
export const RENEWAL_EARLY_WINDOW_MS = 3 * 24 * 60 * 60 * 1000;

/** '1500', '1500.0' and '1500.00' are the same amount; anything else is not an amount. */
function normaliseAmount(raw: string): string | null {
  return /^\d{1,12}(\.\d{1,2})?$/.test(raw) ? Number(raw).toFixed(2) : null;
}

/** A field as it may go into the log: one quoted line, however it was written. */
const printable = (value: string | undefined) => JSON.stringify((value ?? '').slice(0, 100));

/** Why the operator must look at a transaction (payment_transactions.flag); `npm run billing:report` lists them. */
export const TRANSACTION_FLAGS = { renewalAfterCancel: 'renewal_after_cancel' } as const;
export type TransactionFlag = (typeof TRANSACTION_FLAGS)[keyof typeof TRANSACTION_FLAGS];

async function recordTransaction(db: Db | Tx, form: NotifyForm, result: string, order: SubscriptionRow | undefined, flag: TransactionFlag | null = null): Promise<void> {
  const extraFields: Record<string, string> = {};
  for (const key of KEPT_EXTRA_FIELDS) {
    const value = form[key];
    if (value) extraFields[key] = value.slice(0, EXTRA_FIELD_MAX_CHARS);
  }
  await db.insert(paymentTransactions).values({
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
    flag,
    customFields: Object.keys(extraFields).length ? extraFields : null,
  });
}

/** Sets the company's plan from its active subscriptions (Starter when none is left). */
async function syncCompanyPlan(tx: Tx, companyId: string): Promise<void> {
  const planType: PlanId = (await newestActivePlanType(tx, companyId)) ?? 'starter';
  await tx.update(companies).set({ planType }).where(eq(companies.id, companyId));
}

/**
 * PayHere's id of the recurring subscription (its notify's subscription_id), what a cancel sends to its
 * Subscription Manager. md5sig does not cover it, so only a plain PayHere id is taken, and only from a
 * notify that is applied (never from a replay).
 */
function recurringIdOf(form: NotifyForm): string | null {
  const id = form.subscription_id ?? '';
  return /^\d{1,20}$/.test(id) ? id : null;
}

/** The order's first verified success: it becomes the company's one active subscription, for one period. */
async function activate(tx: Tx, order: SubscriptionRow, form: NotifyForm, now: Date): Promise<void> {
  await tx
    .update(subscriptions)
    .set({ isActive: false })
    .where(and(eq(subscriptions.companyId, order.companyId), eq(subscriptions.isActive, true), ne(subscriptions.id, order.id)));
  await tx
    .update(subscriptions)
    .set({
      status: 'completed',
      isActive: true,
      startDate: now.toISOString(),
      endDate: addBillingPeriod(now, order.billingPeriod).toISOString(),
      cancelledAt: null,
      payherePaymentId: form.payment_id || null,
      payhereSubscriptionId: recurringIdOf(form),
      paymentMethod: form.method?.slice(0, 40) || null,
    })
    .where(eq(subscriptions.id, order.id));
  await syncCompanyPlan(tx, order.companyId);
}

/**
 * A recurring installment for an order that ran before: one more period, from the paid end (or from
 * now once that has passed), unless the coming period is paid already. A subscription that lapsed
 * comes back, but never over another one the company has moved to since. A cancelled one is never
 * extended nor brought back: PayHere should not have charged it, so the charge is flagged for the
 * operator (who refunds it) and changes nothing.
 */
async function renew(tx: Tx, order: SubscriptionRow, form: NotifyForm, now: Date): Promise<'renewed' | 'ignored' | 'flagged'> {
  if (order.status === 'cancelled') {
    console.warn(
      `PayHere charged cancelled subscription ${order.id} (company ${order.companyId}, order ${printable(form.order_id)}, PayHere subscription ${printable(form.subscription_id)}, payment ${printable(form.payment_id)}, ${printable(form.payhere_amount)} ${printable(form.payhere_currency)}): recorded as ${TRANSACTION_FLAGS.renewalAfterCancel}, plan unchanged. Refund it and check the subscription is cancelled in PayHere.`,
    );
    return 'flagged';
  }
  const paidUntil = order.isActive && order.endDate ? new Date(order.endDate) : null;
  if (paidUntil && paidUntil.getTime() - now.getTime() > RENEWAL_EARLY_WINDOW_MS) return 'ignored';
  if (!order.isActive) {
    const other = await first(
      tx
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(and(eq(subscriptions.companyId, order.companyId), eq(subscriptions.isActive, true), ne(subscriptions.id, order.id)))
        .limit(1),
    );
    if (other) return 'ignored';
  }
  const from = paidUntil && paidUntil > now ? paidUntil : now;
  await tx
    .update(subscriptions)
    .set({
      isActive: true,
      endDate: addBillingPeriod(from, order.billingPeriod).toISOString(),
      payherePaymentId: form.payment_id || null,
      // Subscriptions activated before ids were kept learn theirs from the first installment.
      payhereSubscriptionId: order.payhereSubscriptionId ?? recurringIdOf(form),
    })
    .where(eq(subscriptions.id, order.id));
  await syncCompanyPlan(tx, order.companyId);
  return 'renewed';
}

/**
 * Verifies and applies one notify. A notify that fails verification (fields missing, another merchant,
 * a wrong md5sig) is not PayHere's: it is logged with the reason and nothing of it is stored. A verified
 * one is recorded in payment_transactions, a rejected one with the reason; a rejected notify changes no
 * subscription and no company.
 */
export async function processNotify(db: Db, payhere: Config['payhere'], form: NotifyForm, now = new Date()): Promise<NotifyOutcome> {
  const refuse = (httpStatus: 400 | 503, reason: string): NotifyOutcome => {
    console.info(`PayHere notify refused, not stored: ${reason} (order ${printable(form.order_id)})`);
    return { httpStatus, result: `rejected: ${reason}`, applied: false };
  };
  const reject = async (reason: string, order?: SubscriptionRow): Promise<NotifyOutcome> => {
    await recordTransaction(db, form, `rejected: ${reason}`, order);
    return { httpStatus: 400, result: `rejected: ${reason}`, applied: false };
  };
  const { merchant_id, order_id, payhere_amount, payhere_currency, status_code, md5sig } = form;
  if (!merchant_id || !order_id || !payhere_amount || !payhere_currency || !status_code || !md5sig) {
    return refuse(400, 'missing fields');
  }
  const credentials = payhereCredentials(payhere);
  if (!credentials) return refuse(503, 'PayHere is not configured');
  if (merchant_id !== credentials.merchantId) return refuse(400, 'merchant mismatch');
  const expected = notifySignature({
    merchantId: merchant_id,
    orderId: order_id,
    payhereAmount: payhere_amount,
    payhereCurrency: payhere_currency,
    statusCode: status_code,
    merchantSecret: credentials.merchantSecret,
  });
  if (!signaturesMatch(expected, md5sig)) return refuse(400, 'bad signature');

  const order = await first(db.select().from(subscriptions).where(eq(subscriptions.payhereOrderId, order_id)));
  if (!order) return reject('unknown order');
  if (normaliseAmount(payhere_amount) !== order.amount) return reject('amount mismatch', order);
  if (payhere_currency !== order.currency) return reject('currency mismatch', order);
  if (!Object.values(PAYHERE_STATUS).includes(status_code as never)) return reject('unknown status code', order);

  return transaction(
    db,
    async (tx) => {
      // PayHere may deliver the same notify to two instances at once. The company's notifies apply one at
      // a time under its row lock, and the replay check reads after taking it, so the second one sees the
      // first one's transaction row and is a duplicate: one activation, one row recorded as applied.
      await lockCompany(tx, order.companyId);
      const paymentId = form.payment_id ?? '';
      const seen = (
        await tx
          .select({ status: paymentTransactions.status, paymentId: paymentTransactions.paymentId })
          .from(paymentTransactions)
          .where(and(eq(paymentTransactions.orderId, order_id), eq(paymentTransactions.statusCode, status_code)))
      ).some((row) => (row.paymentId ?? '') === paymentId && HANDLED_RESULTS.includes(row.status));
      const current = (await first(tx.select().from(subscriptions).where(eq(subscriptions.id, order.id)))) ?? order;
      const done = async (result: string): Promise<NotifyOutcome> => {
        await recordTransaction(tx, form, result, current, result === 'flagged' ? TRANSACTION_FLAGS.renewalAfterCancel : null);
        return { httpStatus: 200, result, applied: APPLIED_RESULTS.includes(result), companyId: current.companyId };
      };
      if (seen) return done('duplicate');

      switch (status_code) {
        case PAYHERE_STATUS.success: {
          if (current.status === 'refunded') return done('ignored');
          if (current.startDate === null) {
            await activate(tx, current, form, now);
            return done('completed');
          }
          // The order ran already. md5sig covers neither payment_id nor message_type, so a captured notify
          // can come back with a new payment id: only a recurring installment pays for more, once a period.
          if (!RENEWAL_MESSAGE_TYPES.includes(form.message_type ?? '')) return done('ignored');
          return done(await renew(tx, current, form, now));
        }
        case PAYHERE_STATUS.pending:
          return done('pending');
        case PAYHERE_STATUS.cancelled:
        case PAYHERE_STATUS.failed: {
          if (current.status !== 'pending') return done('ignored');
          const status = status_code === PAYHERE_STATUS.cancelled ? 'cancelled' : 'failed';
          await tx.update(subscriptions).set({ status }).where(eq(subscriptions.id, current.id));
          return done(status);
        }
        default: {
          // Charged back: the money went back, so does the plan.
          await tx.update(subscriptions).set({ status: 'refunded', isActive: false }).where(eq(subscriptions.id, current.id));
          await syncCompanyPlan(tx, current.companyId);
          return done('refunded');
        }
      }
      // Durable: PayHere gets its 200 only once the payment is on disk.
    },
    { durable: true },
  );
}
