import { beforeEach, describe, expect, it } from 'vitest';
import type { OnboardingTask, PlanDetails } from '../../shared/onboarding.ts';
import { addDays } from '../../shared/plan-calendar.ts';
import { createTeamMember } from '../auth/auth.queries.ts';
import { createTestContext, TEST_PASSWORD_HASH, type TestContext } from '../test/harness.ts';
import { csvCell } from '../lib/csv.ts';
import { serverToday } from './tasks.queries.ts';
import { insertTemplate } from './test-fixtures.ts';

let ctx: TestContext;
let acme: Awaited<ReturnType<TestContext['createCompany']>>;
let plan: PlanDetails;
// Ten days in: the first week is past due, the second still open.
const startDate = addDays(serverToday(), -9);

beforeEach(async () => {
  ctx = await createTestContext();
  acme = await ctx.createCompany('Acme');
  const template = await insertTemplate(ctx.db, acme.company.id);
  const assigned = await ctx.request('/api/onboarding-plans', {
    method: 'POST',
    cookie: acme.cookies.manager,
    body: { templateId: template.id, startDate, newHireId: acme.newHire.id },
  });
  plan = assigned.body as PlanDetails;
});

const exportCsv = (cookie: string) => ctx.request(`/api/onboarding-plans/${plan.id}/export.csv`, { cookie });
const tick = (taskId: string) => ctx.request(`/api/onboarding-tasks/${taskId}`, { method: 'PATCH', cookie: acme.cookies.manager, body: { isCompleted: true } });

describe('csvCell', () => {
  it('quotes quotes, commas and line breaks, and defuses formulas', () => {
    expect(csvCell('Plain text')).toBe('Plain text');
    expect(csvCell(null)).toBe('');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    for (const formula of ['=1+1', '+1', '-1', '@SUM(A1)', '\t=1']) expect(csvCell(formula)).toBe(`'${formula}`);
    expect(csvCell('=HYPERLINK("http://x","a")')).toBe('"\'=HYPERLINK(""http://x"",""a"")"');
  });
});

describe('exporting a plan as CSV', () => {
  it('answers a file named after the person with one row per live task in order, who did what when', async () => {
    const [done, removed] = plan.tasks as [OnboardingTask, OnboardingTask];
    const ticked = (await tick(done.id)).body as OnboardingTask;
    await ctx.request(`/api/onboarding-plans/${plan.id}/tasks/${removed.id}`, { method: 'DELETE', cookie: acme.cookies.manager });
    const added = await ctx.request(`/api/onboarding-plans/${plan.id}/tasks`, {
      method: 'POST',
      cookie: acme.cookies.manager,
      body: { title: '=cmd, "{{first_name}}"', type: 'checklist', assigneeKind: 'buddy', sectionTitle: 'Extras, late', dayStart: 10, dayEnd: 12 },
    });
    expect(added.status).toBe(201);

    const response = await exportCsv(acme.cookies.manager);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('Content-Disposition')).toBe('attachment; filename="onboarding-acme-newhire.csv"');
    const lines = response.text.replace(/^\uFEFF/, '').split('\r\n');
    const day = (n: number) => addDays(startDate, n - 1);
    expect(lines).toEqual([
      'Task,Section,Assigned to,Opens,Due,Status,Completed by,Completed at',
      `Laptop setup,First Week,Acme newhire,${day(1)},${day(7)},Completed,Acme manager,${ticked.completedAt}`,
      `Read handbook,First Week,Acme newhire,${day(1)},${day(7)},Overdue,,`,
      `Ship a fix,Week Two,Acme newhire,${day(8)},${day(14)},Pending,,`,
      `Demo,Week Two,Acme newhire,${day(8)},${day(14)},Pending,,`,
      `"'=cmd, ""Acme""","Extras, late",Their buddy (nobody yet),${day(10)},${day(12)},Pending,,`,
      '',
    ]);
  });

  it('exports a completed plan the same way, to an admin too', async () => {
    for (const task of plan.tasks) await tick(task.id);
    const response = await exportCsv(acme.cookies.admin);
    expect(response.status).toBe(200);
    const rows = response.text.trim().split('\r\n').slice(1);
    expect(rows).toHaveLength(5);
    expect(rows.every((row) => row.includes(',Completed,Acme manager,'))).toBe(true);
  });

  it('is for staff who see the plan: its new hire 403, anyone else 404', async () => {
    const otherManager = await createTeamMember(ctx.db, { companyId: acme.company.id, email: 'other@acme-extra.test', role: 'manager', passwordHash: TEST_PASSWORD_HASH });
    const globex = await ctx.createCompany('Globex');
    expect((await exportCsv(acme.cookies.newHire)).status).toBe(403);
    expect((await exportCsv(await ctx.cookieFor(otherManager.id))).status).toBe(404);
    expect((await exportCsv(globex.cookies.admin)).status).toBe(404);
    expect((await exportCsv(globex.cookies.newHire)).status).toBe(404);
  });
});
