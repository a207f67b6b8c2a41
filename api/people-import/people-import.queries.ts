// People from a CSV file (issue 21): a preview that checks every row and writes nothing, then the import,
// which makes the invitations and plans through the same use cases as inviting and assigning by hand
// (createInvitee, assignPlanFromTemplate), all in one transaction.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { limitReachedMessage, withinPlanLimit, type LimitKind } from '../../shared/catalogue.ts';
import type { PlanDetails } from '../../shared/onboarding.ts';
import { checkImportRow, IMPORT_MESSAGES, type ImportColumn, type ImportPreview, type ImportResult, type ImportRow, type ImportValues } from '../../shared/people-import.ts';
import { ERROR_CODE } from '../../shared/errors.ts';
import { isStaff, type Role } from '../../shared/roles.ts';
import { type Db, transaction } from '../db/client.ts';
import { templates, users } from '../db/schema.ts';
import { AppError, forbidden } from '../lib/app-error.ts';
import type { CurrentUser } from '../lib/env.ts';
import type { Mail } from '../mail/mailer.ts';
import { activeNewHireIds, assignPlanFromTemplate, countManagers } from '../onboarding/onboarding.queries.ts';
import { currentPlanType } from '../subscriptions/plan-status.ts';
import { assertMayImport, countPendingInvitations, createInvitee, issueInvitation, MAX_PENDING_INVITATIONS } from '../team/team.queries.ts';
import { parsePeopleCsv } from './parse-csv.ts';

/** Whom a new hire's manager email names: someone already in the company, or a manager row of the file. */
type ManagerRef = { kind: 'existing'; id: string } | { kind: 'file'; email: string } | null;

/** A row with what the import needs besides its values: the manager and template it resolved to. */
type CheckedRow = ImportRow & { manager: ManagerRef; templateId: string | null };

const lower = (text: string) => text.trim().toLowerCase();

/**
 * POST /api/people/import/preview: every row of the file with its values and errors; reads only. The
 * import runs the same checks first. A new hire may not import (403); a bad file as a whole is a 400.
 */
export async function previewImport(db: Db, importer: CurrentUser, csv: string): Promise<ImportPreview> {
  const rows = await checkImport(db, importer, csv);
  return toPreview(rows);
}

function toPreview(rows: CheckedRow[]): ImportPreview {
  const answer = rows.map(({ line, values, role, errors }) => ({ line, values, role, errors }));
  const withErrors = answer.filter((row) => row.errors.length).length;
  return { rows: answer, ready: answer.length - withErrors, withErrors };
}

async function checkImport(db: Db, importer: CurrentUser, csv: string): Promise<CheckedRow[]> {
  if (!isStaff(importer.role)) throw forbidden('Only admins and managers can import people.');
  const rows: CheckedRow[] = parsePeopleCsv(csv).map(({ line, cells }) => ({ line, ...checkImportRow(cells, importer), manager: null, templateId: null }));
  const fail = (row: CheckedRow, column: ImportColumn, message: string) => {
    if (!row.errors.some((error) => error.column === column)) row.errors.push({ column, message });
  };
  const hasError = (row: CheckedRow, column: ImportColumn) => row.errors.some((error) => error.column === column);

  // Emails: once per file, and nobody in Kickoff yet (emails are unique across companies, DESIGN.md section 8).
  const firstLine = new Map<string, number>();
  for (const row of rows) {
    if (hasError(row, 'email')) continue;
    const earlier = firstLine.get(row.values.email);
    if (earlier !== undefined) fail(row, 'email', IMPORT_MESSAGES.duplicate(earlier));
    else firstLine.set(row.values.email, row.line);
  }
  const taken = await existingEmails(db, [...firstLine.keys()]);
  for (const row of rows) if (!hasError(row, 'email') && taken.has(row.values.email)) fail(row, 'email', IMPORT_MESSAGES.emailTaken);

  await resolveManagers(db, importer, rows, fail, hasError);
  await resolveTemplates(db, importer.companyId, rows, fail);
  await checkLimits(db, importer.companyId, rows, fail);
  return rows;
}

