import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { first } from '../db/client.ts';
import { DEFAULT_PAYER_DETAILS } from '../../shared/subscriptions.ts';
import { companies, paymentTransactions, subscriptionCancellations, subscriptions } from '../db/schema.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { checkoutHash, SIMULATOR_MERCHANT_ID, SIMULATOR_MERCHANT_SECRET } from './payhere.ts';
import { type NotifyFields, signedNotify } from './test-notify.ts';
import { currentPlanType } from './plan-status.ts';
import {
  PAYHERE_API_HOSTS,
  PayhereRefusal,
  payhereSubscriptionManager,
  setSubscriptionManager,
  SimulatedSubscriptionManager,
  subscriptionManagerFor,
} from './subscription-manager.ts';
import { BILLING_NOT_CANCELLED, RENEWAL_EARLY_WINDOW_MS } from './subscriptions.queries.ts';

const growthYearlyLkr = {
  planType: 'growth',
  currency: 'LKR',
  billingPeriod: 'yearly',
  userDetails: { firstName: 'Ada', lastName: 'Admin', email: 'ada@acme.test', phone: '0771234567', address: '1 Main St', city: 'Colombo' },
};

let ctx: TestContext;
let acme: Awaited<ReturnType<TestContext['createCompany']>>;

beforeEach(async () => {
  ctx = await createTestContext();
  acme = await ctx.createCompany('Acme');
});

async function createOrder(body: object = growthYearlyLkr, cookie = acme.cookies.admin) {
  const res = await ctx.request('/api/payments/create', { method: 'POST', body, cookie });
  expect(res.status).toBe(200);
  return res.body as { orderId: string; amount: string; currency: string; hash: string; merchantId: string };
}

function postNotify(fields: NotifyFields, headers: Record<string, string> = {}, on: TestContext = ctx) {
  return on.request('/api/payments/notify', {
    method: 'POST',
    body: new URLSearchParams(fields).toString(),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://www.payhere.lk', ...headers },
  });
}

