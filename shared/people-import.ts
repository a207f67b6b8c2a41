// People from a CSV file (issue 21): the columns, the request, the rules of one row and their messages,
// and the answers of POST /api/people/import/preview and POST /api/people/import. The API checks what
// needs the database (taken emails, managers, templates, plan limits) with the messages named here too.
import * as v from 'valibot';
import { EmailSchema, FullNameSchema, INVALID_EMAIL } from './auth.ts';
import { ALREADY_EXISTS } from './errors.ts';
import type { Role } from './roles.ts';

/** The columns in the order the example file has them; `header` is how that file spells them. */
export const IMPORT_COLUMNS = [
  { key: 'name', header: 'name', label: 'Name', example: ['Ada Lovelace', 'Grace Hopper', 'Alan Turing'] },
  { key: 'email', header: 'email', label: 'Email', example: ['ada@example.com', 'grace@example.com', 'alan@example.com'] },
  { key: 'role', header: 'role', label: 'Role', example: ['Manager', 'New Hire', 'New Hire'] },
  { key: 'managerEmail', header: 'manager email', label: 'Manager email', example: ['', 'ada@example.com', 'ada@example.com'] },
  { key: 'startDate', header: 'start date', label: 'Start date', example: ['', '2026-09-01', '2026-09-07'] },
  { key: 'template', header: 'template', label: 'Template', example: ['', 'Engineering onboarding', 'Engineering onboarding'] },
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number]['key'];
/** Without these the file is refused as a whole; a missing optional column reads as empty cells. */
export const REQUIRED_IMPORT_COLUMNS: readonly ImportColumn[] = ['email', 'role'];

export const IMPORT_MAX_ROWS = 500;
/** 1 MB of CSV text (UTF-8). */
export const IMPORT_MAX_BYTES = 1_000_000;

/** 'Manager Email', 'manager_email' and 'MANAGER-EMAIL' are all the manager email column. */
export function importColumnOf(header: string): ImportColumn | undefined {
  const squeezed = (text: string) => text.toLowerCase().replace(/[\s_-]+/g, '');
  const wanted = squeezed(header.replace(/^\uFEFF/, ''));
  return IMPORT_COLUMNS.find((column) => squeezed(column.header) === wanted)?.key;
}

/** The example file the import screen offers for download: a header row and three people. */
export function exampleImportCsv(): string {
  const rows = [IMPORT_COLUMNS.map((column) => column.header), ...[0, 1, 2].map((index) => IMPORT_COLUMNS.map((column) => column.example[index] ?? ''))];
  return `${rows.map((row) => row.join(',')).join('\r\n')}\r\n`;
}

/** POST /api/people/import/preview and POST /api/people/import: the file's text. */
export const ImportRequestSchema = v.object({
  csv: v.pipe(
    v.string('Choose a CSV file or paste its text'),
    v.minLength(1, 'Choose a CSV file or paste its text'),
    v.maxBytes(IMPORT_MAX_BYTES, 'The file is larger than 1 MB: split it into smaller files'),
  ),
});
export type ImportRequest = v.InferOutput<typeof ImportRequestSchema>;

export type ImportValues = Record<ImportColumn, string>;
export type ImportError = { column: ImportColumn; message: string };

/** One data row of the file: `line` counts the header as line 1, as a spreadsheet numbers it. */
export type ImportRow = { line: number; values: ImportValues; role: Role | null; errors: ImportError[] };

export type ImportPreview = { rows: ImportRow[]; ready: number; withErrors: number };

/** What the import made: one invitation per row, and a plan for each row that names a template. */
export type ImportResult = { invited: number; plans: number; people: { id: string; email: string; role: Role; planId: string | null }[] };

export const IMPORT_MESSAGES = {
  invalidEmail: INVALID_EMAIL,
  emailTaken: `A user with this email ${ALREADY_EXISTS} in Kickoff.`,
  duplicate: (line: number) => `This email is also on line ${line} of this file.`,
  roleMissing: 'Please give a role: Manager or New Hire.',
  roleUnknown: 'Unknown role: use Manager or New Hire.',
  roleAdmin: 'HR Admins cannot be invited: use Manager or New Hire.',
  managerInvitesNewHiresOnly: 'Managers can only invite new hires.',
  managerOnStaff: 'Only a new hire has a manager here: leave it empty.',
  ownManager: 'A person cannot be their own manager.',
  managerNotFound: 'No manager or admin with this email in your company or in this file.',
  managerIsNewHire: 'This person is a new hire, not a manager or admin.',
  managerNotYou: 'Your imports report to you: leave it empty or give your own email.',
  startDateInvalid: 'Use a real date written YYYY-MM-DD.',
  startDateWithoutTemplate: 'A start date starts a plan: name its template too.',
  startDateMissing: 'A plan needs a start date (YYYY-MM-DD).',
  templateOnStaff: 'Only new hires get an onboarding plan here: leave it empty.',
  templateNotFound: 'No template with this title in your company.',
  templateDraft: 'This template is a draft: publish it before assigning it.',
  templateOffboarding: 'This is an offboarding template: a new hire needs an onboarding one.',
  templateAmbiguous: 'Several templates have this title: rename one so it is clear which.',
  pendingInvitations: (max: number) => `${max} invitations would be waiting to be accepted: remove some pending ones or import fewer people.`,
} as const;

