// CSV files the API hands out (a plan, a form's responses, people, plans with progress): one writer
// and one download answer, so every export quotes, escapes formulas and names its file the same way.
import type { Context } from 'hono';

/**
 * One CSV cell (RFC 4180): quoted when it holds a quote, comma or line break. A cell a spreadsheet would
 * run as a formula (starting with = + - @, or a tab or carriage return before one) is prefixed with '
 * (OWASP "CSV Injection").
 */
export function csvCell(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  const inert = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(inert) ? `"${inert.replaceAll('"', '""')}"` : inert;
}

export function csvLine(cells: (string | number | null | undefined)[]): string {
  return cells.map(csvCell).join(',');
}

/** A CSV file's text: the byte order mark makes spreadsheet programs read it as UTF-8 (names with accents). */
export function csvDocument(lines: string[]): string {
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** 'jane-doe' from 'Jane Doe': letters and digits of the name, for a file name every system accepts. */
export function fileSlug(name: string, fallback = 'plan'): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || fallback;
}

export type CsvFile = { filename: string; csv: string };

/** The file as a download: text/csv in UTF-8, saved under its name, never shown in the page. */
export function csvAttachment(c: Context, { filename, csv }: CsvFile) {
  return c.body(csv, 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${filename}"`,
  });
}
