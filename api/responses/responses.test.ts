// What new hires handed in, as staff read it (issue 19): a plan's Responses and the CSV export of one
// template task across the template's plans, with who may read which.
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { policySha256 } from '../../shared/acknowledgements.ts';
import type { FormAnswers } from '../../shared/forms.ts';
import type { OnboardingTask, PlanDetails } from '../../shared/onboarding.ts';
import type { PlanResponses } from '../../shared/responses.ts';
import type { TemplateDetails } from '../../shared/templates.ts';
import type { TaskUpload } from '../../shared/uploads.ts';
import { createTeamMember } from '../auth/auth.queries.ts';
import { acknowledgements, onboardingTasks } from '../db/schema.ts';
import { createTestContext, TEST_PASSWORD_HASH, type TestContext } from '../test/harness.ts';
import { ACKNOWLEDGEMENT_RESPONSES_COLUMNS, FORM_RESPONSES_COLUMNS, RESPONSES_EXPORT_KIND_MESSAGE } from './responses.queries.ts';

type Company = Awaited<ReturnType<TestContext['createCompany']>>;
type Member = Awaited<ReturnType<typeof createTeamMember>>;

let ctx: TestContext;
let acme: Company;
let globex: Company;
let otherManager: Member;
let otherNewHire: Member;
let template: TemplateDetails;
let plan: PlanDetails;
let otherPlan: PlanDetails;

const POLICY_TEXT = 'Be kind. Keep secrets secret.';
const QUESTIONS = [
  { id: 'iban', kind: 'short_text', label: 'IBAN', required: true },
  { id: 'shirt', kind: 'single_choice', label: 'T-shirt size', options: ['S', 'M', 'L'] },
  { id: 'remote', kind: 'yes_no', label: 'Remote?' },
  { id: 'langs', kind: 'multiple_choice', label: 'Languages', options: ['English', 'German', 'French'] },
];

const templateBody = {
  title: 'Engineering Onboarding',
  duration: 30,
  sections: [
    {
      title: 'First week',
      dayStart: 1,
      dayEnd: 7,
      tasks: [
        { title: 'Laptop setup', type: 'checklist' },
        { title: 'Bank details', type: 'form', formQuestions: QUESTIONS },
        { title: 'Code of conduct', type: 'acknowledgement', policyText: POLICY_TEXT },
        { title: 'Copy of your ID', type: 'upload', uploadKinds: ['pdf', 'image'] },
      ],
    },
  ],
};

async function assign(newHireId: string, managerId: string, startDate: string): Promise<PlanDetails> {
  const response = await ctx.request('/api/onboarding-plans', { method: 'POST', cookie: acme.cookies.admin, body: { templateId: template.id, newHireId, managerId, startDate } });
  expect(response.status).toBe(201);
  return response.body as PlanDetails;
}

beforeEach(async () => {
  ctx = await createTestContext();
  acme = await ctx.createCompany('Acme');
  globex = await ctx.createCompany('Globex');
  const member = (label: string, role: 'manager' | 'new_hire', managerId?: string) =>
    createTeamMember(ctx.db, { companyId: acme.company.id, email: `${label}@acme-other.test`, fullName: `${label} Person`, role, managerId, passwordHash: TEST_PASSWORD_HASH });
  otherManager = await member('Olga', 'manager');
  otherNewHire = await member('Zed', 'new_hire', otherManager.id);
  const created = await ctx.request('/api/templates', { method: 'POST', cookie: acme.cookies.admin, body: templateBody });
  expect(created.status).toBe(201);
  template = created.body as TemplateDetails;
  plan = await assign(acme.newHire.id, acme.manager.id, '2026-03-02');
  otherPlan = await assign(otherNewHire.id, otherManager.id, '2026-04-06');
});

const taskOf = (details: PlanDetails, title: string): OnboardingTask => {
  const task = details.tasks.find((candidate) => candidate.title === title);
  if (!task) throw new Error(`no task "${title}"`);
  return task;
};
const templateTaskId = (title: string): string => {
  const id = taskOf(plan, title).templateTaskId;
  if (!id) throw new Error(`"${title}" has no template task`);
  return id;
};

