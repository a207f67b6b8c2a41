// The query behind `npm run billing:report`: recent cancellations with their reasons, flagged payments.
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { paymentTransactions, subscriptionCancellations, subscriptions, users } from '../db/schema.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { billingReport } from './billing-report.ts';
import { signedNotify } from './test-notify.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

let ctx: TestContext;

beforeEach(async () => {
  ctx = await createTestContext();
});

/** A company on Growth (monthly, LKR) through a verified notify carrying PayHere's recurring id. */
async function payingCompany(name: string, recurringId: string) {
  const company = await ctx.createCompany(name);
  const created = await ctx.request('/api/payments/create', {
    method: 'POST',
    cookie: company.cookies.admin,
    body: { planType: 'growth', currency: 'LKR', billingPeriod: 'monthly' },
  });
  const order = created.body as {
    orderId: string;
    amount: string;
    currency: string;
  };
  const notify = (fields: Record<string, string>) =>
    ctx.request('/api/payments/notify', {
      method: 'POST',
      body: new URLSearchParams(signedNotify(order, '2', { subscription_id: recurringId, ...fields })).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
  expect((await notify({ message_type: 'AUTHORIZATION_SUCCESS' })).body).toEqual({ status: 'completed' });
  const cancel = (reason: string, feedback?: string) =>
    ctx.request('/api/subscription/cancel', {
      method: 'POST',
      cookie: company.cookies.admin,
      body: { reason, feedback },
    });
  return { ...company, order, notify, cancel };
}

describe('billing report', () => {
  it('lists cancellations newest first with who, plan, PayHere id, reason and feedback, and the flagged renewals', async () => {
    const acme = await payingCompany('Acme', '420075032251');
    const globex = await payingCompany('Globex', '420075032252');
    expect((await acme.cancel('too-expensive', 'Budget cut')).status).toBe(200);
    expect((await globex.cancel('not-using')).status).toBe(200);
    // Written in the same millisecond they could tie: make the order certain.
    await ctx.db
      .update(subscriptionCancellations)
      .set({ createdAt: new Date(Date.now() - 60_000).toISOString() })
      .where(eq(subscriptionCancellations.companyId, acme.company.id));
    // PayHere charges Acme anyway.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(
      (
        await acme.notify({
          message_type: 'RECURRING_INSTALLMENT_SUCCESS',
          payment_id: '320025079999',
        })
      ).body,
    ).toEqual({ status: 'flagged' });
    warn.mockRestore();

    const report = await billingReport(ctx.db, {
      since: new Date(Date.now() - 7 * DAY_MS),
    });
    expect(report.cancellations).toEqual([
      {
        createdAt: expect.any(String),
        companyId: globex.company.id,
        companyName: 'Globex',
        userEmail: globex.admin.email,
        planType: 'growth',
        payhereSubscriptionId: '420075032252',
        reason: 'not-using',
        feedback: null,
      },
      {
        createdAt: expect.any(String),
        companyId: acme.company.id,
        companyName: 'Acme',
        userEmail: acme.admin.email,
        planType: 'growth',
        payhereSubscriptionId: '420075032251',
        reason: 'too-expensive',
        feedback: 'Budget cut',
      },
    ]);
    expect(report.flagged).toEqual([
      {
        createdAt: expect.any(String),
        flag: 'renewal_after_cancel',
        companyName: 'Acme',
        orderId: acme.order.orderId,
        paymentId: '320025079999',
        amount: '1500.00',
        currency: 'LKR',
        payhereSubscriptionId: '420075032251',
      },
    ]);
  });

  it('leaves out what is older than `since`, caps each list at `limit`, and survives a deleted admin', async () => {
    const acme = await payingCompany('Acme', '420075032251');
    expect((await acme.cancel('temporary')).status).toBe(200);
    await ctx.db.update(subscriptionCancellations).set({ createdAt: new Date(Date.now() - 40 * DAY_MS).toISOString() });
    await ctx.db.insert(paymentTransactions).values({
      companyId: acme.company.id,
      orderId: acme.order.orderId,
      status: 'flagged',
      flag: 'renewal_after_cancel',
      createdAt: new Date(Date.now() - 40 * DAY_MS).toISOString(),
    });
    expect(
      await billingReport(ctx.db, {
        since: new Date(Date.now() - 30 * DAY_MS),
      }),
    ).toEqual({ cancellations: [], flagged: [] });

    const globex = await payingCompany('Globex', '420075032252');
    expect((await globex.cancel('other', 'Moving on')).status).toBe(200);
    await ctx.db.update(subscriptions).set({ payhereSubscriptionId: null }).where(eq(subscriptions.companyId, globex.company.id));
    await ctx.db.delete(users).where(eq(users.id, globex.admin.id));
    const recent = await billingReport(ctx.db, {
      since: new Date(Date.now() - 30 * DAY_MS),
      limit: 1,
    });
    expect(recent.cancellations).toMatchObject([
      {
        companyName: 'Globex',
        userEmail: null,
        payhereSubscriptionId: null,
        feedback: 'Moving on',
      },
    ]);
    expect(
      (
        await billingReport(ctx.db, {
          since: new Date(Date.now() - 50 * DAY_MS),
          limit: 1,
        })
      ).cancellations,
    ).toHaveLength(1);
    expect(
      (
        await billingReport(ctx.db, {
          since: new Date(Date.now() - 50 * DAY_MS),
        })
      ).cancellations,
    ).toHaveLength(2);
  });
});