/** Collects what the notify handler logs about refused notifies (and keeps it out of the test output). */
function refusalLog() {
  const info = vi.spyOn(console, 'info').mockImplementation(() => {});
  return {
    lines: () => info.mock.calls.map((call) => String(call[0])),
    [Symbol.dispose]: () => info.mockRestore(),
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Moves a running yearly subscription's period so that `left` of it remains, as if it had started a year earlier. */
async function periodEndsIn(orderId: string, left: number) {
  const end = new Date(Date.now() + left);
  const start = new Date(end);
  start.setUTCFullYear(end.getUTCFullYear() - 1);
  await ctx.db.update(subscriptions).set({ startDate: start.toISOString(), endDate: end.toISOString() }).where(eq(subscriptions.payhereOrderId, orderId));
  return end;
}

const installment = (paymentId: string) => ({ payment_id: paymentId, message_type: 'RECURRING_INSTALLMENT_SUCCESS', subscription_id: '420075032251' });

function orderRow(orderId: string) {
  return first(ctx.db.select().from(subscriptions).where(eq(subscriptions.payhereOrderId, orderId)));
}

async function companyPlan(companyId = acme.company.id) {
  return (await first(ctx.db.select({ planType: companies.planType }).from(companies).where(eq(companies.id, companyId))))?.planType;
}

function transactionsOf(orderId: string) {
  return ctx.db.select().from(paymentTransactions).where(eq(paymentTransactions.orderId, orderId)).orderBy(paymentTransactions.createdAt);
}

/** The recorded outcomes, sorted: rows written in the same millisecond come back in any order on PostgreSQL. */
async function outcomesOf(orderId: string) {
  return (await transactionsOf(orderId)).map((t) => t.status).sort();
}

async function activeGrowthYearly() {
  const order = await createOrder();
  expect((await postNotify(signedNotify(order, '2'))).status).toBe(200);
  return order;
}

describe('POST /api/payments/create', () => {
  it('prices the order from the catalogue and signs it', async () => {
    const res = await ctx.request('/api/payments/create', {
      method: 'POST',
      cookie: acme.cookies.admin,
      body: { ...growthYearlyLkr, amount: '1.00' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      mode: 'simulator',
      merchantId: SIMULATOR_MERCHANT_ID,
      amount: '13500.00',
      currency: 'LKR',
      recurrence: '1 Year',
      duration: 'Forever',
    });
    expect(res.body.notifyUrl).toMatch(/\/api\/payments\/notify$/);
    expect(res.body.hash).toBe(
      checkoutHash({ merchantId: SIMULATOR_MERCHANT_ID, orderId: res.body.orderId, amount: '13500.00', currency: 'LKR', merchantSecret: SIMULATOR_MERCHANT_SECRET }),
    );
    expect(await orderRow(res.body.orderId)).toMatchObject({ status: 'pending', isActive: false, companyId: acme.company.id });
    const second = await createOrder({ ...growthYearlyLkr, currency: 'USD', billingPeriod: 'monthly' });
    expect(second.orderId).not.toBe(res.body.orderId);
    expect(second.amount).toBe('5.00');
  });

  it('refuses Starter and unknown plans', async () => {
    const res = await ctx.request('/api/payments/create', { method: 'POST', cookie: acme.cookies.admin, body: { ...growthYearlyLkr, planType: 'starter' } });
    expect(res.status).toBe(400);
  });

  it('answers 503 when PayHere is not configured outside the simulator', async () => {
    const live = await createTestContext({ PAYHERE_MODE: 'live' });
    const company = await live.createCompany('Live');
    const res = await live.request('/api/payments/create', { method: 'POST', cookie: company.cookies.admin, body: growthYearlyLkr });
    expect(res.status).toBe(503);
    expect(res.body.message).toMatch(/not configured/);
    const simulator = await live.request('/api/payments/simulator/complete', {
      method: 'POST',
      cookie: company.cookies.admin,
      body: { orderId: 'x', outcome: 'success' },
    });
    expect(simulator.status).toBe(404);
  });

  it('uses the configured merchant in live mode', async () => {
    const live = await createTestContext({
      PAYHERE_MODE: 'live',
      PAYHERE_MERCHANT_ID: '1211149',
      PAYHERE_MERCHANT_SECRET: 'live-secret',
      PAYHERE_APP_ID: 'live-app',
      PAYHERE_APP_SECRET: 'live-app-secret',
    });
    const company = await live.createCompany('Live');
    const res = await live.request('/api/payments/create', { method: 'POST', cookie: company.cookies.admin, body: growthYearlyLkr });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ mode: 'live', merchantId: '1211149' });
    expect(res.body.hash).toBe(checkoutHash({ merchantId: '1211149', orderId: res.body.orderId, amount: '13500.00', currency: 'LKR', merchantSecret: 'live-secret' }));
  });

  it('refuses to sell the plan and period the company already has', async () => {
    await activeGrowthYearly();
    const res = await ctx.request('/api/payments/create', { method: 'POST', cookie: acme.cookies.admin, body: growthYearlyLkr });
    expect(res.status).toBe(409);
    await createOrder({ ...growthYearlyLkr, billingPeriod: 'monthly' });
  });
});

describe('who may pay', () => {
  it('gives managers and new hires 403 and signed-out callers 401 on every payment route', async () => {
    const order = await createOrder();
    const calls: [string, object][] = [
      ['/api/payments/create', growthYearlyLkr],
      ['/api/payments/confirm', { orderId: order.orderId }],
      ['/api/payments/simulator/complete', { orderId: order.orderId, outcome: 'success' }],
      ['/api/subscription/cancel', { reason: 'other' }],
      ['/api/subscription/reactivate', {}],
      ['/api/subscription/free-starter', {}],
    ];
    for (const [path, body] of calls) {
      expect((await ctx.request(path, { method: 'POST', body, cookie: acme.cookies.manager })).status, path).toBe(403);
      expect((await ctx.request(path, { method: 'POST', body, cookie: acme.cookies.newHire })).status, path).toBe(403);
      expect((await ctx.request(path, { method: 'POST', body })).status, path).toBe(401);
    }
    expect((await orderRow(order.orderId))?.status).toBe('pending');
  });

  it("answers 404 for another company's order", async () => {
    const order = await createOrder();
    const other = await ctx.createCompany('Other');
    for (const [path, body] of [
      ['/api/payments/confirm', { orderId: order.orderId, status: 'failed' }],
      ['/api/payments/simulator/complete', { orderId: order.orderId, outcome: 'success' }],
    ] as const) {
      const res = await ctx.request(path, { method: 'POST', body, cookie: other.cookies.admin });
      expect(res.status, path).toBe(404);
    }
    expect((await orderRow(order.orderId))?.status).toBe('pending');
    expect(await companyPlan()).toBe('starter');
    expect((await ctx.request('/api/subscription/status', { cookie: other.cookies.admin })).body).toBeNull();
  });
});

describe('POST /api/payments/notify', () => {
  it('activates the plan on a verified success and records the transaction', async () => {
    const order = await createOrder();
    const res = await postNotify(signedNotify(order, '2'));
    expect(res.status).toBe(200);
    const row = await orderRow(order.orderId);
    expect(row).toMatchObject({ status: 'completed', isActive: true, payherePaymentId: '320025071234', paymentMethod: 'VISA' });
    const start = new Date(row!.startDate!);
    const end = new Date(row!.endDate!);
    expect(end.getUTCFullYear()).toBe(start.getUTCFullYear() + 1);
    expect(end.getUTCMonth()).toBe(start.getUTCMonth());
    expect(await companyPlan()).toBe('growth');
    const [transaction] = await transactionsOf(order.orderId);
    expect(transaction).toMatchObject({ status: 'completed', statusCode: '2', cardNo: '************1292', subscriptionId: row!.id });
    expect(transaction?.customFields).toEqual({ custom_1: 'growth' });
  });

  it('changes nothing for a forged notify, stores none of it, and records only the verified ones with the reason', async () => {
    using log = refusalLog();
    const order = await createOrder();
    const unverified: [string, NotifyFields][] = [
      ['bad signature', { ...signedNotify(order, '2'), md5sig: 'F'.repeat(32) }],
      ['bad signature', { ...signedNotify(order, '2'), payhere_amount: '1.00' }],
      ['merchant mismatch', signedNotify(order, '2', { merchant_id: '999999' })],
      ['missing fields', { order_id: order.orderId, status_code: '2' }],
    ];
    // Signed with the merchant secret, so PayHere's, but not for this order: kept, with the reason.
    const verified: [string, NotifyFields][] = [
      ['amount mismatch', signedNotify(order, '2', { payhere_amount: '1.00' })],
      ['currency mismatch', signedNotify(order, '2', { payhere_currency: 'USD' })],
    ];
    for (const [reason, fields] of [...unverified, ...verified]) {
      const res = await postNotify(fields);
      expect(res.status, reason).toBe(400);
    }
    expect(await orderRow(order.orderId)).toMatchObject({ status: 'pending', isActive: false });
    expect(await companyPlan()).toBe('starter');
    expect(await outcomesOf(order.orderId)).toEqual(verified.map(([reason]) => `rejected: ${reason}`).sort());
    expect(log.lines()).toEqual(unverified.map(([reason]) => expect.stringContaining(`refused, not stored: ${reason} (order "${order.orderId}")`)));
  });

  it('stores nothing of 50 unsigned 1 MiB notifies', async () => {
    using log = refusalLog();
    const order = await createOrder();
    const unsigned = { ...signedNotify(order, '2'), md5sig: '0'.repeat(32) };
    // Just under the API's 1 MiB body limit, so only the notify's own cap stands in the way.
    const padding = 'x'.repeat(1024 * 1024 - new URLSearchParams(unsigned).toString().length - 200);
    for (let i = 0; i < 50; i += 1) {
      const res = await postNotify({ ...unsigned, payment_id: `32002507${i}`, custom_1: padding, custom_2: 'growth' });
      expect(res.status).toBe(413);
      expect(res.body.message).toBe('Request body is too large.');
    }
    expect(await ctx.db.select().from(paymentTransactions)).toEqual([]);
    expect(await orderRow(order.orderId)).toMatchObject({ status: 'pending', isActive: false });
    expect(log.lines()).toEqual([]);
  });

  it('stores nothing of an unsigned notify under the size cap, however many fields it carries', async () => {
    using log = refusalLog();
    const order = await createOrder();
    const fields: NotifyFields = { ...signedNotify(order, '2'), md5sig: '0'.repeat(32) };
    for (let i = 0; i < 100; i += 1) fields[`item_rec_${i}`] = 'y'.repeat(100);
    expect(new URLSearchParams(fields).toString().length).toBeGreaterThan(10_000);
    expect((await postNotify(fields)).status).toBe(400);
    expect(await ctx.db.select().from(paymentTransactions)).toEqual([]);
    expect(log.lines()).toEqual([expect.stringContaining('bad signature')]);
  });

  it('keeps only the known extra fields of a verified notify, each cut short', async () => {
    const order = await createOrder();
    const fields = signedNotify(order, '2', { custom_1: 'g'.repeat(2000), custom_2: 'yearly', message_type: 'AUTHORIZATION_SUCCESS' });
    for (let i = 0; i < 40; i += 1) fields[`item_rec_extra_${i}`] = 'z'.repeat(100);
    fields.attacker_field = 'a'.repeat(2000);
    expect((await postNotify(fields)).status).toBe(200);
    const [transaction] = await transactionsOf(order.orderId);
    expect(transaction?.customFields).toEqual({ custom_1: 'g'.repeat(100), custom_2: 'yearly', message_type: 'AUTHORIZATION_SUCCESS' });
    expect(transaction?.status).toBe('completed');
  });

  it('refuses an address whose notifies keep applying nothing, and only that address', async () => {
    using log = refusalLog();
    const proxied = await createTestContext({ TRUST_PROXY: 'true' });
    const company = await proxied.createCompany('Proxied');
    const created = await proxied.request('/api/payments/create', { method: 'POST', body: growthYearlyLkr, cookie: company.cookies.admin });
    const order = created.body as { orderId: string; amount: string; currency: string };
    const attacker = { 'X-Forwarded-For': '203.0.113.7' };
    const forged = { ...signedNotify(order, '2'), md5sig: '0'.repeat(32) };
    for (let i = 0; i < 100; i += 1) expect((await postNotify(forged, attacker, proxied)).status).toBe(400);
    const limited = await postNotify(signedNotify(order, '2'), attacker, proxied);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(limited.body.message).toEqual(expect.any(String));
    expect(log.lines()).toHaveLength(100);

    // PayHere's server, at its own address, is not held up by the attacker's.
    const payhere = { 'X-Forwarded-For': '198.51.100.20' };
    const paid = await postNotify(signedNotify(order, '2'), payhere, proxied);
    expect(paid.body).toEqual({ status: 'completed' });
    // A replay applies nothing, so it counts; an applied notify does not.
    for (let i = 0; i < 100; i += 1) expect((await postNotify(signedNotify(order, '2'), payhere, proxied)).body).toEqual({ status: 'duplicate' });
    expect((await postNotify(signedNotify(order, '2'), payhere, proxied)).status).toBe(429);
  });

  it('answers 400 for an unknown order and changes nothing', async () => {
    const order = await createOrder();
    const res = await postNotify(signedNotify({ ...order, orderId: 'KO-not-ours' }, '2'));
    expect(res.status).toBe(400);
    expect(await transactionsOf('KO-not-ours')).toMatchObject([{ status: 'rejected: unknown order', subscriptionId: null }]);
    expect((await orderRow(order.orderId))?.status).toBe('pending');
    expect(await companyPlan()).toBe('starter');
  });

  it('treats a replayed notify as a no-op', async () => {
    const order = await activeGrowthYearly();
    await ctx.request('/api/subscription/cancel', { method: 'POST', cookie: acme.cookies.admin, body: { reason: 'temporary' } });
    const before = await orderRow(order.orderId);
    const replay = await postNotify(signedNotify(order, '2'));
    expect(replay.status).toBe(200);
    expect(await orderRow(order.orderId)).toEqual(before);
    expect(await outcomesOf(order.orderId)).toEqual(['completed', 'duplicate']);
  });

  it('activates once when the same notify reaches two instances at once', async () => {
    const order = await createOrder();
    const notify = signedNotify(order, '2');
    const responses = await Promise.all([postNotify(notify), postNotify(notify)]);
    expect(responses.map((res) => res.status)).toEqual([200, 200]);
    expect(responses.map((res) => res.body.status).sort()).toEqual(['completed', 'duplicate']);
    expect(await outcomesOf(order.orderId)).toEqual(['completed', 'duplicate']);
    const row = await orderRow(order.orderId);
    expect(row).toMatchObject({ status: 'completed', isActive: true });
    // A second activation would have pushed the end a period further (renewal) or restarted it.
    const start = new Date(row!.startDate!);
    const end = new Date(row!.endDate!);
    expect(end.getUTCFullYear()).toBe(start.getUTCFullYear() + 1);
    expect(await companyPlan()).toBe('growth');
  });

  it('leaves one subscription active when two orders of a company are paid at once', async () => {
    const growth = await createOrder();
    const business = await createOrder({ ...growthYearlyLkr, planType: 'business' });
    const responses = await Promise.all([postNotify(signedNotify(growth, '2')), postNotify(signedNotify(business, '2', { payment_id: '320025075555' }))]);
    expect(responses.map((res) => res.body.status)).toEqual(['completed', 'completed']);
    const active = await ctx.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.companyId, acme.company.id), eq(subscriptions.isActive, true)));
    expect(active).toHaveLength(1);
    expect(await companyPlan()).toBe(active[0]?.planType);
  });

  it('extends a running subscription on a recurring renewal near the end of its period', async () => {
    const order = await activeGrowthYearly();
    const firstEnd = await periodEndsIn(order.orderId, DAY_MS);
    const res = await postNotify(signedNotify(order, '2', { payment_id: '320025079999', message_type: 'AUTHORIZATION_SUCCESS', subscription_id: '420075032251' }));
    expect(res.body).toEqual({ status: 'renewed' });
    const renewedEnd = new Date((await orderRow(order.orderId))!.endDate!);
    expect(renewedEnd.getUTCFullYear()).toBe(firstEnd.getUTCFullYear() + 1);
    expect(renewedEnd.getUTCMonth()).toBe(firstEnd.getUTCMonth());
    expect(renewedEnd.getUTCDate()).toBe(firstEnd.getUTCDate());
    const renewal = (await transactionsOf(order.orderId)).find((t) => t.paymentId === '320025079999');
    expect(renewal?.customFields).toMatchObject({ subscription_id: '420075032251' });
  });

  it('extends nothing on a replayed renewal notify with a new payment id', async () => {
    const order = await activeGrowthYearly();
    // Right after the first payment, the period is paid: an installment now would be a second one.
    const activated = await orderRow(order.orderId);
    expect((await postNotify(signedNotify(order, '2', installment('320025070001')))).body).toEqual({ status: 'ignored' });
    expect(await orderRow(order.orderId)).toEqual(activated);

    // Near the end the first installment extends; the same one replayed with a new payment id does not.
    await periodEndsIn(order.orderId, DAY_MS);
    expect((await postNotify(signedNotify(order, '2', installment('320025070002')))).body).toEqual({ status: 'renewed' });
    const renewed = await orderRow(order.orderId);
    for (const paymentId of ['320025070003', '320025070004']) {
      expect((await postNotify(signedNotify(order, '2', installment(paymentId)))).body).toEqual({ status: 'ignored' });
    }
    // Nor does a success that is not a recurring message, even with a new payment id.
    expect((await postNotify(signedNotify(order, '2', { payment_id: '320025070005' }))).body).toEqual({ status: 'ignored' });
    expect(await orderRow(order.orderId)).toEqual(renewed);
  });

  it('extends from the paid end when the installment comes a little early, and from now when it comes late', async () => {
    const order = await activeGrowthYearly();
    const early = await periodEndsIn(order.orderId, RENEWAL_EARLY_WINDOW_MS - DAY_MS);
    expect((await postNotify(signedNotify(order, '2', installment('320025070010')))).body).toEqual({ status: 'renewed' });
    expect(new Date((await orderRow(order.orderId))!.endDate!).getUTCFullYear()).toBe(early.getUTCFullYear() + 1);

    await periodEndsIn(order.orderId, RENEWAL_EARLY_WINDOW_MS + DAY_MS);
    expect((await postNotify(signedNotify(order, '2', installment('320025070011')))).body).toEqual({ status: 'ignored' });

    // Lapsed: the company dropped to Starter; the late installment brings the plan back for a period from now.
    const ended = await periodEndsIn(order.orderId, -DAY_MS);
    expect(await currentPlanType(ctx.db, acme.company.id)).toBe('starter');
    const before = Date.now();
    expect((await postNotify(signedNotify(order, '2', installment('320025070012')))).body).toEqual({ status: 'renewed' });
    const row = await orderRow(order.orderId);
    expect(row).toMatchObject({ isActive: true, status: 'completed' });
    expect(new Date(row!.endDate!).getTime()).toBeGreaterThan(ended.getTime() + 360 * DAY_MS);
    expect(new Date(row!.endDate!).getUTCFullYear()).toBe(new Date(before).getUTCFullYear() + 1);
    expect(await companyPlan()).toBe('growth');
  });

  it('never lets an installment of a replaced subscription take over from the plan the company moved to', async () => {
    const growth = await activeGrowthYearly();
    const business = await createOrder({ ...growthYearlyLkr, planType: 'business' });
    expect((await postNotify(signedNotify(business, '2', { payment_id: '320025075555' }))).body).toEqual({ status: 'completed' });
    expect((await postNotify(signedNotify(growth, '2', installment('320025070020')))).body).toEqual({ status: 'ignored' });
    expect(await orderRow(growth.orderId)).toMatchObject({ isActive: false });
    expect(await companyPlan()).toBe('business');
  });

  it('keeps a pending order on 0, marks -1 cancelled and -2 failed', async () => {
    const pending = await createOrder();
    expect((await postNotify(signedNotify(pending, '0'))).status).toBe(200);
    expect((await orderRow(pending.orderId))?.status).toBe('pending');
    expect((await postNotify(signedNotify(pending, '-1'))).status).toBe(200);
    expect((await orderRow(pending.orderId))?.status).toBe('cancelled');
    const failing = await createOrder({ ...growthYearlyLkr, planType: 'business' });
    expect((await postNotify(signedNotify(failing, '-2'))).status).toBe(200);
    expect(await orderRow(failing.orderId)).toMatchObject({ status: 'failed', isActive: false });
    expect(await companyPlan()).toBe('starter');
  });

  it('refunds and downgrades the company on a charge-back', async () => {
    const order = await activeGrowthYearly();
    expect((await postNotify(signedNotify(order, '-3', { payment_id: '320025071234' }))).status).toBe(200);
    expect(await orderRow(order.orderId)).toMatchObject({ status: 'refunded', isActive: false });
    expect(await companyPlan()).toBe('starter');
    expect((await ctx.request('/api/subscription/status', { cookie: acme.cookies.admin })).body).toBeNull();
  });

  it('a later failure notice never undoes a completed payment', async () => {
    const order = await activeGrowthYearly();
    await postNotify(signedNotify(order, '-2', { payment_id: '320025070000' }));
    expect(await orderRow(order.orderId)).toMatchObject({ status: 'completed', isActive: true });
  });
});

