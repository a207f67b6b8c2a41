import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { type AcknowledgementRecord, FULL_NAME_MISMATCH_MESSAGE, POLICY_CHANGED_MESSAGE } from '../../shared/acknowledgements.ts';
import type { PlanDetails } from '../../shared/onboarding.ts';
import { ACTION_TASK_TICK_MESSAGES } from '../../shared/tasks.ts';
import type { TemplateDetails } from '../../shared/templates.ts';
import { createTeamMember } from '../auth/auth.queries.ts';
import { first } from '../db/client.ts';
import { acknowledgements, companies, onboardingPlans, onboardingTasks, subscriptions } from '../db/schema.ts';
import { createTestContext, TEST_PASSWORD_HASH, type TestContext } from '../test/harness.ts';
import { acknowledgementRecords, ALREADY_ACCEPTED_MESSAGE, NOT_AN_ACKNOWLEDGEMENT_MESSAGE, ONLY_THE_NEW_HIRE_ACCEPTS_MESSAGE, USER_AGENT_MAX } from './acknowledgements.queries.ts';

const POLICY = 'Code of conduct\n\n1. Be kind.\n2. Say when something is wrong — früh.';
const NEW_POLICY = `${POLICY}\n3. Lock your screen.`;
const sha256Of = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const startDate = '2026-03-02';

let ctx: TestContext;
let acme: Awaited<ReturnType<TestContext['createCompany']>>;
let template: TemplateDetails;
let plan: PlanDetails;
let policyTaskId: string;
let checklistTaskId: string;

async function createPolicyTemplate(company: typeof acme): Promise<TemplateDetails> {
  const created = await ctx.request('/api/templates', {
    method: 'POST',
    cookie: company.cookies.admin,
    body: {
      title: 'Policies',
      sections: [
        {
          title: 'First week',
          dayStart: 1,
          dayEnd: 5,
          tasks: [
            { title: 'Accept the code of conduct, {{first_name}}', type: 'acknowledgement', policyText: POLICY },
            { title: 'Laptop setup', type: 'checklist' },
          ],
        },
      ],
    },
  });
  expect(created.status).toBe(201);
  return created.body as TemplateDetails;
}

async function assignPlan(company: typeof acme, newHireId: string, templateId = template.id): Promise<PlanDetails> {
  const assigned = await ctx.request('/api/onboarding-plans', {
    method: 'POST',
    cookie: company.cookies.admin,
    body: { templateId, startDate, newHireId, managerId: company.manager.id },
  });
  expect(assigned.status).toBe(201);
  return assigned.body as PlanDetails;
}

const taskOf = (details: PlanDetails, type: string) => details.tasks.find((task) => task.type === type)!.id;

async function newHireOf(company: typeof acme, label: string, managerId = company.manager.id) {
  const person = await createTeamMember(ctx.db, {
    companyId: company.company.id,
    email: `${label}-${crypto.randomUUID().slice(0, 6)}@example.test`,
    fullName: `Person ${label}`,
    role: 'new_hire',
    managerId,
    passwordHash: TEST_PASSWORD_HASH,
    isEmailVerified: true,
  });
  return { ...person, cookie: await ctx.cookieFor(person.id) };
}

const accept = (taskId: string, body: Record<string, unknown>, cookie = acme.cookies.newHire, headers: Record<string, string> = {}) =>
  ctx.request(`/api/tasks/${taskId}/acknowledgement`, { method: 'POST', cookie, body, headers });

const acceptAs = (taskId: string, fullName: string, cookie: string, text = POLICY) => accept(taskId, { fullName, sha256: sha256Of(text) }, cookie);

const taskRow = async (taskId: string) => (await first(ctx.db.select().from(onboardingTasks).where(eq(onboardingTasks.id, taskId))))!;
const recordRows = (taskId: string) => ctx.db.select().from(acknowledgements).where(eq(acknowledgements.taskId, taskId));

