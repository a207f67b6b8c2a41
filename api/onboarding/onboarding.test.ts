import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { type OnboardingTask, type PlanDetails, type PlanSummary } from '../../shared/onboarding.ts';
import { addDays } from '../../shared/plan-calendar.ts';
import { createTeamMember } from '../auth/auth.queries.ts';
import { first } from '../db/client.ts';
import { companies, messages, onboardingPlans, onboardingTasks, subscriptions } from '../db/schema.ts';
import { createTestContext, TEST_PASSWORD_HASH, type TestContext } from '../test/harness.ts';
import { insertTemplate } from './test-fixtures.ts';

let ctx: TestContext;
let acme: Awaited<ReturnType<TestContext['createCompany']>>;
let templateId: string;
const startDate = '2026-03-02';

beforeEach(async () => {
  ctx = await createTestContext();
  acme = await ctx.createCompany('Acme');
  templateId = (await insertTemplate(ctx.db, acme.company.id)).id;
});

async function assign(cookie: string, body: Record<string, unknown>) {
  return ctx.request('/api/onboarding-plans', { method: 'POST', cookie, body: { templateId, startDate, ...body } });
}

async function assignToAcmeHire(): Promise<PlanDetails> {
  const response = await assign(acme.cookies.manager, { newHireId: acme.newHire.id });
  expect(response.status).toBe(201);
  return response.body as PlanDetails;
}

function addNewHire(name: string, managerId?: string) {
  return createTeamMember(ctx.db, {
    companyId: acme.company.id,
    email: `${name}@acme-extra.test`,
    fullName: name,
    role: 'new_hire',
    managerId,
    passwordHash: TEST_PASSWORD_HASH,
  });
}

describe('assigning a plan from a template', () => {
  it('copies the tasks in section then task order with due dates at each section’s last day', async () => {
    const plan = await assignToAcmeHire();
    expect(plan.tasks.map((task) => task.title)).toEqual(['Laptop setup', 'Meet the team', 'Read handbook', 'Ship a fix', 'Demo']);
    expect(plan.tasks.map((task) => task.dueDate)).toEqual(['2026-03-08', '2026-03-08', '2026-03-08', '2026-03-15', '2026-03-15']);
    expect(plan.tasks[3]).toMatchObject({ sectionTitle: 'Week Two', dayStart: 8, dayEnd: 14, description: 'Ship a fix details', type: 'checklist' });
    expect(plan).toMatchObject({ currentPhase: 'First Week', managerId: acme.manager.id, totalTasks: 5, progressPercentage: 0 });
    expect(plan.template?.title).toBe('Engineering');
    const row = await first(ctx.db.select().from(onboardingPlans).where(eq(onboardingPlans.id, plan.id)));
    expect(row?.createdBy).toBe(acme.manager.id);
  });

  it('refuses a draft template, a non-new-hire, and a new hire asking', async () => {
    const draft = await insertTemplate(ctx.db, acme.company.id, { isActive: false });
    const drafted = await assign(acme.cookies.admin, { newHireId: acme.newHire.id, templateId: draft.id });
    expect(drafted.status).toBe(400);
    expect(drafted.body.message).toContain('Draft templates cannot be assigned');
    expect((await assign(acme.cookies.admin, { newHireId: acme.manager.id })).status).toBe(400);
    expect((await assign(acme.cookies.newHire, { newHireId: acme.newHire.id })).status).toBe(403);
  });

  it('answers the spec’s messages for missing fields', async () => {
    const response = await ctx.request('/api/onboarding-plans', { method: 'POST', cookie: acme.cookies.admin, body: { newHireId: '', templateId: '', startDate: '' } });
    expect(response.status).toBe(400);
    expect(response.body.issues.map((issue: { message: string }) => issue.message)).toEqual(['Please select a user', 'Please select a template', 'Please select a start date']);
  });

  it('gives a Starter company’s third active new hire "limit reached"', async () => {
    const second = await addNewHire('second');
    const third = await addNewHire('third');
    expect((await assign(acme.cookies.admin, { newHireId: acme.newHire.id })).status).toBe(201);
    expect((await assign(acme.cookies.admin, { newHireId: second.id })).status).toBe(201);
    const over = await assign(acme.cookies.admin, { newHireId: third.id });
    expect(over.status).toBe(403);
    expect(over.body.message).toContain('limit reached');
    // A second plan for someone already active adds no active new hire.
    expect((await assign(acme.cookies.admin, { newHireId: second.id })).status).toBe(201);
  });

  it('lets a Business company go past the Starter limit', async () => {
    await ctx.db.update(companies).set({ planType: 'business' }).where(eq(companies.id, acme.company.id));
    await ctx.db.insert(subscriptions).values({ companyId: acme.company.id, planType: 'business', amount: '20', isActive: true, status: 'completed' });
    for (const name of ['b1', 'b2', 'b3']) {
      expect((await assign(acme.cookies.admin, { newHireId: (await addNewHire(name)).id })).status).toBe(201);
    }
  });
});

