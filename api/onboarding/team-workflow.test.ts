// Onboarding as a team effort (issue 17): who does each task, when it is due and released, and what
// moves when a plan's people or start date change.
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { OnboardingTask, PlanDetails } from '../../shared/onboarding.ts';
import { addDays } from '../../shared/plan-calendar.ts';
import { createTeamMember } from '../auth/auth.queries.ts';
import { first } from '../db/client.ts';
import { onboardingPlans, onboardingTasks, users } from '../db/schema.ts';
import { createTestContext, TEST_PASSWORD_HASH, type TestContext } from '../test/harness.ts';
import { serverToday } from './tasks.queries.ts';
import { insertTemplate, type SectionSpec } from './test-fixtures.ts';

let ctx: TestContext;
let acme: Awaited<ReturnType<TestContext['createCompany']>>;
let itLead: Awaited<ReturnType<typeof createTeamMember>>;
let buddy: Awaited<ReturnType<typeof createTeamMember>>;
let otherManager: Awaited<ReturnType<typeof createTeamMember>>;
// A Monday.
const startDate = '2026-03-02';

function teamSections(): SectionSpec[] {
  return [
    {
      title: 'Before day 1',
      dayStart: -14,
      dayEnd: -1,
      order: 1,
      tasks: [
        { title: 'Order a laptop for {{first_name}}', assigneeKind: 'person', assigneePersonId: itLead.id },
        { title: 'Collect the contract', assigneeKind: 'hr' },
      ],
    },
    {
      title: 'Week 1',
      dayStart: 1,
      dayEnd: 7,
      order: 2,
      tasks: ['Read the handbook', { title: 'Say hello', assigneeKind: 'buddy' }, { title: 'First 1:1 with {{manager_name}}', assigneeKind: 'manager' }],
    },
    {
      title: 'Month end',
      dayStart: 29,
      dayEnd: 30,
      order: 3,
      tasks: [
        { title: 'Book the review', assigneeKind: 'manager' },
        { title: 'Write a review', releaseDaysBefore: 3 },
      ],
    },
  ];
}

beforeEach(async () => {
  ctx = await createTestContext();
  acme = await ctx.createCompany('Acme');
  const member = (label: string, role: 'manager' | 'new_hire') =>
    createTeamMember(ctx.db, { companyId: acme.company.id, email: `${label}@acme-team.test`, fullName: `${label} Person`, role, passwordHash: TEST_PASSWORD_HASH });
  itLead = await member('It', 'manager');
  buddy = await member('Buddy', 'new_hire');
  otherManager = await member('Other', 'manager');
});

async function assignTeamPlan(body: Record<string, unknown> = {}, cookie = acme.cookies.admin, sections = teamSections()): Promise<PlanDetails> {
  const template = await insertTemplate(ctx.db, acme.company.id, { sections });
  const response = await ctx.request('/api/onboarding-plans', {
    method: 'POST',
    cookie,
    body: { templateId: template.id, newHireId: acme.newHire.id, managerId: acme.manager.id, startDate, ...body },
  });
  expect(response.status).toBe(201);
  return response.body as PlanDetails;
}

const byTitle = (plan: { tasks: OnboardingTask[] }, title: string) => {
  const task = plan.tasks.find((candidate) => candidate.title === title || candidate.title.startsWith(title));
  if (!task) throw new Error(`no task "${title}"`);
  return task;
};
const patchPlan = (planId: string, body: Record<string, unknown>, cookie = acme.cookies.admin) =>
  ctx.request(`/api/onboarding-plans/${planId}`, { method: 'PATCH', cookie, body: { currentPhase: 'Week 1', ...body } });
const tick = (taskId: string, cookie: string, isCompleted = true) => ctx.request(`/api/onboarding-tasks/${taskId}`, { method: 'PATCH', cookie, body: { isCompleted } });
const details = async (planId: string, cookie = acme.cookies.admin) => (await ctx.request(`/api/onboarding-plans/${planId}/details`, { cookie })).body as PlanDetails;