/** The template saved again with its policy task's text changed (the editor sends the ids back). */
async function changeTemplatePolicy(text: string) {
  const sections = template.sections.map((section) => ({
    ...section,
    tasks: section.tasks.map((task) => (task.type === 'acknowledgement' ? { ...task, policyText: text } : task)),
  }));
  const saved = await ctx.request(`/api/templates/${template.id}`, { method: 'PATCH', cookie: acme.cookies.admin, body: { title: template.title, sections } });
  expect(saved.status).toBe(200);
}

beforeEach(async () => {
  ctx = await createTestContext({ TRUST_PROXY: 'true' });
  acme = await ctx.createCompany('Acme');
  // Room for more than the free plan's active new hires.
  await ctx.db.update(companies).set({ planType: 'business' }).where(eq(companies.id, acme.company.id));
  await ctx.db.insert(subscriptions).values({ companyId: acme.company.id, planType: 'business', amount: '20', isActive: true, status: 'completed' });
  template = await createPolicyTemplate(acme);
  plan = await assignPlan(acme, acme.newHire.id);
  policyTaskId = taskOf(plan, 'acknowledgement');
  checklistTaskId = taskOf(plan, 'checklist');
});

describe('accepting a policy', () => {
  it('records who, when, from where and the hash of the text as version 1, and completes the task and the plan', async () => {
    const tick = await ctx.request(`/api/onboarding-tasks/${checklistTaskId}`, { method: 'PATCH', cookie: acme.cookies.newHire, body: { isCompleted: true } });
    expect(tick.status).toBe(200);
    const before = Date.now();
    const response = await accept(
      policyTaskId,
      { fullName: '  acme   NEWHIRE ', sha256: sha256Of(POLICY) },
      acme.cookies.newHire,
      // Behind the trusted proxy the client is the last hop it adds.
      { 'X-Forwarded-For': '198.51.100.1, 203.0.113.7', 'User-Agent': 'KickoffTest/1.0 (iPhone)' },
    );
    expect(response.status).toBe(201);
    const record = response.body as AcknowledgementRecord;
    expect(record).toMatchObject({
      taskId: policyTaskId,
      planId: plan.id,
      taskTitle: 'Accept the code of conduct, Acme',
      userId: acme.newHire.id,
      typedName: 'acme   NEWHIRE',
      ipAddress: '203.0.113.7',
      userAgent: 'KickoffTest/1.0 (iPhone)',
      sha256: sha256Of(POLICY),
      version: 1,
      policyText: POLICY,
      policyFile: null,
      isCurrent: true,
    });
    expect(Date.parse(record.acceptedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(await recordRows(policyTaskId)).toHaveLength(1);

    const task = await taskRow(policyTaskId);
    expect(task).toMatchObject({ isCompleted: true, completedBy: acme.newHire.id });
    // Stamped with a new version, so the new hire's device pulls it.
    expect(task.version).toBeGreaterThan(0);
    const planRow = await first(ctx.db.select().from(onboardingPlans).where(eq(onboardingPlans.id, plan.id)));
    expect(planRow).toMatchObject({ isCompleted: true, tasksDone: 2 });
  });

  it('cuts a long user agent, and keeps no address where the request came without one', async () => {
    const response = await accept(policyTaskId, { fullName: 'Acme newhire', sha256: sha256Of(POLICY) }, acme.cookies.newHire, { 'User-Agent': 'x'.repeat(5000) });
    expect(response.status).toBe(201);
    expect(response.body.userAgent).toHaveLength(USER_AGENT_MAX);
    expect(response.body.ipAddress).toBeNull();
  });

  it('refuses a name that is not theirs with a field message, and records nothing', async () => {
    const response = await acceptAs(policyTaskId, 'Acme manager', acme.cookies.newHire);
    expect(response.status).toBe(400);
    expect(response.body.issues).toEqual([{ path: 'fullName', message: FULL_NAME_MISMATCH_MESSAGE }]);
    expect(await recordRows(policyTaskId)).toHaveLength(0);
    expect((await taskRow(policyTaskId)).isCompleted).toBe(false);
  });

  it('refuses a hash of another text (the policy changed while it was read) with 409', async () => {
    const response = await acceptAs(policyTaskId, 'Acme newhire', acme.cookies.newHire, 'An older text');
    expect(response.status).toBe(409);
    expect(response.body.message).toBe(POLICY_CHANGED_MESSAGE);
    expect(await recordRows(policyTaskId)).toHaveLength(0);
  });

  it('refuses accepting the same text twice', async () => {
    expect((await acceptAs(policyTaskId, 'Acme newhire', acme.cookies.newHire)).status).toBe(201);
    const again = await acceptAs(policyTaskId, 'Acme newhire', acme.cookies.newHire);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(ALREADY_ACCEPTED_MESSAGE);
    expect(await recordRows(policyTaskId)).toHaveLength(1);
  });

  it('refuses a tick of the task: it is completed by accepting', async () => {
    const tick = await ctx.request(`/api/onboarding-tasks/${policyTaskId}`, { method: 'PATCH', cookie: acme.cookies.newHire, body: { isCompleted: true } });
    expect(tick.status).toBe(400);
    expect(tick.body.message).toBe(ACTION_TASK_TICK_MESSAGES.acknowledgement);
    expect((await taskRow(policyTaskId)).isCompleted).toBe(false);
  });

  it('refuses a task without a policy with 400', async () => {
    const response = await acceptAs(checklistTaskId, 'Acme newhire', acme.cookies.newHire);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(NOT_AN_ACKNOWLEDGEMENT_MESSAGE);
  });
});

describe('versions', () => {
  it('gives a changed template policy the next version for the next plan, while earlier records keep theirs', async () => {
    const earlierHire = await newHireOf(acme, 'earlier');
    const earlierPlan = await assignPlan(acme, earlierHire.id);
    expect((await acceptAs(policyTaskId, 'Acme newhire', acme.cookies.newHire)).body.version).toBe(1);

    await changeTemplatePolicy(NEW_POLICY);
    const laterHire = await newHireOf(acme, 'later');
    const laterPlan = await assignPlan(acme, laterHire.id);
    const later = await acceptAs(taskOf(laterPlan, 'acknowledgement'), 'Person later', laterHire.cookie, NEW_POLICY);
    expect(later.status).toBe(201);
    expect(later.body).toMatchObject({ version: 2, policyText: NEW_POLICY, sha256: sha256Of(NEW_POLICY) });

    // A plan made before the change still holds the first text: its acceptance is version 1 again.
    const earlier = await acceptAs(taskOf(earlierPlan, 'acknowledgement'), 'Person earlier', earlierHire.cookie);
    expect(earlier.body).toMatchObject({ version: 1, policyText: POLICY });

    const templateTaskId = template.sections[0]!.tasks.find((task) => task.type === 'acknowledgement')!.id;
    const records = await acknowledgementRecords(ctx.db, { companyId: acme.company.id, templateTaskId });
    expect(records.map((record) => [record.userId, record.version, record.policyText])).toEqual([
      [earlierHire.id, 1, POLICY],
      [laterHire.id, 2, NEW_POLICY],
      [acme.newHire.id, 1, POLICY],
    ]);
    // Each record against its own plan's task, which each still shows the text accepted.
    expect(records.every((record) => record.isCurrent)).toBe(true);
  });

  it("lets the new hire accept their task's changed policy again, as a new record and version", async () => {
    const first = (await acceptAs(policyTaskId, 'Acme newhire', acme.cookies.newHire)).body as AcknowledgementRecord;
    await ctx.db.update(onboardingTasks).set({ policyText: NEW_POLICY }).where(eq(onboardingTasks.id, policyTaskId));

    const stale = await acceptAs(policyTaskId, 'Acme newhire', acme.cookies.newHire);
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(POLICY_CHANGED_MESSAGE);

    const again = await acceptAs(policyTaskId, 'Acme newhire', acme.cookies.newHire, NEW_POLICY);
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ version: 2, policyText: NEW_POLICY, isCurrent: true });
    expect((await acceptAs(policyTaskId, 'Acme newhire', acme.cookies.newHire, NEW_POLICY)).body.message).toBe(ALREADY_ACCEPTED_MESSAGE);

    const records = await acknowledgementRecords(ctx.db, { companyId: acme.company.id, planIds: [plan.id] });
    expect(records.map((record) => [record.id, record.version, record.isCurrent, record.policyText])).toEqual([
      [again.body.id, 2, true, NEW_POLICY],
      [first.id, 1, false, POLICY],
    ]);
  });
});