describe('who may read and change a plan', () => {
  it('hides a plan from a manager who does not manage it (404 on every plan route)', async () => {
    const plan = await assignToAcmeHire();
    const otherManager = await createTeamMember(ctx.db, {
      companyId: acme.company.id,
      email: 'other-manager@acme-extra.test',
      role: 'manager',
      passwordHash: TEST_PASSWORD_HASH,
    });
    const cookie = await ctx.cookieFor(otherManager.id);
    for (const path of ['', '/details', '/tasks']) {
      expect((await ctx.request(`/api/onboarding-plans/${plan.id}${path}`, { cookie })).status).toBe(404);
    }
    expect((await ctx.request(`/api/onboarding-plans/${plan.id}`, { method: 'PATCH', cookie, body: { currentPhase: 'Mine now' } })).status).toBe(404);
    expect((await ctx.request(`/api/onboarding-plans/${plan.id}`, { method: 'DELETE', cookie })).status).toBe(404);
    const taskId = plan.tasks[0]?.id;
    expect((await ctx.request(`/api/onboarding-tasks/${taskId}`, { method: 'PATCH', cookie, body: { isCompleted: true } })).status).toBe(404);
    const list = await ctx.request('/api/onboarding-plans', { cookie });
    expect(list.body).toEqual([]);
  });

  it('lets a new hire read their own plan but not change it (403), and not tick another new hire’s task (404)', async () => {
    const plan = await assignToAcmeHire();
    const own = await ctx.request(`/api/onboarding-plans/${plan.id}/details`, { cookie: acme.cookies.newHire });
    expect(own.status).toBe(200);
    expect((await ctx.request(`/api/onboarding-plans/${plan.id}`, { method: 'PATCH', cookie: acme.cookies.newHire, body: { currentPhase: 'x' } })).status).toBe(403);

    const other = await addNewHire('other', acme.manager.id);
    const otherCookie = await ctx.cookieFor(other.id);
    const taskId = plan.tasks[0]?.id;
    const tick = await ctx.request(`/api/onboarding-tasks/${taskId}`, { method: 'PATCH', cookie: otherCookie, body: { isCompleted: true } });
    expect(tick.status).toBe(404);
    expect((await ctx.request(`/api/onboarding-plans/${plan.id}`, { cookie: otherCookie })).status).toBe(404);
  });

  it('answers 404 for another company’s plan and task on every route', async () => {
    const plan = await assignToAcmeHire();
    const globex = await ctx.createCompany('Globex');
    const globexTemplate = await insertTemplate(ctx.db, globex.company.id);
    const taskId = plan.tasks[0]?.id;
    for (const cookie of [globex.cookies.admin, globex.cookies.manager, globex.cookies.newHire]) {
      for (const path of ['', '/details', '/tasks']) {
        expect((await ctx.request(`/api/onboarding-plans/${plan.id}${path}`, { cookie })).status).toBe(404);
      }
      expect((await ctx.request(`/api/onboarding-tasks/${taskId}`, { method: 'PATCH', cookie, body: { isCompleted: true } })).status).toBe(404);
    }
    const admin = globex.cookies.admin;
    expect((await ctx.request(`/api/onboarding-plans/${plan.id}`, { method: 'PATCH', cookie: admin, body: { currentPhase: 'x' } })).status).toBe(404);
    expect((await ctx.request(`/api/onboarding-plans/${plan.id}`, { method: 'DELETE', cookie: admin })).status).toBe(404);
    // Acme's people and template cannot be put on a Globex plan, nor Globex's on Acme's.
    const crossHire = await ctx.request('/api/onboarding-plans', { method: 'POST', cookie: admin, body: { newHireId: acme.newHire.id, templateId: globexTemplate.id, startDate } });
    expect(crossHire.status).toBe(404);
    const crossTemplate = await ctx.request('/api/onboarding-plans', { method: 'POST', cookie: admin, body: { newHireId: globex.newHire.id, templateId, startDate } });
    expect(crossTemplate.status).toBe(404);
    const crossManager = await ctx.request('/api/onboarding-plans', {
      method: 'POST',
      cookie: admin,
      body: { newHireId: globex.newHire.id, templateId: globexTemplate.id, startDate, managerId: acme.manager.id },
    });
    expect(crossManager.status).toBe(404);
    expect((await ctx.request('/api/onboarding-plans', { cookie: admin })).body).toEqual([]);
  });
});

