// The people CSV read into rows of named cells, with papaparse (quotes, commas and line breaks inside
// quoted cells, a byte order mark, CRLF or LF, comma, semicolon or tab between cells).
import Papa from 'papaparse';
import { IMPORT_COLUMNS, IMPORT_MAX_ROWS, type ImportColumn, importColumnOf, REQUIRED_IMPORT_COLUMNS } from '../../shared/people-import.ts';
import { badRequest } from '../lib/app-error.ts';

/** A data row: its line as a spreadsheet numbers it (the header is line 1) and its cells by column. */
export type CsvPerson = { line: number; cells: Partial<Record<ImportColumn, string>> };

const COLUMN_LIST = IMPORT_COLUMNS.map((column) => column.header).join(', ');

/**
 * The file's people, or a 400 naming what is wrong with the file as a whole: broken quotes, a header
 * without the email or role column, a column named twice, no people, more than IMPORT_MAX_ROWS.
 * Blank lines are skipped; unknown columns are ignored.
 */
export function parsePeopleCsv(text: string): CsvPerson[] {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { delimitersToGuess: [',', ';', '\t'] });
  // A one-column file has no delimiter to find; papaparse then reads it with commas, which is right.
  const broken = parsed.errors.find((error) => error.type === 'Quotes');
  if (broken) throw badRequest(`The quotes on line ${(broken.row ?? 0) + 1} of the file do not match: check for a cell with an opening quote and no closing one.`);

  const records = parsed.data.map((cells, index) => ({ line: index + 1, cells })).filter(({ cells }) => cells.some((cell) => cell.trim() !== ''));
  const [header, ...rows] = records;
  if (!header) throw badRequest(`The file is empty: its first line names the columns (${COLUMN_LIST}).`);

  const columns = header.cells.map((name) => importColumnOf(name));
  for (const column of new Set(columns)) {
    if (column && columns.filter((other) => other === column).length > 1) throw badRequest(`The column "${headerOf(column)}" appears twice in the first line.`);
  }
  const missing = REQUIRED_IMPORT_COLUMNS.filter((column) => !columns.includes(column));
  if (missing.length) {
    throw badRequest(`The first line must name the columns (${COLUMN_LIST}); "${missing.map(headerOf).join('" and "')}" ${missing.length === 1 ? 'is' : 'are'} missing.`);
  }
  if (!rows.length) throw badRequest('The file has no people under its first line.');
  if (rows.length > IMPORT_MAX_ROWS) throw badRequest(`The file has ${rows.length} people: at most ${IMPORT_MAX_ROWS} at a time. Split it into smaller files.`);

  return rows.map(({ line, cells }) => {
    const named: Partial<Record<ImportColumn, string>> = {};
    columns.forEach((column, index) => {
      if (column) named[column] = cells[index] ?? '';
    });
    return { line, cells: named };
  });
}

function headerOf(column: ImportColumn): string {
  return IMPORT_COLUMNS.find((entry) => entry.key === column)?.header ?? column;
}
