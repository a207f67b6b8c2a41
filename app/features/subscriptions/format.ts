// Money and dates for the reader's locale.
import type { Currency } from '../../../shared/catalogue.ts';

/** 45 -> '$45', 3.75 -> '$3.75', 13500 LKR -> 'LKR 13,500' (in en-US). */
export function formatMoney(amount: number, currency: Currency): string {
  return new Intl.NumberFormat(undefined, {
    style: 'currency',
    currency,
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amount);
}

export function formatDate(iso: string): string {
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'long' }).format(new Date(iso));
}