async function existingEmails(db: Db, emails: string[]): Promise<Set<string>> {
  if (!emails.length) return new Set();
  const found = await db.select({ email: users.email }).from(users).where(inArray(users.email, emails));
  return new Set(found.map((row) => lower(row.email)));
}

type Fail = (row: CheckedRow, column: ImportColumn, message: string) => void;

/**
 * A new hire's manager email names a manager or admin of the importer's company, or a manager row of the
 * file (made first by the import). Another company's people are not found, whatever their role.
 */
async function resolveManagers(db: Db, importer: CurrentUser, rows: CheckedRow[], fail: Fail, hasError: (row: CheckedRow, column: ImportColumn) => boolean): Promise<void> {
  const fileRoles = new Map<string, Role | null>();
  for (const row of rows) if (!fileRoles.has(row.values.email)) fileRoles.set(row.values.email, row.role);
  const wanted = [...new Set(rows.filter((row) => row.values.managerEmail && !hasError(row, 'managerEmail')).map((row) => row.values.managerEmail))];
  const people = wanted.length
    ? await db
        .select({ id: users.id, email: users.email, role: users.role })
        .from(users)
        .where(and(eq(users.companyId, importer.companyId), inArray(users.email, wanted)))
    : [];
  const inCompany = new Map(people.map((person) => [lower(person.email), person]));

  for (const row of rows) {
    if (row.role !== 'new_hire' || hasError(row, 'managerEmail')) continue;
    const email = row.values.managerEmail;
    if (!email) {
      row.manager = importer.role === 'manager' ? { kind: 'existing', id: importer.id } : null;
      continue;
    }
    const person = inCompany.get(email);
    const fileRole = fileRoles.get(email);
    if (person) {
      if (isStaff(person.role)) row.manager = { kind: 'existing', id: person.id };
      else fail(row, 'managerEmail', IMPORT_MESSAGES.managerIsNewHire);
    } else if (fileRole === 'manager') {
      row.manager = { kind: 'file', email };
    } else if (fileRole !== undefined) {
      fail(row, 'managerEmail', IMPORT_MESSAGES.managerIsNewHire);
    } else {
      fail(row, 'managerEmail', IMPORT_MESSAGES.managerNotFound);
    }
  }
}

/** A template by its title in this company (any letter case): live, published and for onboarding. */
async function resolveTemplates(db: Db, companyId: string, rows: CheckedRow[], fail: Fail): Promise<void> {
  const named = rows.filter((row) => row.values.template && row.role === 'new_hire');
  if (!named.length) return;
  const company = await db
    .select({ id: templates.id, title: templates.title, isActive: templates.isActive, kind: templates.kind })
    .from(templates)
    .where(and(eq(templates.companyId, companyId), isNull(templates.deletedAt)));
  for (const row of named) {
    const matches = company.filter((template) => lower(template.title) === lower(row.values.template));
    const [match] = matches;
    if (!match) fail(row, 'template', IMPORT_MESSAGES.templateNotFound);
    else if (matches.length > 1) fail(row, 'template', IMPORT_MESSAGES.templateAmbiguous);
    else if (!match.isActive) fail(row, 'template', IMPORT_MESSAGES.templateDraft);
    else if (match.kind !== 'onboarding') fail(row, 'template', IMPORT_MESSAGES.templateOffboarding);
    else row.templateId = match.id;
  }
}

/**
 * The plan's limits (shared/catalogue.ts) with what the file adds, row by row: each manager row is one
 * more manager, each new hire with a template one more active new hire (they are new, so not active yet),
 * and every row one more invitation waiting to be accepted.
 */
