import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BILLING_PERIODS, CURRENCIES, checkoutAmount, formatPayhereAmount, PAID_PLAN_IDS, yearlyPricePerMonth } from './catalogue.ts';

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
