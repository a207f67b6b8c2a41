// /api/payments (PayHere checkout and notify) and /api/subscription, a router each (spec section 7, DESIGN.md sections 4, 5 and 8).
import { Hono, type MiddlewareHandler } from 'hono';
import { PAYHERE_RECURRENCE, PLAN_CATALOGUE } from '../../shared/catalogue.ts';
import { ERROR_CODE } from '../../shared/errors.ts';
import {
  CancelSubscriptionSchema,
  PaymentConfirmSchema,
  PaymentCreateSchema,
  SimulatorCompleteSchema,
  PAYHERE_STATUS,
  type MessageResponse,
  type PayerPrefill,
  type PaymentConfirmResponse,
  type PaymentCreateResponse,
} from '../../shared/subscriptions.ts';
import { EVERYONE, pokeRoles } from '../events/publish.ts';
import { AppError, found, notFound } from '../lib/app-error.ts';
import type { AppEnv } from '../lib/env.ts';
import { validate } from '../lib/validate.ts';
import { currentUser, requireRole, requireUser } from '../middleware/auth.ts';
import { assertNotLimited, clientAddress, limits } from '../middleware/rate-limit.ts';
import { checkoutHash, notifySignature, payhereCredentials } from './payhere.ts';
import {
  cancelSubscription,
  chooseStarter,
  createPendingOrder,
  findCompanyOrder,
  getCurrentSubscription,
  getPayerPrefill,
  markOrderFailed,
  processNotify,
  reactivateSubscription,
  resolvePayer,
  type NotifyForm,
} from './subscriptions.queries.ts';
import { subscriptionManagerFor } from './subscription-manager.ts';

const adminOnly = requireRole('admin');

/** The simulator's route exists only in simulator mode; elsewhere it is as missing as any other path. */
const simulatorOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.var.deps.config.payhere.mode !== 'simulator') throw notFound('Route');
  await next();
};

/** PayHere's notify is a couple of dozen short fields, well under 2 KiB; 16 KiB leaves room for ones it may add. */
const NOTIFY_MAX_BYTES = 16 * 1024;

/** A notify processNotify refused: 400 when it is not a valid notify, 503 while PayHere is not configured here. */
const notifyRefused = (status: 400 | 503, result: string) => new AppError(status, `Notification ${result}`, status === 503 ? { code: ERROR_CODE.paymentProviderFailed } : {});