async function checkLimits(db: Db, companyId: string, rows: CheckedRow[], fail: Fail): Promise<void> {
  const [planType, managers, activeNewHires, pending] = await Promise.all([
    currentPlanType(db, companyId),
    countManagers(db, companyId),
    activeNewHireIds(db, companyId).then((ids) => ids.size),
    countPendingInvitations(db, companyId),
  ]);
  const counts: Record<LimitKind, number> = { managers, activeNewHires };
  const adds = (row: CheckedRow): { kind: LimitKind; column: ImportColumn } | undefined => {
    if (row.role === 'manager') return { kind: 'managers', column: 'role' };
    if (row.role === 'new_hire' && row.values.template) return { kind: 'activeNewHires', column: 'template' };
    return undefined;
  };
  let waiting = pending;
  for (const row of rows) {
    if (waiting >= MAX_PENDING_INVITATIONS) fail(row, 'email', IMPORT_MESSAGES.pendingInvitations(MAX_PENDING_INVITATIONS));
    waiting += 1;
    const limit = adds(row);
    if (!limit) continue;
    if (!withinPlanLimit(planType, limit.kind, counts[limit.kind])) fail(row, limit.column, limitReachedMessage(planType, limit.kind));
    counts[limit.kind] += 1;
  }
}

/** The 400 of an import with errors: each as `rows.<line>.<column>`, the preview's words. */
function importRefused(rows: CheckedRow[]) {
  const bad = rows.filter((row) => row.errors.length);
  const issues = bad.flatMap((row) => row.errors.map((error) => ({ path: `rows.${row.line}.${error.column}`, message: error.message })));
  const message = `${bad.length} ${bad.length === 1 ? 'row has' : 'rows have'} errors: nothing was imported. Fix ${bad.length === 1 ? 'it' : 'them'} and try again.`;
  return new AppError(400, message, { code: ERROR_CODE.validationFailed, issues });
}

export type ImportOutcome = { result: ImportResult; plans: PlanDetails[]; mails: { recipient: { id: string; companyId: string }; mail: Mail }[] };

/**
 * POST /api/people/import: the preview's checks again, then, only when every row passes, every
 * invitation (managers first, so the file's new hires can report to them) and every plan in one
 * transaction: the use cases re-check their rules under the company's lock, and any refusal undoes the
 * whole file. The invitation mails are made after the commit; the route queues them.
 */
export async function importPeople(db: Db, appUrl: string, importer: CurrentUser, csv: string, address: string): Promise<ImportOutcome> {
  const rows = await checkImport(db, importer, csv);
  if (rows.some((row) => row.errors.length)) throw importRefused(rows);
  await assertMayImport(db, importer, address);

  const invite = (tx: Db, row: CheckedRow, values: ImportValues, managerId?: string) =>
    createInvitee(tx, importer, { email: values.email, role: row.role === 'manager' ? 'manager' : 'new_hire', managerId, fullName: values.name || null });
  const { people, plans } = await transaction(db, async (tx) => {
    const made = new Map<string, Awaited<ReturnType<typeof createInvitee>>>();
    for (const row of rows.filter((row) => row.role === 'manager')) made.set(row.values.email, await invite(tx, row, row.values));
    for (const row of rows.filter((row) => row.role === 'new_hire')) {
      const managerId = row.manager?.kind === 'file' ? made.get(row.manager.email)?.id : row.manager?.id;
      made.set(row.values.email, await invite(tx, row, row.values, managerId));
    }
    const plans = new Map<string, PlanDetails>();
    for (const row of rows) {
      const person = made.get(row.values.email);
      if (!row.templateId || !person) continue;
      plans.set(
        person.id,
        await assignPlanFromTemplate(tx, importer, { newHireId: person.id, templateId: row.templateId, startDate: row.values.startDate, managerId: person.managerId }),
      );
    }
    // In the file's order.
    return { people: rows.map((row) => made.get(row.values.email)).filter((person) => person !== undefined), plans };
  });

  const mails = [];
  for (const person of people) mails.push({ recipient: { id: person.id, companyId: importer.companyId }, mail: await issueInvitation(db, appUrl, importer, person) });
  return {
    result: {
      invited: people.length,
      plans: plans.size,
      people: people.map((person) => ({ id: person.id, email: person.email, role: person.role, planId: plans.get(person.id)?.id ?? null })),
    },
    plans: [...plans.values()],
    mails,
  };
}