describe('ticking tasks', () => {
  it('completes the plan when every task is done and reopens it when one is un-ticked', async () => {
    const plan = await assignToAcmeHire();
    for (const task of plan.tasks) {
      const response = await ctx.request(`/api/onboarding-tasks/${task.id}`, { method: 'PATCH', cookie: acme.cookies.newHire, body: { isCompleted: true } });
      expect(response.status).toBe(200);
      expect((response.body as OnboardingTask).isCompleted).toBe(true);
    }
    const done = (await ctx.request(`/api/onboarding-plans/${plan.id}`, { cookie: acme.cookies.newHire })).body as PlanSummary;
    expect(done).toMatchObject({ isCompleted: true, progressPercentage: 100, completedTasks: 5 });
    expect(done.completedAt).not.toBeNull();

    const untick = await ctx.request(`/api/onboarding-tasks/${plan.tasks[2]?.id}`, { method: 'PATCH', cookie: acme.cookies.manager, body: { isCompleted: false } });
    expect(untick.body).toMatchObject({ isCompleted: false, completedAt: null });
    const reopened = (await ctx.request(`/api/onboarding-plans/${plan.id}`, { cookie: acme.cookies.admin })).body as PlanSummary;
    expect(reopened).toMatchObject({ isCompleted: false, completedAt: null, progressPercentage: 80 });
  });

  it('keeps a past tick time and clamps a future one to now', async () => {
    const plan = await assignToAcmeHire();
    const past = '2026-01-05T10:00:00.000Z';
    const first = await ctx.request(`/api/onboarding-tasks/${plan.tasks[0]?.id}`, {
      method: 'PATCH',
      cookie: acme.cookies.newHire,
      body: { isCompleted: true, completedAt: past },
    });
    expect(first.body.completedAt).toBe(past);
    const future = await ctx.request(`/api/onboarding-tasks/${plan.tasks[1]?.id}`, {
      method: 'PATCH',
      cookie: acme.cookies.newHire,
      body: { isCompleted: true, completedAt: '2999-01-01T00:00:00.000Z' },
    });
    expect(future.body.completedAt < '2999-01-01').toBe(true);
    const yearZero = await ctx.request(`/api/onboarding-tasks/${plan.tasks[2]?.id}`, {
      method: 'PATCH',
      cookie: acme.cookies.newHire,
      body: { isCompleted: true, completedAt: '0000-01-01T00:00:00Z' },
    });
    expect(yearZero.status).toBe(200);
    expect(yearZero.body.completedAt > '2026-01-01').toBe(true);
  });
});