async function submitAnswers(details: PlanDetails, answers: FormAnswers, submittedAt: string) {
  await ctx.db
    .update(onboardingTasks)
    .set({ formAnswers: answers, formSubmittedAt: submittedAt })
    .where(eq(onboardingTasks.id, taskOf(details, 'Bank details').id));
}

async function accept(details: PlanDetails, typedName: string, acceptedAt: string, policyText = POLICY_TEXT, version = 1) {
  const task = taskOf(details, 'Code of conduct');
  await ctx.db.insert(acknowledgements).values({
    companyId: acme.company.id,
    planId: details.id,
    taskId: task.id,
    templateTaskId: task.templateTaskId,
    userId: details.newHireId,
    typedName,
    acceptedAt,
    ipAddress: '203.0.113.7',
    userAgent: 'Mozilla/5.0 (Test)',
    sha256: await policySha256({ policyText, policyFile: null }),
    version,
    policyText,
    policyFile: null,
  });
}

const UPLOAD: TaskUpload = {
  id: crypto.randomUUID(),
  name: 'passport.pdf',
  contentType: 'application/pdf',
  size: 2048,
  createdAt: '2026-03-03T09:00:00.000Z',
  uploadedBy: null,
};

const getResponses = (planId: string, cookie?: string) => ctx.request(`/api/plans/${planId}/responses`, { cookie });
const exportCsv = (taskId: string, cookie: string, templateId = template.id) => ctx.request(`/api/templates/${templateId}/tasks/${taskId}/responses.csv`, { cookie });
const csvRows = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .slice(0, -1);

describe('a plan’s responses', () => {
  it('answers the plan’s forms, policies and uploads in order, with answers, records and files', async () => {
    await submitAnswers(plan, { iban: 'DE44 5001', shirt: 'M', remote: true, langs: ['English', 'German'] }, '2026-03-02T10:00:00.000Z');
    await accept(plan, 'Acme newhire', '2026-03-02T11:00:00.000Z');
    await ctx.db
      .update(onboardingTasks)
      .set({ uploads: [UPLOAD] })
      .where(eq(onboardingTasks.id, taskOf(plan, 'Copy of your ID').id));

    const response = await getResponses(plan.id, acme.cookies.manager);
    expect(response.status).toBe(200);
    const body = response.body as PlanResponses;
    expect(body.plan).toEqual({
      id: plan.id,
      newHire: { id: acme.newHire.id, fullName: 'Acme newhire', email: acme.newHire.email, profileImageUrl: null },
      templateId: template.id,
      templateTitle: 'Engineering Onboarding',
      startDate: '2026-03-02',
    });
    expect(body.forms).toEqual([
      {
        taskId: taskOf(plan, 'Bank details').id,
        templateTaskId: templateTaskId('Bank details'),
        title: 'Bank details',
        questions: expect.arrayContaining([expect.objectContaining({ id: 'iban', label: 'IBAN', required: true })]),
        answers: { iban: 'DE44 5001', shirt: 'M', remote: true, langs: ['English', 'German'] },
        submittedAt: '2026-03-02T10:00:00.000Z',
      },
    ]);
    expect(body.forms[0]?.questions.map((question) => question.id)).toEqual(['iban', 'shirt', 'remote', 'langs']);
    expect(body.acknowledgements).toHaveLength(1);
    expect(body.acknowledgements[0]).toMatchObject({ taskId: taskOf(plan, 'Code of conduct').id, templateTaskId: templateTaskId('Code of conduct'), title: 'Code of conduct' });
    expect(body.acknowledgements[0]?.records).toEqual([
      expect.objectContaining({
        typedName: 'Acme newhire',
        acceptedAt: '2026-03-02T11:00:00.000Z',
        ipAddress: '203.0.113.7',
        userAgent: 'Mozilla/5.0 (Test)',
        version: 1,
        sha256: await policySha256({ policyText: POLICY_TEXT, policyFile: null }),
        isCurrent: true,
      }),
    ]);
    expect(body.uploads).toEqual([{ taskId: taskOf(plan, 'Copy of your ID').id, title: 'Copy of your ID', files: [UPLOAD] }]);
  });

  it('shows a form not yet submitted as no answers, and leaves out removed tasks and another plan’s records', async () => {
    await accept(otherPlan, 'Zed Person', '2026-04-06T08:00:00.000Z');
    await ctx.request(`/api/onboarding-plans/${plan.id}/tasks/${taskOf(plan, 'Copy of your ID').id}`, { method: 'DELETE', cookie: acme.cookies.admin });
    const body = (await getResponses(plan.id, acme.cookies.admin)).body as PlanResponses;
    expect(body.forms[0]).toMatchObject({ answers: null, submittedAt: null });
    expect(body.acknowledgements[0]).toMatchObject({ isCompleted: false, records: [] });
    expect(body.uploads).toEqual([]);
  });

  it('answers empty lists for a plan without forms, policies or uploads', async () => {
    const plain = await ctx.request('/api/templates', {
      method: 'POST',
      cookie: globex.cookies.admin,
      body: { title: 'Plain', sections: [{ title: 'Week', dayStart: 1, dayEnd: 7, tasks: [{ title: 'Say hi', type: 'checklist' }] }] },
    });
    const assigned = await ctx.request('/api/onboarding-plans', {
      method: 'POST',
      cookie: globex.cookies.admin,
      body: { templateId: (plain.body as TemplateDetails).id, newHireId: globex.newHire.id, startDate: '2026-05-04' },
    });
    const body = (await getResponses((assigned.body as PlanDetails).id, globex.cookies.admin)).body as PlanResponses;
    expect(body).toMatchObject({ plan: { templateTitle: 'Plain' }, forms: [], acknowledgements: [], uploads: [] });
  });

  it('is for the company’s admins and the plan’s manager: its new hire 403, anyone else 404', async () => {
    expect((await getResponses(plan.id, acme.cookies.admin)).status).toBe(200);
    expect((await getResponses(plan.id, acme.cookies.manager)).status).toBe(200);
    expect((await getResponses(plan.id)).status).toBe(401);
    expect((await getResponses(plan.id, acme.cookies.newHire)).status).toBe(403);
    expect((await getResponses(otherPlan.id, acme.cookies.newHire)).status).toBe(404);
    expect((await getResponses(plan.id, await ctx.cookieFor(otherManager.id))).status).toBe(404);
    expect((await getResponses(plan.id, globex.cookies.admin)).status).toBe(404);
    expect((await getResponses(plan.id, globex.cookies.manager)).status).toBe(404);
    expect((await getResponses(crypto.randomUUID(), acme.cookies.admin)).status).toBe(404);
    expect((await getResponses('not-a-uuid', acme.cookies.admin)).status).toBe(404);
  });
});

