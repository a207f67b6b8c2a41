// When a job ran or runs, as the reader writes dates, on the company's clock: reminders go out at the
// company's 08:00, so that is the hour an admin expects to read, wherever they are.

const formats = new Map<string, Intl.DateTimeFormat>();

/** 'Tue 1 Dec, 08:00' (in the reader's locale, e.g. 'Tue, Dec 1, 08:00' in en-US) at `timeZone`. */
export function formatJobTime(iso: string, timeZone: string, locale?: string): string {
  const key = `${locale ?? ''}|${timeZone}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { timeZone, weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formats.set(key, format);
  }
  return format.format(new Date(iso));
}