describe('POST /api/payments/confirm', () => {
  it('says pending before the notify and completed only after it', async () => {
    const order = await createOrder();
    const confirm = () => ctx.request('/api/payments/confirm', { method: 'POST', cookie: acme.cookies.admin, body: { orderId: order.orderId } });
    expect((await confirm()).body).toEqual({ status: 'pending' });
    await postNotify(signedNotify(order, '2'));
    expect((await confirm()).body).toEqual({ status: 'completed' });
  });

  it('lets the client mark a pending order failed, but never a verified one', async () => {
    const pending = await createOrder();
    const fail = (orderId: string) => ctx.request('/api/payments/confirm', { method: 'POST', cookie: acme.cookies.admin, body: { orderId, status: 'failed' } });
    expect((await fail(pending.orderId)).body).toEqual({ status: 'failed' });
    const paid = await createOrder({ ...growthYearlyLkr, planType: 'business' });
    await postNotify(signedNotify(paid, '2'));
    expect((await fail(paid.orderId)).body).toEqual({ status: 'completed' });
    expect(await companyPlan()).toBe('business');
  });

  it('lets a verified notify win over an earlier client failure', async () => {
    const order = await createOrder();
    await ctx.request('/api/payments/confirm', { method: 'POST', cookie: acme.cookies.admin, body: { orderId: order.orderId, status: 'failed' } });
    await postNotify(signedNotify(order, '2'));
    expect((await orderRow(order.orderId))?.status).toBe('completed');
  });
});

