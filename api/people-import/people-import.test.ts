import { and, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { IMPORT_MAX_ROWS, IMPORT_MESSAGES, type ImportPreview } from '../../shared/people-import.ts';
import { rows } from '../db/client.ts';
import type { SqliteDb } from '../db/engines/sqlite.ts';
import { companies, onboardingPlans, outbox, subscriptions, users } from '../db/schema.ts';
import { insertTemplate } from '../onboarding/test-fixtures.ts';
import { snapshot } from '../test/database-image.ts';
import { createTestContext, type TestContext, testEngine } from '../test/harness.ts';

/**
 * A write the database refuses in the middle of the import's transaction (after the invitations and the
 * first plan): a trigger on the plan of that start date, on either engine.
 */
async function refusePlansStarting(day: string) {
  if (testEngine === 'sqlite') {
    (ctx.db as unknown as SqliteDb).run(
      sql.raw(`CREATE TRIGGER refuse_plan BEFORE INSERT ON onboarding_plans WHEN NEW.start_date = '${day}' BEGIN SELECT RAISE(ABORT, 'refused'); END`),
    );
    return;
  }
  await rows(
    ctx.db,
    sql.raw(`CREATE FUNCTION refuse_plan() RETURNS trigger AS $$ BEGIN IF NEW.start_date = '${day}' THEN RAISE EXCEPTION 'refused'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`),
  );
  await rows(ctx.db, sql.raw('CREATE TRIGGER refuse_plan BEFORE INSERT ON onboarding_plans FOR EACH ROW EXECUTE FUNCTION refuse_plan()'));
}

const snapshotWithout = (image: Record<string, string>, tables: string[]) => Object.fromEntries(Object.entries(image).filter(([table]) => !tables.includes(table)));

let ctx: TestContext;
let acme: Awaited<ReturnType<TestContext['createCompany']>>;

const HEADER = 'name,email,role,manager email,start date,template';

beforeEach(async () => {
  ctx = await createTestContext({ APP_URL: 'https://kickoff.example' });
  acme = await ctx.createCompany('Acme');
  await insertTemplate(ctx.db, acme.company.id, { title: 'Engineering', createdBy: acme.admin.id });
});

async function growth(companyId: string) {
  await ctx.db.update(companies).set({ planType: 'growth' }).where(eq(companies.id, companyId));
  await ctx.db.insert(subscriptions).values({ companyId, planType: 'growth', amount: '20', isActive: true, status: 'completed' });
}
const preview = (cookie: string, csv: string) => ctx.request('/api/people/import/preview', { method: 'POST', cookie, body: { csv } });
const runImport = (cookie: string, csv: string) => ctx.request('/api/people/import', { method: 'POST', cookie, body: { csv } });
const file = (...rows: string[]) => [HEADER, ...rows].join('\r\n');
/** The errors of each row of a preview, as `column: message`. */
const errorsOf = (body: ImportPreview) => body.rows.map((row) => row.errors.map((error) => `${error.column}: ${error.message}`));

/** Five people: a manager and four new hires, two reporting to that manager of the same file. */
function fiveRows(managerEmail = acme.manager.email) {
  return file(
    'Mia Manager,mia@example.com,Manager,,,',
    'Ned One,ned@example.com,New Hire,mia@example.com,2027-09-01,Engineering',
    'Ola Two,ola@example.com,new hire,mia@example.com,2027-09-02,engineering',
    `Pat Three,pat@example.com,New Hire,${managerEmail},2027-09-03,Engineering`,
    'Quinn Four,quinn@example.com,New Hire,,,',
  );
}

describe('the preview', () => {
  it('names each bad row, column and reason, and writes nothing', async () => {
    const beta = await ctx.createCompany('Beta');
    await insertTemplate(ctx.db, beta.company.id, { title: 'Beta only' });
    await growth(acme.company.id);
    await insertTemplate(ctx.db, acme.company.id, { title: 'Draft plan', isActive: false });
    await insertTemplate(ctx.db, acme.company.id, { title: 'Leaving', kind: 'offboarding' });
    const csv = file(
      'Good Person,good@example.com,New Hire,,2027-09-01,Engineering',
      'Bad Email,not-an-email,New Hire,,,',
      `Taken,${beta.newHire.email.toUpperCase()},New Hire,,,`,
      'Twice,good@example.com,New Hire,,,',
      'Odd Role,odd@example.com,Intern,,,',
      `Lost,lost@example.com,New Hire,${beta.manager.email},,`,
      `Reporting,reporting@example.com,New Hire,${acme.newHire.email},,`,
      'Dated,dated@example.com,New Hire,,2026-02-30,Engineering',
      'Other Co,otherco@example.com,New Hire,,2027-09-01,Beta only',
      'Drafted,drafted@example.com,New Hire,,2027-09-01,Draft plan',
      'Leaver,leaver@example.com,New Hire,,2027-09-01,Leaving',
      'Admin,boss@example.com,HR Admin,,,',
      'Undated,undated@example.com,New Hire,,,Engineering',
    );
    const before = await snapshot(ctx.db);
    const response = await preview(acme.cookies.admin, csv);
    expect(response.status).toBe(200);
    expect(await snapshot(ctx.db)).toEqual(before);
    const body = response.body as ImportPreview;
    expect(body.rows.map((row) => row.line)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
    expect(errorsOf(body)).toEqual([
      [],
      [`email: ${IMPORT_MESSAGES.invalidEmail}`],
      [`email: ${IMPORT_MESSAGES.emailTaken}`],
      [`email: ${IMPORT_MESSAGES.duplicate(2)}`],
      [`role: ${IMPORT_MESSAGES.roleUnknown}`],
      [`managerEmail: ${IMPORT_MESSAGES.managerNotFound}`],
      [`managerEmail: ${IMPORT_MESSAGES.managerIsNewHire}`],
      [`startDate: ${IMPORT_MESSAGES.startDateInvalid}`],
      [`template: ${IMPORT_MESSAGES.templateNotFound}`],
      [`template: ${IMPORT_MESSAGES.templateDraft}`],
      [`template: ${IMPORT_MESSAGES.templateOffboarding}`],
      [`role: ${IMPORT_MESSAGES.roleAdmin}`],
      [`startDate: ${IMPORT_MESSAGES.startDateMissing}`],
    ]);
    expect(body).toMatchObject({ ready: 1, withErrors: 12 });
    expect(body.rows[0]).toMatchObject({ role: 'new_hire', values: { name: 'Good Person', email: 'good@example.com', startDate: '2027-09-01', template: 'Engineering' } });
  });

  it('reads quotes, commas, a byte order mark, CRLF, header names in any case and blank lines', async () => {
    const csv = '\uFEFFEMAIL; Role ;Name\r\n"ada@example.com";New Hire;"Lovelace; Ada ""the first"""\r\n\r\nbob@example.com;Manager;Bob\r\n';
    const body = (await preview(acme.cookies.admin, csv)).body as ImportPreview;
    expect(body.rows.map((row) => [row.line, row.values.name, row.values.email, row.role])).toEqual([
      [2, 'Lovelace; Ada "the first"', 'ada@example.com', 'new_hire'],
      [4, 'Bob', 'bob@example.com', 'manager'],
    ]);
  });

  it('counts the plan limit of Starter with the rows it adds: two active new hires, one manager', async () => {
    const csv = file(
      'Aa,a@example.com,New Hire,,2027-09-01,Engineering',
      'Bb,b@example.com,New Hire,,2027-09-01,Engineering',
      'Cc,c@example.com,New Hire,,2027-09-01,Engineering',
      'Dd,d@example.com,New Hire,,,',
      'Ee,e@example.com,Manager,,,',
    );
    const body = (await preview(acme.cookies.admin, csv)).body as ImportPreview;
    const errors = errorsOf(body);
    expect(errors.slice(0, 2)).toEqual([[], []]);
    expect(errors[2]?.[0]).toMatch(/^template: Plan limit reached: your Starter plan allows 2 active new hires/);
    expect(errors[3]).toEqual([]);
    expect(errors[4]?.[0]).toMatch(/^role: Plan limit reached: your Starter plan allows 1 manager/);
    expect((await runImport(acme.cookies.admin, csv)).status).toBe(400);
  });

  it('refuses a file with no email column, broken quotes, no people or too many rows (400)', async () => {
    for (const [csv, message] of [
      ['name,role\nAda,New Hire', /"email" is missing/],
      [`${HEADER}\n"Ada,ada@example.com,New Hire`, /quotes/],
      [HEADER, /no people/],
      [[HEADER, ...Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => `P,p${i}@example.com,New Hire,,,`)].join('\n'), /at most 500/],
    ] as const) {
      const response = await preview(acme.cookies.admin, csv);
      expect(response.status, csv.slice(0, 40)).toBe(400);
      expect(response.body.message).toMatch(message);
    }
    expect((await preview(acme.cookies.admin, '')).status).toBe(400);
  });

  it('is for staff only: a new hire gets 403', async () => {
    expect((await preview(acme.cookies.newHire, fiveRows())).status).toBe(403);
    expect((await runImport(acme.cookies.newHire, fiveRows())).status).toBe(403);
  });
});

describe('the import', () => {
  it('invites five people, mails each an invitation and makes the plans, a file’s manager managing its new hires', async () => {
    await growth(acme.company.id);
    const response = await runImport(acme.cookies.admin, fiveRows());
    expect(response.body.issues).toBeUndefined();
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ invited: 5, plans: 3 });

    const people = await ctx.db.select().from(users).where(eq(users.companyId, acme.company.id));
    const byEmail = new Map(people.map((person) => [person.email, person]));
    const mia = byEmail.get('mia@example.com');
    expect(mia).toMatchObject({ role: 'manager', fullName: 'Mia Manager', password: null });
    expect(byEmail.get('ned@example.com')).toMatchObject({ role: 'new_hire', managerId: mia?.id, fullName: 'Ned One' });
    expect(byEmail.get('ola@example.com')?.managerId).toBe(mia?.id);
    expect(byEmail.get('pat@example.com')?.managerId).toBe(acme.manager.id);
    expect(byEmail.get('quinn@example.com')?.managerId).toBeNull();

    const queued = await ctx.db.select({ to: outbox.recipient, kind: outbox.kind }).from(outbox).where(eq(outbox.kind, 'invitation'));
    expect(queued.map((mail) => mail.to).sort()).toEqual(['mia@example.com', 'ned@example.com', 'ola@example.com', 'pat@example.com', 'quinn@example.com']);
    expect(
      ctx.mails
        .filter((mail) => /reset-password\?token=.+&invite=1/.test(mail.text))
        .map((mail) => mail.to)
        .sort(),
    ).toEqual(queued.map((mail) => mail.to).sort());

    const plans = await ctx.db.select().from(onboardingPlans).where(eq(onboardingPlans.companyId, acme.company.id));
    expect(plans.map((plan) => [byEmail.get(people.find((p) => p.id === plan.newHireId)?.email ?? '')?.email, plan.managerId, plan.startDate, plan.tasksTotal]).sort()).toEqual([
      ['ned@example.com', mia?.id, '2027-09-01', 5],
      ['ola@example.com', mia?.id, '2027-09-02', 5],
      ['pat@example.com', acme.manager.id, '2027-09-03', 5],
    ]);

    // The team list shows them, as invited.
    const team = (await ctx.request('/api/users', { cookie: acme.cookies.admin })).body as { email: string; hasSignedIn: boolean }[];
    expect(team.filter((person) => person.email.endsWith('@example.com') && !person.hasSignedIn)).toHaveLength(5);
  });

  it('imports nothing when one row is bad, and answers each error', async () => {
    await growth(acme.company.id);
    const csv = `${fiveRows()}\r\nBroken,broken@,New Hire,,,`;
    const before = await snapshot(ctx.db);
    const response = await runImport(acme.cookies.admin, csv);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('1 row has errors: nothing was imported. Fix it and try again.');
    expect(response.body.issues).toEqual([{ path: 'rows.7.email', message: IMPORT_MESSAGES.invalidEmail }]);
    expect(await snapshot(ctx.db)).toEqual(before);
    expect(ctx.mails).toHaveLength(0);
  });

  it('undoes every invitation and plan when a rule refuses the second plan inside the transaction', async () => {
    await growth(acme.company.id);
    await refusePlansStarting('2027-09-02');
    const before = await snapshot(ctx.db);
    const response = await runImport(acme.cookies.admin, fiveRows());
    expect(response.status).toBe(500);
    expect(await snapshot(ctx.db, ['rate_limits'])).toEqual(await snapshotWithout(before, ['rate_limits']));
    expect(ctx.mails).toHaveLength(0);
  });

  it('lets a manager import new hires who report to them, with plans they manage, and refuses an admin or a manager row', async () => {
    const refused = (await preview(acme.cookies.manager, file('Boss,boss@example.com,Admin,,,', 'Peer,peer@example.com,Manager,,,'))).body as ImportPreview;
    expect(errorsOf(refused)).toEqual([[`role: ${IMPORT_MESSAGES.managerInvitesNewHiresOnly}`], [`role: ${IMPORT_MESSAGES.managerInvitesNewHiresOnly}`]]);
    const other = (await preview(acme.cookies.manager, file(`Xi,x@example.com,New Hire,${acme.admin.email},,`))).body as ImportPreview;
    expect(errorsOf(other)).toEqual([[`managerEmail: ${IMPORT_MESSAGES.managerNotYou}`]]);

    const response = await runImport(acme.cookies.manager, file('Rae,rae@example.com,New Hire,,2027-10-01,Engineering', `Sam,sam@example.com,New Hire,${acme.manager.email},,`));
    expect(response.status).toBe(201);
    const made = await ctx.db
      .select({ id: users.id, managerId: users.managerId })
      .from(users)
      .where(and(eq(users.companyId, acme.company.id), eq(users.role, 'new_hire')));
    expect(made.filter((person) => person.id !== acme.newHire.id).map((person) => person.managerId)).toEqual([acme.manager.id, acme.manager.id]);
    const [plan] = await ctx.db.select().from(onboardingPlans).where(eq(onboardingPlans.companyId, acme.company.id));
    expect(plan).toMatchObject({ managerId: acme.manager.id, createdBy: acme.manager.id });
  });
});

