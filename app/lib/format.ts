// Dates in the reader's own locale (money: formatMoney in shared/catalogue.ts).
import { dateTimeFormat } from '../../shared/intl.ts';

/** A calendar day 'YYYY-MM-DD' (read as that day wherever the reader is, not as UTC midnight); '—' for none. */
export function formatDay(isoDay: string | null | undefined, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }): string {
  if (!isoDay) return '—';
  const [y, m, d] = isoDay.slice(0, 10).split('-').map(Number) as [number, number, number];
  return dateTimeFormat(undefined, options).format(new Date(y, m - 1, d));
}

/** A moment (an ISO timestamp) as a long date. */
export function formatDate(iso: string): string {
  return dateTimeFormat(undefined, { dateStyle: 'long' }).format(new Date(iso));
}

/** '1 manager', '2 managers', '1,200 days': a count in the reader's locale with its noun. */
export function formatCount(count: number, one: string, many = `${one}s`): string {
  return `${new Intl.NumberFormat().format(count)} ${count === 1 ? one : many}`;
}

// Made on first use, not when this module loads: every screen imports it, and few say how long ago (the
// new hire's dashboard never does).
let relativeTime: Intl.RelativeTimeFormat | undefined;
const RELATIVE_STEPS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['minute', 60_000],
  ['hour', 60 * 60_000],
  ['day', 24 * 60 * 60_000],
  ['week', 7 * 24 * 60 * 60_000],
  ['month', 30 * 24 * 60 * 60_000],
  ['year', 365 * 24 * 60 * 60_000],
];

/** How long ago a moment (ISO) was, in the reader's language and the largest whole unit: '5 minutes ago', 'yesterday', 'last week'. */
export function formatTimeAgo(iso: string, now = Date.now()): string {
  const elapsed = Math.max(0, now - Date.parse(iso));
  let [unit, size] = RELATIVE_STEPS[0]!;
  for (const step of RELATIVE_STEPS) if (elapsed >= step[1]) [unit, size] = step;
  relativeTime ??= new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
  return relativeTime.format(-Math.floor(elapsed / size), unit);
}