describe('POST /api/payments/simulator/complete', () => {
  it('runs the notify handler with a correctly signed form', async () => {
    const order = await createOrder();
    const res = await ctx.request('/api/payments/simulator/complete', {
      method: 'POST',
      cookie: acme.cookies.admin,
      body: { orderId: order.orderId, outcome: 'success' },
    });
    expect(res.body).toEqual({ status: 'completed' });
    expect(await companyPlan()).toBe('growth');
    expect(await transactionsOf(order.orderId)).toMatchObject([{ status: 'completed', paymentMethod: 'TEST' }]);
  });

  it('fails or cancels an order without changing the plan', async () => {
    for (const outcome of ['failed', 'cancelled'] as const) {
      const order = await createOrder();
      const res = await ctx.request('/api/payments/simulator/complete', { method: 'POST', cookie: acme.cookies.admin, body: { orderId: order.orderId, outcome } });
      expect(res.body).toEqual({ status: outcome });
    }
    expect(await companyPlan()).toBe('starter');
  });
});

describe('subscription status, cancel and reactivate', () => {
  it('is null (Starter) for a company that never paid, for every role', async () => {
    for (const cookie of Object.values(acme.cookies)) {
      const res = await ctx.request('/api/subscription/status', { cookie });
      expect(res.status).toBe(200);
      expect(res.body).toBeNull();
    }
    expect((await ctx.request('/api/subscription/status')).status).toBe(401);
  });

  it('shows the paid plan to everyone in the company', async () => {
    await activeGrowthYearly();
    const res = await ctx.request('/api/subscription/status', { cookie: acme.cookies.newHire });
    expect(res.body).toMatchObject({ planType: 'growth', billingPeriod: 'yearly', status: 'completed', amount: '13500.00', currency: 'LKR', cancelledAt: null });
  });

  it('keeps access until endDate after a cancel, then drops to Starter', async () => {
    const order = await activeGrowthYearly();
    const noReason = await ctx.request('/api/subscription/cancel', { method: 'POST', cookie: acme.cookies.admin, body: {} });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toBe('Please select a reason');
    const res = await ctx.request('/api/subscription/cancel', {
      method: 'POST',
      cookie: acme.cookies.admin,
      body: { reason: 'too-expensive', feedback: 'Budget cut' },
    });
    expect(res.status).toBe(200);
    const status = await ctx.request('/api/subscription/status', { cookie: acme.cookies.admin });
    expect(status.body).toMatchObject({ planType: 'growth', status: 'cancelled' });
    expect(status.body.cancelledAt).toEqual(expect.any(String));
    expect(await currentPlanType(ctx.db, acme.company.id)).toBe('growth');

    const endDate = new Date((await orderRow(order.orderId))!.endDate!);
    expect(await currentPlanType(ctx.db, acme.company.id, new Date(endDate.getTime() + 1000))).toBe('starter');
    expect(await companyPlan()).toBe('starter');
    expect((await ctx.request('/api/subscription/status', { cookie: acme.cookies.admin })).body).toBeNull();
    const reactivate = await ctx.request('/api/subscription/reactivate', { method: 'POST', cookie: acme.cookies.admin, body: {} });
    expect(reactivate.status).toBe(409);
  });

  it('restores a cancelled subscription on reactivate', async () => {
    await activeGrowthYearly();
    expect((await ctx.request('/api/subscription/reactivate', { method: 'POST', cookie: acme.cookies.admin, body: {} })).status).toBe(409);
    await ctx.request('/api/subscription/cancel', { method: 'POST', cookie: acme.cookies.admin, body: { reason: 'temporary' } });
    const res = await ctx.request('/api/subscription/reactivate', { method: 'POST', cookie: acme.cookies.admin, body: {} });
    expect(res.status).toBe(200);
    const status = await ctx.request('/api/subscription/status', { cookie: acme.cookies.admin });
    expect(status.body).toMatchObject({ planType: 'growth', status: 'completed', cancelledAt: null });
  });

  it('refuses to cancel when there is nothing to cancel', async () => {
    const res = await ctx.request('/api/subscription/cancel', { method: 'POST', cookie: acme.cookies.admin, body: { reason: 'other' } });
    expect(res.status).toBe(409);
  });

  it('confirms Starter for a free company and refuses while a paid plan runs', async () => {
    const free = await ctx.request('/api/subscription/free-starter', { method: 'POST', cookie: acme.cookies.admin, body: {} });
    expect(free.status).toBe(200);
    expect(free.body.message).toMatch(/Starter/);
    await activeGrowthYearly();
    const paid = await ctx.request('/api/subscription/free-starter', { method: 'POST', cookie: acme.cookies.admin, body: {} });
    expect(paid.status).toBe(409);
    expect(paid.body.message).toMatch(/Growth plan/);
    expect(await companyPlan()).toBe('growth');
  });
});