describe('editing and deleting a plan', () => {
  it('requires a current phase, and replacing the template resets progress', async () => {
    const plan = await assignToAcmeHire();
    const blank = await ctx.request(`/api/onboarding-plans/${plan.id}`, { method: 'PATCH', cookie: acme.cookies.admin, body: { currentPhase: '  ' } });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe('Current phase is required');

    await ctx.request(`/api/onboarding-tasks/${plan.tasks[0]?.id}`, { method: 'PATCH', cookie: acme.cookies.newHire, body: { isCompleted: true } });
    const other = await insertTemplate(ctx.db, acme.company.id, { title: 'Sales', sections: [{ title: 'Intro', dayStart: 1, dayEnd: 3, order: 1, tasks: ['CRM login'] }] });
    const changed = await ctx.request(`/api/onboarding-plans/${plan.id}`, {
      method: 'PATCH',
      cookie: acme.cookies.manager,
      body: { currentPhase: 'First Week', templateId: other.id, managerId: 'none' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ templateId: other.id, managerId: null, currentPhase: 'Intro', totalTasks: 1, completedTasks: 0 });
    expect(changed.body.tasks.map((task: OnboardingTask) => task.dueDate)).toEqual([addDays(startDate, 2)]);
  });

  it('soft-deletes a plan with its tasks and messages as tombstones', async () => {
    const plan = await assignToAcmeHire();
    await ctx.db.insert(messages).values({ companyId: acme.company.id, senderId: acme.newHire.id, receiverId: acme.manager.id, planId: plan.id, content: 'Hi' });
    const before = await first(ctx.db.select().from(onboardingPlans).where(eq(onboardingPlans.id, plan.id)));
    const response = await ctx.request(`/api/onboarding-plans/${plan.id}`, { method: 'DELETE', cookie: acme.cookies.manager });
    expect(response.status).toBe(200);
    expect((await ctx.request(`/api/onboarding-plans/${plan.id}`, { cookie: acme.cookies.admin })).status).toBe(404);
    const row = await first(ctx.db.select().from(onboardingPlans).where(eq(onboardingPlans.id, plan.id)));
    expect(row?.deletedAt).not.toBeNull();
    expect(row?.version).toBeGreaterThan(before?.version ?? 0);
    const tasks = await ctx.db.select().from(onboardingTasks).where(eq(onboardingTasks.planId, plan.id));
    expect(tasks.every((task) => task.deletedAt !== null && task.version === row?.version)).toBe(true);
    const message = await first(ctx.db.select().from(messages).where(eq(messages.planId, plan.id)));
    expect(message?.deletedAt).not.toBeNull();
  });
});

describe('deleting a plan: DELETE /api/onboarding-plans/{id}', () => {
  const remove = (cookie: string, planId: string) => ctx.request(`/api/onboarding-plans/${planId}`, { method: 'DELETE', cookie });
  const isLive = async (planId: string) => (await first(ctx.db.select().from(onboardingPlans).where(eq(onboardingPlans.id, planId))))?.deletedAt === null;

  it('lets an admin delete any plan of the company, and the plan’s manager their own', async () => {
    const byManager = await assignToAcmeHire();
    const response = await remove(acme.cookies.manager, byManager.id);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: 'Onboarding plan deleted' });
    expect(await isLive(byManager.id)).toBe(false);

    const byAdmin = await assignToAcmeHire();
    expect((await remove(acme.cookies.admin, byAdmin.id)).status).toBe(200);
    expect(await isLive(byAdmin.id)).toBe(false);
    // Gone for everyone, the new hire included; deleting it again finds nothing.
    expect((await ctx.request(`/api/onboarding-plans/${byAdmin.id}`, { cookie: acme.cookies.newHire })).status).toBe(404);
    expect((await remove(acme.cookies.admin, byAdmin.id)).status).toBe(404);
  });

  it('refuses the plan’s new hire (403), a manager of another plan and another company’s admin (404), and anyone signed out (401)', async () => {
    const plan = await assignToAcmeHire();
    const otherManager = await createTeamMember(ctx.db, {
      companyId: acme.company.id,
      email: 'other-manager@acme-extra.test',
      fullName: 'Other Manager',
      role: 'manager',
      passwordHash: TEST_PASSWORD_HASH,
    });
    const othersPlan = await assign(acme.cookies.admin, { newHireId: (await addNewHire('Someone', otherManager.id)).id, managerId: otherManager.id });
    expect(othersPlan.status).toBe(201);
    const rival = await ctx.createCompany('Rival');

    expect((await remove(acme.cookies.newHire, plan.id)).status).toBe(403);
    expect((await remove(await ctx.cookieFor(otherManager.id), plan.id)).status).toBe(404);
    expect((await remove(acme.cookies.manager, othersPlan.body.id)).status).toBe(404);
    expect((await remove(rival.cookies.admin, plan.id)).status).toBe(404);
    expect((await ctx.request(`/api/onboarding-plans/${plan.id}`, { method: 'DELETE' })).status).toBe(401);
    expect(await isLive(plan.id)).toBe(true);
    expect(await isLive(othersPlan.body.id)).toBe(true);
  });
});

