import { describe, expect, it } from 'vitest';
import { PLAN_CATALOGUE, YEARLY_DISCOUNT_PERCENT } from './catalogue.ts';
import { formatMoney, phoneDigits, planPrice, SUPPORT_MESSAGE, whatsappLink } from './site.ts';

describe('whatsappLink', () => {
  it('builds a wa.me link from digits only, with the prefilled message encoded', () => {
    const link = whatsappLink('+94 77 123-4567', 'Hi! I need help & a refund?');
    expect(link).toBe('https://wa.me/94771234567?text=Hi!%20I%20need%20help%20%26%20a%20refund%3F');
  });

  it('uses the support message by default and decodes back to it', () => {
    const link = whatsappLink('94771234567');
    expect(link).not.toBeNull();
    const url = new URL(link!);
    expect(url.hostname).toBe('wa.me');
    expect(url.pathname).toBe('/94771234567');
    expect(url.searchParams.get('text')).toBe(SUPPORT_MESSAGE);
  });

  it('gives no link for a number without digits', () => {
    expect(whatsappLink('')).toBeNull();
    expect(whatsappLink('+ --')).toBeNull();
    expect(phoneDigits(undefined)).toBeNull();
  });
});

describe('plan prices', () => {
  it('shows yearly as the catalogue amount with its per-month figure, 25% below monthly', () => {
    const growth = planPrice(PLAN_CATALOGUE.growth, 'yearly', 'USD');
    expect(growth).toEqual({ amount: 45, perMonth: 3.75 });
    const monthly = planPrice(PLAN_CATALOGUE.growth, 'monthly', 'USD').amount;
    expect(growth.perMonth).toBe(monthly * (1 - YEARLY_DISCOUNT_PERCENT / 100));
    expect(planPrice(PLAN_CATALOGUE.business, 'yearly', 'LKR').perMonth).toBe(4500);
  });

  it('formats money with Intl, without cents for whole amounts', () => {
    expect(formatMoney(5, 'USD', 'en-US')).toBe('$5');
    expect(formatMoney(3.75, 'USD', 'en-US')).toBe('$3.75');
    expect(formatMoney(1500, 'LKR', 'en-US')).toMatch(/^LKR\s1,500$/);
  });
});