// ---------------------------------------------------------------------------------------------
// Issue 22: cancelling stops PayHere's billing, renewals after a cancel, reasons, payer details

/** PayHere's id of the recurring subscription, as its notifies of a recurring checkout carry it. */
const RECURRING_ID = '420075032251';

/** The in-process Subscription Manager of PAYHERE_MODE=simulator, and what it was asked to cancel. */
function simulator(on: TestContext = ctx): SimulatedSubscriptionManager {
  const manager = subscriptionManagerFor(on.config);
  if (!(manager instanceof SimulatedSubscriptionManager)) throw new Error('the test server is not in simulator mode');
  return manager;
}

async function activeRecurringGrowthYearly() {
  const order = await createOrder();
  const first = signedNotify(order, '2', { message_type: 'AUTHORIZATION_SUCCESS', subscription_id: RECURRING_ID });
  expect((await postNotify(first)).body).toEqual({ status: 'completed' });
  return order;
}

function cancel(body: object = { reason: 'too-expensive', feedback: 'Budget cut' }, cookie = acme.cookies.admin) {
  return ctx.request('/api/subscription/cancel', { method: 'POST', cookie, body });
}

function cancellations() {
  return ctx.db.select().from(subscriptionCancellations).orderBy(subscriptionCancellations.createdAt, subscriptionCancellations.id);
}