describe('who may accept', () => {
  it('answers 404 to another company, another new hire and a manager of another team', async () => {
    const globex = await ctx.createCompany('Globex');
    const otherHire = await newHireOf(acme, 'other');
    const otherManager = await createTeamMember(ctx.db, {
      companyId: acme.company.id,
      email: 'other-manager@example.test',
      fullName: 'Other Manager',
      role: 'manager',
      passwordHash: TEST_PASSWORD_HASH,
      isEmailVerified: true,
    });
    const cases: Array<[string, string]> = [
      [globex.cookies.newHire, 'Globex newhire'],
      [globex.cookies.admin, 'Globex Admin'],
      [otherHire.cookie, 'Person other'],
      [await ctx.cookieFor(otherManager.id), 'Other Manager'],
    ];
    for (const [cookie, name] of cases) {
      const response = await acceptAs(policyTaskId, name, cookie);
      expect(response.status).toBe(404);
    }
    const unknown = await acceptAs(crypto.randomUUID(), 'Acme newhire', acme.cookies.newHire);
    expect(unknown.status).toBe(404);
    expect(await recordRows(policyTaskId)).toHaveLength(0);
  });

  it("answers 403 to the plan's manager and an admin, who may see the plan but do not accept for the new hire", async () => {
    for (const [cookie, name] of [
      [acme.cookies.manager, 'Acme manager'],
      [acme.cookies.admin, 'Acme Admin'],
    ] as const) {
      const response = await acceptAs(policyTaskId, name, cookie);
      expect(response.status).toBe(403);
      expect(response.body.message).toBe(ONLY_THE_NEW_HIRE_ACCEPTS_MESSAGE);
    }
    expect(await recordRows(policyTaskId)).toHaveLength(0);
  });

  it('needs a signed-in person', async () => {
    const response = await ctx.request(`/api/tasks/${policyTaskId}/acknowledgement`, { method: 'POST', body: { fullName: 'Acme newhire', sha256: sha256Of(POLICY) } });
    expect(response.status).toBe(401);
  });
});

