// Dates for the reader's locale (money: formatMoney in shared/catalogue.ts).
export function formatDate(iso: string): string {
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'long' }).format(new Date(iso));
}