/** Silences and collects one console method for the `using` block. */
function consoleOf(method: 'info' | 'log' | 'warn' | 'error') {
  const spy = vi.spyOn(console, method).mockImplementation(() => {});
  return {
    lines: () => spy.mock.calls.map((call) => call.map(String).join(' ')),
    [Symbol.dispose]: () => spy.mockRestore(),
  };
}

/** PayHere's real API client over a fetch that hands out a token and answers the cancel with `cancelAnswer`. */
function payhereAnswering(cancelAnswer: () => Promise<Response>) {
  const fetch = async (input: string | URL | Request) =>
    String(input).endsWith('/merchant/v1/oauth/token') ? Response.json({ access_token: 'token-123', token_type: 'bearer', expires_in: 599 }) : cancelAnswer();
  return payhereSubscriptionManager({ host: PAYHERE_API_HOSTS.sandbox, appId: 'app-id', appSecret: 'app-secret', fetch: fetch as typeof globalThis.fetch });
}

describe('cancel stops PayHere recurring billing', () => {
  it('keeps the recurring id of the first notify and has PayHere cancel exactly that subscription', async () => {
    const order = await activeRecurringGrowthYearly();
    expect(await orderRow(order.orderId)).toMatchObject({ payhereSubscriptionId: RECURRING_ID, status: 'completed' });
    expect(simulator().cancelled).toEqual([]);
    const res = await cancel();
    expect(res.status).toBe(200);
    expect(simulator().cancelled).toEqual([RECURRING_ID]);
    expect(await orderRow(order.orderId)).toMatchObject({ status: 'cancelled', cancelledAt: expect.any(String) });
  });

  it('gives a simulator checkout a recurring id, which the cancel stops', async () => {
    const order = await createOrder();
    const paid = await ctx.request('/api/payments/simulator/complete', { method: 'POST', cookie: acme.cookies.admin, body: { orderId: order.orderId, outcome: 'success' } });
    expect(paid.body).toEqual({ status: 'completed' });
    const recurringId = (await orderRow(order.orderId))?.payhereSubscriptionId;
    expect(recurringId).toMatch(/^\d+$/);
    expect((await cancel()).status).toBe(200);
    expect(simulator().cancelled).toEqual([recurringId]);
  });

  it('keeps only a plain PayHere id, and the first one: a later notify does not replace it', async () => {
    const order = await createOrder();
    await postNotify(signedNotify(order, '2', { message_type: 'AUTHORIZATION_SUCCESS', subscription_id: '42; DROP TABLE' }));
    expect((await orderRow(order.orderId))?.payhereSubscriptionId).toBeNull();
    // An installment teaches a subscription without an id its id; a later one with another id changes nothing.
    await periodEndsIn(order.orderId, DAY_MS);
    await postNotify(signedNotify(order, '2', installment('320025070100')));
    expect((await orderRow(order.orderId))?.payhereSubscriptionId).toBe(RECURRING_ID);
    await periodEndsIn(order.orderId, DAY_MS);
    await postNotify(signedNotify(order, '2', { ...installment('320025070101'), subscription_id: '420000000999' }));
    expect((await orderRow(order.orderId))?.payhereSubscriptionId).toBe(RECURRING_ID);
  });

  it.each([
    ['answers HTTP 500', async () => new Response('Internal error', { status: 500 })],
    ['answers status -1 in a 200', async () => Response.json({ status: -1, msg: 'Invalid subscription' })],
    [
      'cannot be reached',
      async (): Promise<Response> => {
        throw new TypeError('fetch failed');
      },
    ],
  ])('answers 502 payment_provider_failed and cancels nothing when PayHere %s', async (_, cancelAnswer) => {
    using errors = consoleOf('error');
    const order = await activeRecurringGrowthYearly();
    const before = await orderRow(order.orderId);
    setSubscriptionManager(ctx.config, payhereAnswering(cancelAnswer));
    const res = await cancel();
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ code: 'payment_provider_failed', message: BILLING_NOT_CANCELLED });
    expect(res.body.message).toMatch(/billing was not cancelled.*try again.*contact support/);
    expect(await orderRow(order.orderId)).toEqual(before);
    expect(await cancellations()).toEqual([]);
    expect((await ctx.request('/api/subscription/status', { cookie: acme.cookies.admin })).body).toMatchObject({ status: 'completed', cancelledAt: null });
    // The operator's log says which subscription and what PayHere answered.
    expect(errors.lines()).toEqual([expect.stringContaining(`recurring subscription ${RECURRING_ID}`)]);

    // Once PayHere answers, the same cancel goes through.
    setSubscriptionManager(ctx.config, new SimulatedSubscriptionManager());
    expect((await cancel()).status).toBe(200);
    expect(simulator().cancelled).toEqual([RECURRING_ID]);
  });

  it('treats any failure of the client as a refusal, and a PayhereRefusal the same', async () => {
    using errors = consoleOf('error');
    const order = await activeRecurringGrowthYearly();
    for (const error of [new PayhereRefusal('refused'), new Error('socket hang up')]) {
      setSubscriptionManager(ctx.config, {
        cancel: async () => {
          throw error;
        },
      });
      expect((await cancel()).status).toBe(502);
    }
    expect((await orderRow(order.orderId))?.status).toBe('completed');
    expect(errors.lines()).toHaveLength(2);
  });

  it('cancels at once, asking PayHere nothing, when PayHere never gave a recurring id', async () => {
    const order = await activeGrowthYearly();
    expect((await cancel()).status).toBe(200);
    expect(simulator().cancelled).toEqual([]);
    expect((await orderRow(order.orderId))?.status).toBe('cancelled');
  });

  it('does not ask PayHere twice: after a reactivate it says the renewal is gone, and a second cancel is local', async () => {
    const order = await activeRecurringGrowthYearly();
    expect((await cancel()).status).toBe(200);
    const reactivated = await ctx.request('/api/subscription/reactivate', { method: 'POST', cookie: acme.cookies.admin, body: {} });
    expect(reactivated.status).toBe(200);
    const endDate = (await orderRow(order.orderId))!.endDate!.slice(0, 10);
    expect(reactivated.body.message).toBe(
      `Your Growth plan is active again until ${endDate}. Its automatic renewal stopped with the cancellation and PayHere cannot restart it: choose a plan again when this period ends.`,
    );
    setSubscriptionManager(ctx.config, {
      cancel: async () => {
        throw new PayhereRefusal('Subscription already cancelled');
      },
    });
    expect((await cancel({ reason: 'other' })).status).toBe(200);
    expect((await cancellations()).map((row) => row.reason)).toEqual(['too-expensive', 'other']);
  });
});