describe('exporting one form’s answers across the template', () => {
  beforeEach(async () => {
    await submitAnswers(plan, { iban: '=HYPERLINK("x")', shirt: 'L', remote: false, langs: ['French'] }, '2026-03-02T10:00:00.000Z');
  });

  it('gives an admin one row per plan with a column per question, answers in words, formulas defused', async () => {
    const response = await exportCsv(templateTaskId('Bank details'), acme.cookies.admin);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('Content-Disposition')).toBe('attachment; filename="engineering-onboarding-bank-details.csv"');
    expect(csvRows(response.text)).toEqual([
      [...FORM_RESPONSES_COLUMNS, 'IBAN', 'T-shirt size', 'Remote?', 'Languages'].join(','),
      `Acme newhire,${acme.newHire.email},2026-03-02,2026-03-02T10:00:00.000Z,"'=HYPERLINK(""x"")",L,No,French`,
      `Zed Person,zed@acme-other.test,2026-04-06,,,,,`,
    ]);
  });

  it('gives a manager only the plans they manage', async () => {
    const mine = csvRows((await exportCsv(templateTaskId('Bank details'), acme.cookies.manager)).text);
    expect(mine).toHaveLength(2);
    expect(mine[1]).toMatch(/^Acme newhire,/);
    const theirs = csvRows((await exportCsv(templateTaskId('Bank details'), await ctx.cookieFor(otherManager.id))).text);
    expect(theirs.slice(1)).toEqual(['Zed Person,zed@acme-other.test,2026-04-06,,,,,']);
  });

  it('keeps a question a plan still asks after the template dropped it, and leaves out removed plans', async () => {
    const edited = structuredClone(templateBody);
    const form = edited.sections[0]?.tasks[1] as { id?: string; formQuestions: unknown[] };
    form.id = templateTaskId('Bank details');
    form.formQuestions = QUESTIONS.filter((question) => question.id !== 'iban');
    const saved = await ctx.request(`/api/templates/${template.id}`, { method: 'PATCH', cookie: acme.cookies.admin, body: edited });
    expect(saved.status).toBe(200);
    await ctx.request(`/api/onboarding-plans/${otherPlan.id}`, { method: 'DELETE', cookie: acme.cookies.admin });
    const rows = csvRows((await exportCsv(templateTaskId('Bank details'), acme.cookies.admin)).text);
    expect(rows[0]).toBe([...FORM_RESPONSES_COLUMNS, 'T-shirt size', 'Remote?', 'Languages', 'IBAN'].join(','));
    expect(rows.slice(1)).toEqual([`Acme newhire,${acme.newHire.email},2026-03-02,2026-03-02T10:00:00.000Z,L,No,French,"'=HYPERLINK(""x"")"`]);
  });
});