describe('assigning a plan resolves each task to a person', () => {
  it('gives tasks to the new hire, manager, HR admin who assigned it, and the named person; the buddy’s wait for a buddy', async () => {
    const plan = await assignTeamPlan();
    const assignees = Object.fromEntries(plan.tasks.map((task) => [task.title, task.assigneeId]));
    expect(assignees).toEqual({
      'Order a laptop for Acme': itLead.id,
      'Collect the contract': acme.admin.id,
      'Read the handbook': acme.newHire.id,
      'Say hello': null,
      'First 1:1 with Acme manager': acme.manager.id,
      'Book the review': acme.manager.id,
      'Write a review': acme.newHire.id,
    });
    expect(byTitle(plan, 'Order a laptop')).toMatchObject({ assigneeKind: 'person', assigneeName: 'It Person', description: 'Order a laptop for Acme details' });
    expect(byTitle(plan, 'Say hello').assigneeName).toBeNull();
    expect(plan).toMatchObject({ kind: 'onboarding', businessDays: false, buddyId: null, buddy: null, totalTasks: 7 });
    expect(plan.newHireProgress).toEqual({ totalTasks: 2, completedTasks: 0, progressPercentage: 0 });
    // The row keeps the raw text; answers fill it.
    const row = await first(
      ctx.db
        .select()
        .from(onboardingTasks)
        .where(eq(onboardingTasks.id, byTitle(plan, 'Order a laptop').id)),
    );
    expect(row?.title).toBe('Order a laptop for {{first_name}}');

    const withBuddy = await patchPlan(plan.id, { buddyId: buddy.id });
    expect(withBuddy.status).toBe(200);
    expect(withBuddy.body).toMatchObject({ buddyId: buddy.id, buddy: { id: buddy.id, fullName: 'Buddy Person' } });
    expect(byTitle(withBuddy.body, 'Say hello')).toMatchObject({ assigneeId: buddy.id, assigneeName: 'Buddy Person' });
  });

  it('gives HR tasks to the company’s first admin when a manager assigns, and a departed named person’s to nobody', async () => {
    const globex = await ctx.createCompany('Globex');
    const sections = teamSections();
    await ctx.db.update(users).set({ companyId: globex.company.id }).where(eq(users.id, itLead.id));
    const plan = await assignTeamPlan({}, acme.cookies.manager, sections);
    expect(byTitle(plan, 'Collect the contract').assigneeId).toBe(acme.admin.id);
    expect(byTitle(plan, 'Order a laptop').assigneeId).toBeNull();
  });

  it('takes a buddy from the company only, never the plan’s own person', async () => {
    const globex = await ctx.createCompany('Globex');
    const template = await insertTemplate(ctx.db, acme.company.id, { sections: teamSections() });
    const assign = (buddyId: string) =>
      ctx.request('/api/onboarding-plans', { method: 'POST', cookie: acme.cookies.admin, body: { templateId: template.id, newHireId: acme.newHire.id, startDate, buddyId } });
    expect((await assign(globex.newHire.id)).status).toBe(404);
    const self = await assign(acme.newHire.id);
    expect(self.status).toBe(400);
    expect(self.body.message).toBe('The buddy must be someone in your company.');
    const plan = await assignTeamPlan({ buddyId: otherManager.id });
    expect(byTitle(plan, 'Say hello').assigneeId).toBe(otherManager.id);
    expect((await patchPlan(plan.id, { buddyId: globex.admin.id })).status).toBe(404);
  });
});