describe('listing plans', () => {
  it('scopes the list per role and pages it (limit at most 500)', async () => {
    await assignToAcmeHire();
    const second = await addNewHire('second');
    await assign(acme.cookies.admin, { newHireId: second.id });
    expect((await ctx.request('/api/onboarding-plans', { cookie: acme.cookies.admin })).body).toHaveLength(2);
    expect((await ctx.request('/api/onboarding-plans', { cookie: acme.cookies.manager })).body).toHaveLength(1);
    const own = (await ctx.request('/api/onboarding-plans', { cookie: acme.cookies.newHire })).body as PlanSummary[];
    expect(own.map((plan) => plan.newHireId)).toEqual([acme.newHire.id]);
    expect((await ctx.request('/api/onboarding-plans?limit=1', { cookie: acme.cookies.admin })).body).toHaveLength(1);
    expect((await ctx.request('/api/onboarding-plans?limit=1&offset=1', { cookie: acme.cookies.admin })).body).toHaveLength(1);
    expect((await ctx.request('/api/onboarding-plans?limit=501', { cookie: acme.cookies.admin })).status).toBe(400);
  });
});

describe('sync versions and concurrent writes', () => {
  const tick = (taskId: string | undefined, cookie: string) => ctx.request(`/api/onboarding-tasks/${taskId}`, { method: 'PATCH', cookie, body: { isCompleted: true } });
  const companyVersion = async () => (await first(ctx.db.select({ version: companies.version }).from(companies).where(eq(companies.id, acme.company.id))))?.version;

  it('stamps a ticked task and the plan it completes with the company’s next version', async () => {
    const plan = await assignToAcmeHire();
    const [last, ...others] = [...plan.tasks].reverse();
    for (const task of others) expect((await tick(task.id, acme.cookies.newHire)).status).toBe(200);
    const before = (await companyVersion()) ?? 0;
    expect((await tick(last?.id, acme.cookies.newHire)).status).toBe(200);
    const version = await companyVersion();
    expect(version).toBe(before + 1);
    const task = await first(
      ctx.db
        .select()
        .from(onboardingTasks)
        .where(eq(onboardingTasks.id, last?.id ?? '')),
    );
    const row = await first(ctx.db.select().from(onboardingPlans).where(eq(onboardingPlans.id, plan.id)));
    expect(task).toMatchObject({ version, isCompleted: true });
    expect(row).toMatchObject({ version, isCompleted: true });
  });

  it('completes the plan when its last two tasks are ticked at the same time', async () => {
    const plan = await assignToAcmeHire();
    const [one, two, ...others] = plan.tasks;
    for (const task of others) expect((await tick(task.id, acme.cookies.newHire)).status).toBe(200);
    const responses = await Promise.all([tick(one?.id, acme.cookies.newHire), tick(two?.id, acme.cookies.manager)]);
    expect(responses.map((response) => response.status)).toEqual([200, 200]);
    const summary = (await ctx.request(`/api/onboarding-plans/${plan.id}`, { cookie: acme.cookies.admin })).body as PlanSummary;
    expect(summary).toMatchObject({ isCompleted: true, completedTasks: 5, progressPercentage: 100 });
  });

  it('lets no more new hires become active at once than the company’s plan allows', async () => {
    const hires = [acme.newHire, await addNewHire('second'), await addNewHire('third')];
    const responses = await Promise.all(hires.map((hire) => assign(acme.cookies.admin, { newHireId: hire.id })));
    expect(responses.map((response) => response.status).sort()).toEqual([201, 201, 403]);
  });
});
