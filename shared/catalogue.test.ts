import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BILLING_PERIODS, CURRENCIES, checkoutAmount, formatMoney, formatPayhereAmount, PAID_PLAN_IDS, planPrice, YEARLY_DISCOUNT_PERCENT, yearlyPricePerMonth } from './catalogue.ts';

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