describe('due dates, preboarding and release', () => {
  it('dates preboarding windows before day 1 and counts business days when the template says so', async () => {
    const calendar = await assignTeamPlan();
    expect(byTitle(calendar, 'Collect the contract')).toMatchObject({ opensOn: '2026-02-16', dueDate: '2026-03-01' });
    expect(byTitle(calendar, 'Read the handbook')).toMatchObject({ opensOn: '2026-03-02', dueDate: '2026-03-08' });

    const template = await insertTemplate(ctx.db, acme.company.id, {
      businessDays: true,
      sections: [
        { title: 'Preboarding', dayStart: -5, dayEnd: -1, order: 1, tasks: ['Sign the contract'] },
        { title: 'Week 1', dayStart: 1, dayEnd: 5, order: 2, tasks: ['Set up'] },
        { title: 'Week 2', dayStart: 6, dayEnd: 10, order: 3, tasks: ['Ship'] },
      ],
    });
    const second = await createTeamMember(ctx.db, { companyId: acme.company.id, email: 'second@acme-team.test', role: 'new_hire', passwordHash: TEST_PASSWORD_HASH });
    const response = await ctx.request('/api/onboarding-plans', { method: 'POST', cookie: acme.cookies.admin, body: { templateId: template.id, newHireId: second.id, startDate } });
    const plan = response.body as PlanDetails;
    expect(plan.businessDays).toBe(true);
    expect(plan.tasks.map((task) => [task.opensOn, task.dueDate])).toEqual([
      ['2026-02-23', '2026-02-27'],
      ['2026-03-02', '2026-03-06'],
      ['2026-03-09', '2026-03-13'],
    ]);
  });

  it('holds a task back from the new hire until its release date; staff see it', async () => {
    const today = serverToday();
    const plan = await assignTeamPlan({ startDate: today });
    const review = byTitle(plan, 'Write a review');
    expect(review.releaseOn).toBe(addDays(today, 28 - 3));
    const own = await details(plan.id, acme.cookies.newHire);
    expect(own.tasks.map((task) => task.id)).not.toContain(review.id);
    expect(own.tasks.map((task) => task.title)).toContain('Read the handbook');
    const ownTasks = (await ctx.request(`/api/onboarding-plans/${plan.id}/tasks`, { cookie: acme.cookies.newHire })).body as OnboardingTask[];
    expect(ownTasks.map((task) => task.id)).not.toContain(review.id);
    expect((await details(plan.id, acme.cookies.manager)).tasks.map((task) => task.id)).toContain(review.id);

    // Started long ago, the task is released.
    const started = await patchPlan(plan.id, { startDate: addDays(today, -40) });
    expect(started.status).toBe(200);
    expect((await details(plan.id, acme.cookies.newHire)).tasks.map((task) => task.id)).toContain(review.id);
  });

  it('moves the dates of open tasks with the start date; done tasks keep theirs, and placeholder tasks get a new version', async () => {
    const plan = await assignTeamPlan();
    const done = byTitle(plan, 'Read the handbook');
    expect((await tick(done.id, acme.cookies.newHire)).status).toBe(200);
    const laptop = byTitle(plan, 'Order a laptop');
    const versionBefore = (await first(ctx.db.select({ version: onboardingTasks.version }).from(onboardingTasks).where(eq(onboardingTasks.id, laptop.id))))?.version ?? 0;
    const moved = (await patchPlan(plan.id, { startDate: '2026-03-09' })).body as PlanDetails;
    expect(moved.startDate).toBe('2026-03-09');
    expect(byTitle(moved, 'Read the handbook')).toMatchObject({ opensOn: '2026-03-02', dueDate: '2026-03-08', isCompleted: true });
    expect(byTitle(moved, 'Say hello')).toMatchObject({ opensOn: '2026-03-09', dueDate: '2026-03-15' });
    expect(byTitle(moved, 'Collect the contract')).toMatchObject({ opensOn: '2026-02-23', dueDate: '2026-03-08' });
    expect(byTitle(moved, 'Write a review')).toMatchObject({ dueDate: '2026-04-07', releaseOn: '2026-04-03' });
    const versionAfter = (await first(ctx.db.select({ version: onboardingTasks.version }).from(onboardingTasks).where(eq(onboardingTasks.id, laptop.id))))?.version ?? 0;
    expect(versionAfter).toBeGreaterThan(versionBefore);
  });
});

describe('changing a plan’s people moves their open tasks', () => {
  it('hands the manager’s and buddy’s open tasks to the new ones; done tasks keep who did them', async () => {
    const plan = await assignTeamPlan({ buddyId: buddy.id });
    const oneOnOne = byTitle(plan, 'First 1:1');
    expect((await tick(oneOnOne.id, acme.cookies.manager)).status).toBe(200);
    const changed = await patchPlan(plan.id, { managerId: otherManager.id, buddyId: itLead.id });
    expect(changed.status).toBe(200);
    const after = changed.body as PlanDetails;
    expect(byTitle(after, 'First 1:1')).toMatchObject({ assigneeId: acme.manager.id, completedBy: acme.manager.id, title: 'First 1:1 with Other Person' });
    expect(byTitle(after, 'Book the review').assigneeId).toBe(otherManager.id);
    expect(byTitle(after, 'Say hello').assigneeId).toBe(itLead.id);
    expect(byTitle(after, 'Read the handbook').assigneeId).toBe(acme.newHire.id);

    const removed = (await patchPlan(plan.id, { buddyId: 'none' })).body as PlanDetails;
    expect(removed.buddyId).toBeNull();
    expect(byTitle(removed, 'Say hello').assigneeId).toBeNull();
  });

  it('resolves a replacement template’s tasks like a new plan and recounts', async () => {
    const plan = await assignTeamPlan({ buddyId: buddy.id });
    const other = await insertTemplate(ctx.db, acme.company.id, {
      title: 'Short',
      sections: [{ title: 'Intro', dayStart: 1, dayEnd: 2, order: 1, tasks: ['Hello', { title: 'Coffee', assigneeKind: 'buddy' }] }],
    });
    const replaced = (await patchPlan(plan.id, { templateId: other.id })).body as PlanDetails;
    expect(replaced.tasks.map((task) => [task.title, task.assigneeId])).toEqual([
      ['Hello', acme.newHire.id],
      ['Coffee', buddy.id],
    ]);
    expect(replaced).toMatchObject({ totalTasks: 2, newHireProgress: { totalTasks: 1, completedTasks: 0 } });
  });
});