describe('acknowledgementRecords', () => {
  it("lists one company's records only, by plan or template task", async () => {
    const globex = await ctx.createCompany('Globex');
    const globexTemplate = await createPolicyTemplate(globex);
    const globexPlan = await assignPlan(globex, globex.newHire.id, globexTemplate.id);
    expect((await acceptAs(taskOf(globexPlan, 'acknowledgement'), 'Globex newhire', globex.cookies.newHire)).status).toBe(201);
    expect((await acceptAs(policyTaskId, 'Acme newhire', acme.cookies.newHire)).status).toBe(201);

    const acmeRecords = await acknowledgementRecords(ctx.db, { companyId: acme.company.id });
    expect(acmeRecords.map((record) => record.planId)).toEqual([plan.id]);
    // Another company's plan or template task, asked for by id, gives nothing.
    expect(await acknowledgementRecords(ctx.db, { companyId: acme.company.id, planIds: [globexPlan.id] })).toEqual([]);
    const globexTemplateTaskId = globexTemplate.sections[0]!.tasks[0]!.id;
    expect(await acknowledgementRecords(ctx.db, { companyId: acme.company.id, templateTaskId: globexTemplateTaskId })).toEqual([]);
    expect(await acknowledgementRecords(ctx.db, { companyId: globex.company.id, templateTaskId: globexTemplateTaskId })).toHaveLength(1);
    expect(await acknowledgementRecords(ctx.db, { companyId: acme.company.id, planIds: [] })).toEqual([]);
  });
});
