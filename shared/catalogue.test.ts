import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BILLING_PERIODS,
  CURRENCIES,
  checkoutAmount,
  formatMoney,
  formatPayhereAmount,
  limitReachedMessage,
  PAID_PLAN_IDS,
  PLAN_CATALOGUE,
  PLAN_IDS,
  planPrice,
  YEARLY_DISCOUNT_PERCENT,
  yearlyPricePerMonth,
} from './catalogue.ts';
import { LIMIT_REACHED } from './errors.ts';

describe('plan catalogue amounts', () => {
  it('charges the spec prices, formatted as PayHere wants them', () => {
    expect(checkoutAmount('growth', 'monthly', 'LKR')).toBe('1500.00');
    expect(checkoutAmount('growth', 'yearly', 'LKR')).toBe('13500.00');
    expect(checkoutAmount('growth', 'yearly', 'USD')).toBe('45.00');
    expect(checkoutAmount('business', 'monthly', 'USD')).toBe('20.00');
    expect(checkoutAmount('business', 'yearly', 'LKR')).toBe('54000.00');
  });

  it('shows yearly prices per month', () => {
    expect(yearlyPricePerMonth('growth', 'USD')).toBe(3.75);
    expect(yearlyPricePerMonth('growth', 'LKR')).toBe(1125);
    expect(yearlyPricePerMonth('business', 'LKR')).toBe(4500);
  });

  it('gives yearly plans the 25% discount', () => {
    for (const plan of PAID_PLAN_IDS)
      for (const currency of CURRENCIES) {
        const monthly = Number(checkoutAmount(plan, 'monthly', currency));
        expect(Number(checkoutAmount(plan, 'yearly', currency))).toBe(monthly * 12 * 0.75);
      }
    expect(BILLING_PERIODS).toEqual(['monthly', 'yearly']);
  });

  it('formats any amount with two decimals and no thousands separator', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), (cents) => {
        const text = formatPayhereAmount(cents / 100);
        expect(text).toMatch(/^\d+\.\d{2}$/);
        expect(Math.round(Number(text) * 100)).toBe(cents);
      }),
    );
  });
});

describe('plan prices', () => {
  it('shows yearly as the catalogue amount with its per-month figure, 25% below monthly', () => {
    expect(planPrice('growth', 'yearly', 'USD')).toBe(45);
    expect(yearlyPricePerMonth('growth', 'USD')).toBe(planPrice('growth', 'monthly', 'USD') * (1 - YEARLY_DISCOUNT_PERCENT / 100));
    expect(yearlyPricePerMonth('business', 'LKR')).toBe(4500);
  });

  it('formats money with Intl, without cents for whole amounts', () => {
    expect(formatMoney(5, 'USD', 'en-US')).toBe('$5');
    expect(formatMoney(3.75, 'USD', 'en-US')).toBe('$3.75');
    expect(formatMoney(1500, 'LKR', 'en-US')).toMatch(/^LKR\s1,500$/);
  });
});

describe('plan limit messages', () => {
  it('names the Starter plan, its limit and Growth as the way out', () => {
    expect(limitReachedMessage('starter', 'activeNewHires')).toBe('Plan limit reached: your Starter plan allows 2 active new hires. Upgrade to Growth to add more.');
    expect(limitReachedMessage('starter', 'managers')).toBe('Plan limit reached: your Starter plan allows 1 manager. Upgrade to Growth to add more.');
  });

  it('tells a Growth company it is on Growth, not on a free plan, and that Business lifts the limit', () => {
    const message = limitReachedMessage('growth', 'activeNewHires');
    expect(message).toBe('Plan limit reached: your Growth plan allows 20 active new hires. Upgrade to Business to add more.');
    expect(message).not.toMatch(/free/i);
  });

  it('offers no upgrade where no plan allows more (Business), but what to do instead', () => {
    const capped = { ...PLAN_CATALOGUE, business: { ...PLAN_CATALOGUE.business, limits: { activeNewHires: 500, managers: 50 } } };
    expect(limitReachedMessage('business', 'activeNewHires', capped)).toBe(
      'Plan limit reached: your Business plan allows 500 active new hires. No plan allows more: complete or remove an onboarding plan, or contact support.',
    );
    expect(limitReachedMessage('business', 'managers', capped)).toBe(
      'Plan limit reached: your Business plan allows 50 managers. No plan allows more: remove a manager, or contact support.',
    );
  });

  it("always carries the spec's 'limit reached', which clients match", () => {
    for (const plan of PLAN_IDS) for (const kind of ['activeNewHires', 'managers'] as const) expect(limitReachedMessage(plan, kind)).toContain(LIMIT_REACHED);
  });
});

describe('what the plans promise', () => {
  const promises = PLAN_IDS.flatMap((id) => PLAN_CATALOGUE[id].features);

  it('promises no support or integrations Kickoff does not provide', () => {
    for (const feature of promises) expect(feature).not.toMatch(/24\/7|priority|integration|dedicated|SLA|phone support/i);
  });

  it('states each limit as the catalogue enforces it', () => {
    expect(PLAN_CATALOGUE.starter.features).toEqual(expect.arrayContaining(['Up to 2 active new hires', '1 manager']));
    expect(PLAN_CATALOGUE.growth.features).toEqual(expect.arrayContaining(['Up to 20 active new hires', 'Unlimited managers']));
    expect(PLAN_CATALOGUE.business.features).toEqual(expect.arrayContaining(['Unlimited active new hires', 'Unlimited managers']));
    expect(PLAN_CATALOGUE.growth.limits).toEqual({ activeNewHires: 20, managers: Number.POSITIVE_INFINITY });
  });
});
