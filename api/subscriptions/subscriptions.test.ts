import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { first } from '../db/client.ts';
import { companies, paymentTransactions, subscriptions } from '../db/schema.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { checkoutHash, notifySignature, SIMULATOR_MERCHANT_ID, SIMULATOR_MERCHANT_SECRET } from './payhere.ts';
import { currentPlanType } from './plan-status.ts';

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

type NotifyFields = Record<string, string>;

/** A notify as PayHere's server would post it, correctly signed unless a field is overridden afterwards. */
function signedNotify(order: { orderId: string; amount: string; currency: string }, statusCode: string, sign: Partial<NotifyFields> = {}): NotifyFields {
  const fields = {
    merchant_id: SIMULATOR_MERCHANT_ID,
    order_id: order.orderId,
    payment_id: '320025071234',
    payhere_amount: order.amount,
    payhere_currency: order.currency,
    status_code: statusCode,
    method: 'VISA',
    status_message: 'Successfully completed the payment.',
    card_holder_name: 'Ada Admin',
    card_no: '************1292',
    custom_1: 'growth',
    ...sign,
  };
  return {
    ...fields,
    md5sig: notifySignature({
      merchantId: fields.merchant_id,
      orderId: fields.order_id,
      payhereAmount: fields.payhere_amount,
      payhereCurrency: fields.payhere_currency,
      statusCode: fields.status_code,
      merchantSecret: SIMULATOR_MERCHANT_SECRET,
    }),
  };
}

function postNotify(fields: NotifyFields) {
  return ctx.request('/api/payments/notify', {
    method: 'POST',
    body: new URLSearchParams(fields).toString(),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://www.payhere.lk' },
  });
}

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
    const live = await createTestContext({ PAYHERE_MODE: 'live', PAYHERE_MERCHANT_ID: '1211149', PAYHERE_MERCHANT_SECRET: 'live-secret' });
    const company = await live.createCompany('Live');
    const res = await live.request('/api/payments/create', { method: 'POST', cookie: company.cookies.admin, body: growthYearlyLkr });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ mode: 'live', merchantId: '1211149' });
    expect(res.body.hash).toBe(
      checkoutHash({ merchantId: '1211149', orderId: res.body.orderId, amount: '13500.00', currency: 'LKR', merchantSecret: 'live-secret' }),
    );
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

  it('changes nothing for a forged notify, but records each one with the reason', async () => {
    const order = await createOrder();
    const forged: [string, NotifyFields][] = [
      ['bad signature', { ...signedNotify(order, '2'), md5sig: 'F'.repeat(32) }],
      ['bad signature', { ...signedNotify(order, '2'), payhere_amount: '1.00' }],
      ['amount mismatch', signedNotify(order, '2', { payhere_amount: '1.00' })],
      ['currency mismatch', signedNotify(order, '2', { payhere_currency: 'USD' })],
      ['merchant mismatch', signedNotify(order, '2', { merchant_id: '999999' })],
      ['missing fields', { order_id: order.orderId, status_code: '2' }],
    ];
    for (const [reason, fields] of forged) {
      const res = await postNotify(fields);
      expect(res.status, reason).toBe(400);
    }
    expect(await orderRow(order.orderId)).toMatchObject({ status: 'pending', isActive: false });
    expect(await companyPlan()).toBe('starter');
    expect(await outcomesOf(order.orderId)).toEqual(forged.map(([reason]) => `rejected: ${reason}`).sort());
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
    const active = await ctx.db.select().from(subscriptions).where(and(eq(subscriptions.companyId, acme.company.id), eq(subscriptions.isActive, true)));
    expect(active).toHaveLength(1);
    expect(await companyPlan()).toBe(active[0]?.planType);
  });

  it('extends a running subscription on a recurring renewal', async () => {
    const order = await activeGrowthYearly();
    const firstEnd = (await orderRow(order.orderId))!.endDate!;
    await postNotify(signedNotify(order, '2', { payment_id: '320025079999', message_type: 'AUTHORIZATION_SUCCESS', subscription_id: '420075032251' }));
    const renewedEnd = new Date((await orderRow(order.orderId))!.endDate!);
    expect(renewedEnd.getUTCFullYear()).toBe(new Date(firstEnd).getUTCFullYear() + 1);
    const renewal = (await transactionsOf(order.orderId)).find((t) => t.paymentId === '320025079999');
    expect(renewal?.customFields).toMatchObject({ subscription_id: '420075032251' });
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
    const fail = (orderId: string) =>
      ctx.request('/api/payments/confirm', { method: 'POST', cookie: acme.cookies.admin, body: { orderId, status: 'failed' } });
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