describe('ticking a task', () => {
  it('lets the assignee tick a task of a plan they cannot otherwise see, and records who did it', async () => {
    const plan = await assignTeamPlan();
    const itCookie = await ctx.cookieFor(itLead.id);
    expect((await ctx.request(`/api/onboarding-plans/${plan.id}`, { cookie: itCookie })).status).toBe(404);
    const laptop = byTitle(plan, 'Order a laptop');
    const ticked = await tick(laptop.id, itCookie);
    expect(ticked.status).toBe(200);
    expect(ticked.body).toMatchObject({ isCompleted: true, completedBy: itLead.id, title: 'Order a laptop for Acme', assigneeName: 'It Person' });
    expect((await tick(byTitle(plan, 'Collect the contract').id, itCookie)).status).toBe(404);
    const summary = await details(plan.id);
    expect(summary).toMatchObject({ completedTasks: 1, newHireProgress: { completedTasks: 0 } });
    const unticked = await tick(laptop.id, itCookie, false);
    expect(unticked.body).toMatchObject({ isCompleted: false, completedBy: null, completedAt: null });
  });

  it('moves the new hire’s part only for their own tasks; the plan’s people keep DESIGN.md’s right to tick any of its tasks', async () => {
    const plan = await assignTeamPlan();
    expect((await tick(byTitle(plan, 'Read the handbook').id, acme.cookies.newHire)).body).toMatchObject({ completedBy: acme.newHire.id });
    // The new hire may tick a task of their own plan that someone else does (DESIGN.md section 5): the whole plan moves, not their part.
    expect((await tick(byTitle(plan, 'First 1:1').id, acme.cookies.newHire)).body).toMatchObject({ isCompleted: true, completedBy: acme.newHire.id });
    expect((await tick(byTitle(plan, 'Say hello').id, acme.cookies.manager)).status).toBe(200);
    const row = await first(ctx.db.select().from(onboardingPlans).where(eq(onboardingPlans.id, plan.id)));
    expect(row).toMatchObject({ tasksDone: 3, newHireTasksDone: 1, newHireTasksTotal: 2 });
    expect((await details(plan.id)).newHireProgress).toEqual({ totalTasks: 2, completedTasks: 1, progressPercentage: 50 });
  });
});

describe('offboarding', () => {
  it('makes a plan for a leaving manager, outside the active new hire limit; onboarding stays for new hires', async () => {
    const offboarding = await insertTemplate(ctx.db, acme.company.id, {
      title: 'Leaving',
      kind: 'offboarding',
      sections: [{ title: 'Last week', dayStart: 1, dayEnd: 5, order: 1, tasks: ['Return the laptop', { title: 'Revoke access', assigneeKind: 'hr' }] }],
    });
    const onboarding = await insertTemplate(ctx.db, acme.company.id);
    const assign = (templateId: string, newHireId: string) =>
      ctx.request('/api/onboarding-plans', { method: 'POST', cookie: acme.cookies.admin, body: { templateId, newHireId, startDate } });
    const refused = await assign(onboarding.id, otherManager.id);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Onboarding plans can only be assigned to new hires.');
    // A Starter company's two active new hires: the limit is full.
    expect((await assign(onboarding.id, acme.newHire.id)).status).toBe(201);
    expect((await assign(onboarding.id, buddy.id)).status).toBe(201);
    const leaving = await assign(offboarding.id, otherManager.id);
    expect(leaving.status).toBe(201);
    expect(leaving.body).toMatchObject({ kind: 'offboarding', newHireId: otherManager.id });
    expect((leaving.body as PlanDetails).tasks.map((task) => task.assigneeId)).toEqual([otherManager.id, acme.admin.id]);
    // The leaving manager ticks their own task through My tasks' route though they cannot see the plan.
    const cookie = await ctx.cookieFor(otherManager.id);
    expect((await tick((leaving.body as PlanDetails).tasks[0]?.id ?? '', cookie)).status).toBe(200);
  });
});