describe('exporting a policy’s acceptances across the template', () => {
  it('gives one row per record with the typed name, when, where from, the version and hash; a manager only theirs', async () => {
    await accept(plan, 'Acme newhire', '2026-03-02T11:00:00.000Z');
    await accept(plan, 'Acme Newhire', '2026-03-09T11:00:00.000Z', 'Be kind, always.', 2);
    await accept(otherPlan, 'Zed Person', '2026-04-06T08:00:00.000Z');
    const first = await policySha256({ policyText: POLICY_TEXT, policyFile: null });
    const second = await policySha256({ policyText: 'Be kind, always.', policyFile: null });

    const response = await exportCsv(templateTaskId('Code of conduct'), acme.cookies.admin);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Disposition')).toBe('attachment; filename="engineering-onboarding-code-of-conduct.csv"');
    expect(csvRows(response.text)).toEqual([
      ACKNOWLEDGEMENT_RESPONSES_COLUMNS.join(','),
      `Acme newhire,${acme.newHire.email},Acme newhire,2026-03-02T11:00:00.000Z,203.0.113.7,Mozilla/5.0 (Test),1,${first}`,
      `Acme newhire,${acme.newHire.email},Acme Newhire,2026-03-09T11:00:00.000Z,203.0.113.7,Mozilla/5.0 (Test),2,${second}`,
      `Zed Person,zed@acme-other.test,Zed Person,2026-04-06T08:00:00.000Z,203.0.113.7,Mozilla/5.0 (Test),1,${first}`,
    ]);

    const managed = csvRows((await exportCsv(templateTaskId('Code of conduct'), await ctx.cookieFor(otherManager.id))).text);
    expect(managed.slice(1)).toEqual([`Zed Person,zed@acme-other.test,Zed Person,2026-04-06T08:00:00.000Z,203.0.113.7,Mozilla/5.0 (Test),1,${first}`]);
  });
});

describe('who may export what', () => {
  it('refuses a task that is neither a form nor a policy with 400', async () => {
    for (const title of ['Copy of your ID', 'Laptop setup']) {
      const response = await exportCsv(templateTaskId(title), acme.cookies.admin);
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(RESPONSES_EXPORT_KIND_MESSAGE);
    }
  });

  it('is for staff: a new hire 403, another company’s template or an unknown task 404', async () => {
    const form = templateTaskId('Bank details');
    expect((await exportCsv(form, acme.cookies.newHire)).status).toBe(403);
    expect((await exportCsv(form, globex.cookies.admin)).status).toBe(404);
    expect((await exportCsv(form, globex.cookies.manager)).status).toBe(404);
    expect((await exportCsv(crypto.randomUUID(), acme.cookies.admin)).status).toBe(404);
    expect((await exportCsv(form, acme.cookies.admin, crypto.randomUUID())).status).toBe(404);
    expect((await ctx.request(`/api/templates/${template.id}/tasks/${form}/responses.csv`)).status).toBe(401);
  });

  it('finds a task only under its own template', async () => {
    const copy = await ctx.request('/api/templates', { method: 'POST', cookie: acme.cookies.admin, body: { ...templateBody, title: 'Copy' } });
    expect((await exportCsv(templateTaskId('Bank details'), acme.cookies.admin, (copy.body as TemplateDetails).id)).status).toBe(404);
  });
});