/** 'new hire', 'New_Hire' and 'NEWHIRE' are the new hire role; 'HR Admin' and 'admin' the admin one. */
export function importRoleOf(text: string): Role | null {
  const squeezed = text.toLowerCase().replace(/[\s_-]+/g, '');
  if (squeezed === 'newhire') return 'new_hire';
  if (squeezed === 'manager') return 'manager';
  if (squeezed === 'admin' || squeezed === 'hradmin') return 'admin';
  return null;
}

const isValid = <T extends v.GenericSchema>(schema: T, value: unknown) => v.safeParse(schema, value).success;
const IsoDaySchema = v.pipe(v.string(), v.isoDate());

/** A real calendar day: 2026-02-30 is not one (isoDate checks the shape only). */
function isCalendarDay(text: string): boolean {
  if (!isValid(IsoDaySchema, text)) return false;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
}

/**
 * The rules one row keeps on its own (no database): its values trimmed, the email lower-cased, the
 * role read, and the errors of each column. `importer` is who imports: a manager brings new hires only.
 */
export function checkImportRow(
  raw: Partial<Record<ImportColumn, string>>,
  importer: { role: Role; email: string },
): { values: ImportValues; role: Role | null; errors: ImportError[] } {
  const cell = (column: ImportColumn) => (raw[column] ?? '').trim();
  const values: ImportValues = {
    name: cell('name'),
    email: cell('email').toLowerCase(),
    role: cell('role'),
    managerEmail: cell('managerEmail').toLowerCase(),
    startDate: cell('startDate'),
    template: cell('template'),
  };
  const errors: ImportError[] = [];
  const fail = (column: ImportColumn, message: string) => errors.push({ column, message });

  if (values.name) {
    const name = v.safeParse(FullNameSchema, values.name);
    if (!name.success) fail('name', name.issues[0].message);
  }
  if (!isValid(EmailSchema, values.email)) fail('email', IMPORT_MESSAGES.invalidEmail);

  const role = values.role ? importRoleOf(values.role) : null;
  if (!values.role) fail('role', IMPORT_MESSAGES.roleMissing);
  else if (!role) fail('role', IMPORT_MESSAGES.roleUnknown);
  else if (role === 'admin') fail('role', importer.role === 'manager' ? IMPORT_MESSAGES.managerInvitesNewHiresOnly : IMPORT_MESSAGES.roleAdmin);
  else if (role === 'manager' && importer.role === 'manager') fail('role', IMPORT_MESSAGES.managerInvitesNewHiresOnly);

  const staffRow = role === 'admin' || role === 'manager';
  if (values.managerEmail) {
    if (staffRow) fail('managerEmail', IMPORT_MESSAGES.managerOnStaff);
    else if (!isValid(EmailSchema, values.managerEmail)) fail('managerEmail', IMPORT_MESSAGES.invalidEmail);
    else if (values.managerEmail === values.email) fail('managerEmail', IMPORT_MESSAGES.ownManager);
    else if (importer.role === 'manager' && values.managerEmail !== importer.email.toLowerCase()) fail('managerEmail', IMPORT_MESSAGES.managerNotYou);
  }

  if (values.template && staffRow) fail('template', IMPORT_MESSAGES.templateOnStaff);
  if (values.startDate) {
    if (!isCalendarDay(values.startDate)) fail('startDate', IMPORT_MESSAGES.startDateInvalid);
    else if (!values.template && !staffRow) fail('startDate', IMPORT_MESSAGES.startDateWithoutTemplate);
    else if (staffRow) fail('startDate', IMPORT_MESSAGES.templateOnStaff);
  } else if (values.template && !staffRow) {
    fail('startDate', IMPORT_MESSAGES.startDateMissing);
  }
  return { values, role, errors };
}

/** The preview's summary line: "5 rows ready, 2 with errors". */
export function importSummary(preview: Pick<ImportPreview, 'ready' | 'withErrors'>): string {
  const rows = (n: number) => `${n} ${n === 1 ? 'row' : 'rows'}`;
  return preview.withErrors ? `${rows(preview.ready)} ready, ${preview.withErrors} with errors` : `${rows(preview.ready)} ready`;
}