describe('a renewal PayHere charges after a cancel', () => {
  it('is recorded with the flag renewal_after_cancel, logged, and extends nothing', async () => {
    using warnings = consoleOf('warn');
    const order = await activeRecurringGrowthYearly();
    expect((await cancel()).status).toBe(200);
    await periodEndsIn(order.orderId, DAY_MS);
    const before = await orderRow(order.orderId);

    const res = await postNotify(signedNotify(order, '2', installment('320025070200')));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'flagged' });
    expect(await orderRow(order.orderId)).toEqual(before);
    expect(await companyPlan()).toBe('growth');
    const renewal = (await transactionsOf(order.orderId)).find((t) => t.paymentId === '320025070200');
    expect(renewal).toMatchObject({ status: 'flagged', flag: 'renewal_after_cancel', subscriptionId: before!.id, companyId: acme.company.id });
    expect(renewal?.customFields).toMatchObject({ subscription_id: RECURRING_ID });
    expect(warnings.lines()).toEqual([expect.stringMatching(/PayHere charged cancelled subscription .*renewal_after_cancel.*Refund/)]);

    // Replayed, it is a duplicate; the other transactions carry no flag.
    expect((await postNotify(signedNotify(order, '2', installment('320025070200')))).body).toEqual({ status: 'duplicate' });
    expect((await transactionsOf(order.orderId)).filter((t) => t.flag !== null).map((t) => t.paymentId)).toEqual(['320025070200']);
  });

  it('never brings back a cancelled subscription that has lapsed', async () => {
    using _warnings = consoleOf('warn');
    const order = await activeRecurringGrowthYearly();
    expect((await cancel()).status).toBe(200);
    await periodEndsIn(order.orderId, -DAY_MS);
    expect(await currentPlanType(ctx.db, acme.company.id)).toBe('starter');
    const lapsed = await orderRow(order.orderId);

    expect((await postNotify(signedNotify(order, '2', installment('320025070201')))).body).toEqual({ status: 'flagged' });
    expect(await orderRow(order.orderId)).toEqual(lapsed);
    expect(lapsed).toMatchObject({ isActive: false, status: 'cancelled' });
    expect(await companyPlan()).toBe('starter');
    expect((await ctx.request('/api/subscription/status', { cookie: acme.cookies.admin })).body).toBeNull();
  });
});