describe('the exports', () => {
  it('lists the company’s people with role, manager and status, never another company’s, with formulas made inert', async () => {
    const beta = await ctx.createCompany('Beta');
    await runImport(acme.cookies.admin, file('=HYPERLINK("http://evil"),eve@example.com,New Hire,,,', '+Plus,plus@example.com,New Hire,,,'));
    const response = await ctx.request('/api/people/export.csv', { cookie: acme.cookies.admin });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="people-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = response.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Name,Email,Role,Manager,Status,Created');
    expect(lines.slice(1).map((line) => line.split(',').slice(1, 5).join(','))).toEqual([
      `${acme.admin.email},HR Admin,,Active`,
      `${acme.manager.email},Manager,,Active`,
      `${acme.newHire.email},New Hire,Acme manager,Active`,
      'eve@example.com,New Hire,,Invited',
      'plus@example.com,New Hire,,Invited',
    ]);
    expect(response.text).toContain(`"'=HYPERLINK(""http://evil"")",eve@example.com`);
    expect(response.text).toContain(`'+Plus,plus@example.com`);
    expect(response.text).not.toContain(beta.admin.email);

    // A manager: the people who report to them; a new hire: 403.
    const mine = await ctx.request('/api/people/export.csv', { cookie: acme.cookies.manager });
    expect(
      mine.text
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n')
        .slice(1)
        .map((line) => line.split(',')[1]),
    ).toEqual([acme.newHire.email]);
    expect((await ctx.request('/api/people/export.csv', { cookie: acme.cookies.newHire })).status).toBe(403);
  });

  it('lists the plans each caller sees with the new hire’s and the whole plan’s progress', async () => {
    await growth(acme.company.id);
    const beta = await ctx.createCompany('Beta');
    const betaTemplate = await insertTemplate(ctx.db, beta.company.id, { title: 'Beta plan' });
    const betaPlan = await ctx.request('/api/onboarding-plans', {
      method: 'POST',
      cookie: beta.cookies.admin,
      body: { newHireId: beta.newHire.id, templateId: betaTemplate.id, startDate: '2026-01-05' },
    });
    expect(betaPlan.status).toBe(201);
    expect((await runImport(acme.cookies.admin, fiveRows())).status).toBe(201);

    const response = await ctx.request('/api/onboarding-plans/export.csv', { cookie: acme.cookies.admin });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="plans-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = response.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Person,Email,Template,Manager,Buddy,Start date,Status,New hire tasks done,New hire tasks total,All tasks done,All tasks total,Percent,Completed at');
    expect(lines.slice(1).sort()).toEqual([
      'Ned One,ned@example.com,Engineering,Mia Manager,,2027-09-01,Not started,0,5,0,5,0,',
      'Ola Two,ola@example.com,Engineering,Mia Manager,,2027-09-02,Not started,0,5,0,5,0,',
      'Pat Three,pat@example.com,Engineering,Acme manager,,2027-09-03,Not started,0,5,0,5,0,',
    ]);
    expect(response.text).not.toContain(beta.newHire.email);

    const managed = await ctx.request('/api/onboarding-plans/export.csv', { cookie: acme.cookies.manager });
    expect(
      managed.text
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n')
        .slice(1)
        .map((line) => line.split(',')[1]),
    ).toEqual(['pat@example.com']);
    expect((await ctx.request('/api/onboarding-plans/export.csv', { cookie: acme.cookies.newHire })).status).toBe(403);
    expect((await ctx.request('/api/onboarding-plans/export.csv')).status).toBe(401);
  });
});
