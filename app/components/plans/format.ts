// Calendar dates in the reader's locale ('YYYY-MM-DD' read as a local day, not UTC midnight).
const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

export function formatDay(isoDay: string | null | undefined): string {
  if (!isoDay) return '—';
  const [y, m, d] = isoDay.slice(0, 10).split('-').map(Number) as [number, number, number];
  return dayFormat.format(new Date(y, m - 1, d));
}