export const paymentsRoutes = new Hono<AppEnv>()
  .post('/create', adminOnly, validate('json', PaymentCreateSchema), async (c) => {
    const { config, db } = c.var.deps;
    const credentials = payhereCredentials(config.payhere);
    if (!credentials) {
      throw new AppError(503, 'Payments are not available yet: PayHere is not configured on this server. Please contact support.', {
        code: ERROR_CODE.paymentProviderFailed,
      });
    }
    const { planType, billingPeriod, currency, payer, userDetails } = c.req.valid('json');
    const user = currentUser(c);
    const order = await createPendingOrder(db, { companyId: user.companyId, planType, billingPeriod, currency });
    const orderId = order.payhereOrderId ?? '';
    return c.json<PaymentCreateResponse>({
      mode: config.payhere.mode,
      merchantId: credentials.merchantId,
      notifyUrl: `${config.appUrl}/api/payments/notify`,
      returnUrl: `${config.appUrl}/subscription`,
      cancelUrl: `${config.appUrl}/subscription`,
      orderId,
      items: `Kickoff ${PLAN_CATALOGUE[planType].name} plan (${billingPeriod})`,
      amount: order.amount,
      currency: order.currency,
      hash: checkoutHash({ ...credentials, orderId, amount: order.amount, currency: order.currency }),
      recurrence: PAYHERE_RECURRENCE[billingPeriod],
      duration: 'Forever',
      planType,
      billingPeriod,
      payer: await resolvePayer(db, { companyId: user.companyId, userId: user.id, payer, userDetails }),
    });
  })

  /** What the checkout's payer form starts from: the company's address, phone and city, the admin's name and email. */
  .get('/payer-details', adminOnly, async (c) => {
    const user = currentUser(c);
    return c.json<PayerPrefill>(await getPayerPrefill(c.var.deps.db, { companyId: user.companyId, userId: user.id }));
  })

  // PayHere's server posts here (form-encoded); exempt from the Origin check, verified by md5sig instead.
  // An address whose notifies keep applying nothing is refused before its next one is read.
  .post(
    '/notify',
    async (c, next) => {
      await assertNotLimited(c.var.deps.db, [limits.payhereNotifyUnappliedPerAddress, clientAddress(c)]);
      await next();
    },
    async (c) => {
      // Within the API's 1 MiB already. (Not hono's bodyLimit: it cannot re-read a body refuseUnstorableText has read.)
      if ((await c.req.arrayBuffer()).byteLength > NOTIFY_MAX_BYTES) throw new AppError(413, 'Request body is too large.');
      const body = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
      const form: NotifyForm = {};
      for (const [key, value] of Object.entries(body)) if (typeof value === 'string') form[key] = value;
      const { db, config } = c.var.deps;
      const outcome = await processNotify(db, config.payhere, form);
      if (!outcome.applied) await limits.payhereNotifyUnappliedPerAddress.hit(db, clientAddress(c));
      else if (outcome.companyId) await pokeRoles(c.var.deps, outcome.companyId, 'subscription', EVERYONE);
      if (outcome.httpStatus !== 200) throw notifyRefused(outcome.httpStatus, outcome.result);
      return c.json({ status: outcome.result });
    },
  )

  .post('/confirm', adminOnly, validate('json', PaymentConfirmSchema), async (c) => {
    const { db } = c.var.deps;
    const { orderId, status } = c.req.valid('json');
    const { companyId } = currentUser(c);
    const order = found(await findCompanyOrder(db, companyId, orderId), 'Order');
    if (status === 'failed') {
      await markOrderFailed(db, order.id);
      await pokeRoles(c.var.deps, companyId, 'subscription', EVERYONE);
    }
    const latest = found(await findCompanyOrder(db, currentUser(c).companyId, orderId), 'Order');
    return c.json<PaymentConfirmResponse>({ status: latest.status });
  })

  /** The local checkout of PAYHERE_MODE=simulator: signs a notify as PayHere would and runs the same handler. */
  .post('/simulator/complete', simulatorOnly, adminOnly, validate('json', SimulatorCompleteSchema), async (c) => {
    const { db, config } = c.var.deps;
    const credentials = payhereCredentials(config.payhere);
    if (!credentials) throw notFound('Route');
    const { orderId, outcome } = c.req.valid('json');
    const order = found(await findCompanyOrder(db, currentUser(c).companyId, orderId), 'Order');
    const statusCode = { success: PAYHERE_STATUS.success, failed: PAYHERE_STATUS.failed, cancelled: PAYHERE_STATUS.cancelled }[outcome];
    const form: NotifyForm = {
      merchant_id: credentials.merchantId,
      order_id: orderId,
      payment_id: String(320_000_000_000 + Math.floor(Math.random() * 1_000_000_000)),
      payhere_amount: order.amount,
      payhere_currency: order.currency,
      status_code: statusCode,
      md5sig: notifySignature({
        merchantId: credentials.merchantId,
        orderId,
        payhereAmount: order.amount,
        payhereCurrency: order.currency,
        statusCode,
        merchantSecret: credentials.merchantSecret,
      }),
      method: 'TEST',
      status_message: `Simulated ${outcome}`,
      card_holder_name: 'Simulator Card',
      card_no: '************1292',
      custom_1: order.planType,
      custom_2: order.billingPeriod,
      // As PayHere's recurring checkout does: its first charge carries the id a cancel stops.
      message_type: 'AUTHORIZATION_SUCCESS',
      subscription_id: String(420_000_000_000 + Math.floor(Math.random() * 1_000_000_000)),
    };
    const result = await processNotify(db, config.payhere, form);
    if (result.applied) await pokeRoles(c.var.deps, currentUser(c).companyId, 'subscription', EVERYONE);
    if (result.httpStatus !== 200) throw notifyRefused(result.httpStatus, result.result);
    const latest = found(await findCompanyOrder(db, currentUser(c).companyId, orderId), 'Order');
    return c.json<PaymentConfirmResponse>({ status: latest.status });
  });

export const subscriptionRoutes = new Hono<AppEnv>()
  .get('/status', requireUser, async (c) => {
    return c.json(await getCurrentSubscription(c.var.deps.db, currentUser(c).companyId));
  })

  .post('/cancel', adminOnly, validate('json', CancelSubscriptionSchema), async (c) => {
    const { reason, feedback } = c.req.valid('json');
    const { db, config } = c.var.deps;
    const user = currentUser(c);
    // PayHere stops the recurring billing first; the reason and feedback go to subscription_cancellations.
    await cancelSubscription(db, { companyId: user.companyId, userId: user.id, reason, feedback, payhere: subscriptionManagerFor(config) });
    await pokeRoles(c.var.deps, user.companyId, 'subscription', EVERYONE);
    return c.json<MessageResponse>({
      message: 'Your subscription has been cancelled. You keep access until the end of your billing period.',
    });
  })

  .post('/reactivate', adminOnly, async (c) => {
    const { companyId } = currentUser(c);
    const reactivated = await reactivateSubscription(c.var.deps.db, companyId);
    await pokeRoles(c.var.deps, companyId, 'subscription', EVERYONE);
    if (!reactivated.payhereSubscriptionId) return c.json<MessageResponse>({ message: 'Your subscription is active again.' });
    // PayHere's cancel cannot be undone: say so rather than promise a renewal that will not come.
    const until = reactivated.endDate ? ` until ${reactivated.endDate.slice(0, 10)}` : '';
    return c.json<MessageResponse>({
      message: `Your ${PLAN_CATALOGUE[reactivated.planType].name} plan is active again${until}. Its automatic renewal stopped with the cancellation and PayHere cannot restart it: choose a plan again when this period ends.`,
    });
  })

  .post('/free-starter', adminOnly, async (c) => {
    const { companyId } = currentUser(c);
    await chooseStarter(c.var.deps.db, companyId);
    await pokeRoles(c.var.deps, companyId, 'subscription', EVERYONE);
    return c.json<MessageResponse>({ message: 'Your company is on the Starter plan: free forever for up to 2 new hires and 1 manager.' });
  });