describe('cancellation reasons', () => {
  it('stores the reason, the feedback, when and who, and prints none of it', async () => {
    using info = consoleOf('info');
    using log = consoleOf('log');
    const order = await activeRecurringGrowthYearly();
    const before = Date.now();
    expect((await cancel({ reason: 'missing-features', feedback: '  We need   SSO\nand an API  ' })).status).toBe(200);
    const [row, ...others] = await cancellations();
    expect(others).toEqual([]);
    expect(row).toMatchObject({
      companyId: acme.company.id,
      subscriptionId: (await orderRow(order.orderId))!.id,
      userId: acme.admin.id,
      reason: 'missing-features',
      feedback: 'We need   SSO\nand an API',
    });
    expect(new Date(row!.createdAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect([...info.lines(), ...log.lines()].join('\n')).not.toMatch(/SSO|missing-features/);
  });

  it('keeps no feedback when none is given, and nothing for a refused cancel', async () => {
    expect((await cancel({ reason: 'other' })).status).toBe(409);
    expect(await cancellations()).toEqual([]);
    await activeGrowthYearly();
    expect((await cancel({ reason: 'temporary', feedback: '   ' })).status).toBe(200);
    expect(await cancellations()).toMatchObject([{ reason: 'temporary', feedback: null }]);
  });
});

describe('payer details for the checkout', () => {
  const prefill = () => ctx.request('/api/payments/payer-details', { cookie: acme.cookies.admin });
  const checkout = (extra: object) =>
    ctx.request('/api/payments/create', { method: 'POST', cookie: acme.cookies.admin, body: { planType: 'growth', currency: 'LKR', billingPeriod: 'monthly', ...extra } });
  const companyRow = async () => first(ctx.db.select().from(companies).where(eq(companies.id, acme.company.id)));

  it('prefills from the company and the admin, leaving unknown fields empty', async () => {
    const res = await prefill();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      companyName: 'Acme',
      firstName: 'Acme',
      lastName: 'Admin',
      email: acme.admin.email,
      phone: null,
      address: '1 Test Street',
      city: null,
    });
    for (const cookie of [acme.cookies.manager, acme.cookies.newHire]) {
      expect((await ctx.request('/api/payments/payer-details', { cookie })).status).toBe(403);
    }
    expect((await ctx.request('/api/payments/payer-details')).status).toBe(401);
  });

  it("sends PayHere the company's details, and placeholders only for what nobody knows", async () => {
    const res = await checkout({});
    expect(res.status).toBe(200);
    expect(res.body.payer).toEqual({
      firstName: 'Acme',
      lastName: 'Admin',
      email: acme.admin.email,
      phone: DEFAULT_PAYER_DETAILS.phone,
      address: '1 Test Street',
      city: DEFAULT_PAYER_DETAILS.city,
    });
  });

  it("takes the admin's corrections, saves them to the company and prefills with them next time", async () => {
    const payer = { firstName: 'Ada', lastName: 'Lovelace', email: 'billing@acme.test', phone: '+94 77 123 4567', address: '12 Temple Road', city: 'Kandy' };
    const res = await checkout({ payer, userDetails: { email: acme.admin.email, phone: DEFAULT_PAYER_DETAILS.phone, city: 'Colombo' } });
    expect(res.status).toBe(200);
    expect(res.body.payer).toEqual(payer);
    expect(await companyRow()).toMatchObject({ phone: '+94 77 123 4567', address: '12 Temple Road', city: 'Kandy' });
    expect((await prefill()).body).toMatchObject({ phone: '+94 77 123 4567', address: '12 Temple Road', city: 'Kandy', firstName: 'Acme' });
    const next = await checkout({ billingPeriod: 'yearly' });
    expect(next.body.payer).toMatchObject({ phone: '+94 77 123 4567', address: '12 Temple Road', city: 'Kandy', email: acme.admin.email });
  });

  it("uses an older client's userDetails only where the company has nothing, and never saves them", async () => {
    const res = await checkout({ userDetails: { email: acme.admin.email, phone: '0771234567', address: 'Colombo', city: 'Colombo' } });
    expect(res.body.payer).toMatchObject({ phone: '0771234567', address: '1 Test Street', city: 'Colombo' });
    expect(await companyRow()).toMatchObject({ phone: null, address: '1 Test Street', city: null });
  });

  it('refuses a phone that is not one, and treats blank fields as not given', async () => {
    const bad = await checkout({ payer: { email: acme.admin.email, phone: 'call me' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Please enter a valid phone number');
    const blank = await checkout({ payer: { email: acme.admin.email, phone: '  ', address: '', city: ' ' } });
    expect(blank.status).toBe(200);
    expect(blank.body.payer).toMatchObject({ phone: DEFAULT_PAYER_DETAILS.phone, address: '1 Test Street', city: DEFAULT_PAYER_DETAILS.city });
    expect(await companyRow()).toMatchObject({ phone: null, address: '1 Test Street', city: null });
  });
});
