// Making an Intl.DateTimeFormat costs far more than formatting with one (a plan's 30 tasks on the server
// made one each: 8% of a plan details request; a list formats a date on each of hundreds of rows): one
// formatter per locale and set of options, made once, for the server and the app alike.
const formats = new Map<string, Intl.DateTimeFormat>();

/** The formatter for `locale` (undefined: the runtime's) and `options`, made on first use. */
export function dateTimeFormat(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale ?? ''}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}
