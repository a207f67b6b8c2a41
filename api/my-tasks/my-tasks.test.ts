import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { MyTasksCount, MyTasksResponse, PlanDetails } from '../../shared/onboarding.ts';
import { addDays } from '../../shared/plan-calendar.ts';
import { createTeamMember } from '../auth/auth.queries.ts';
import { onboardingTasks } from '../db/schema.ts';
import { serverToday } from '../onboarding/tasks.queries.ts';
import { insertTemplate } from '../onboarding/test-fixtures.ts';
import { createTestContext, TEST_PASSWORD_HASH, type TestContext } from '../test/harness.ts';

let ctx: TestContext;
let acme: Awaited<ReturnType<TestContext['createCompany']>>;
let itLead: Awaited<ReturnType<typeof createTeamMember>>;
let itCookie: string;
let templateId: string;
const today = serverToday();

beforeEach(async () => {
  ctx = await createTestContext();
  acme = await ctx.createCompany('Acme');
  itLead = await createTeamMember(ctx.db, { companyId: acme.company.id, email: 'it@acme-my.test', fullName: 'It Lead', role: 'manager', passwordHash: TEST_PASSWORD_HASH });
  itCookie = await ctx.cookieFor(itLead.id);
  templateId = (
    await insertTemplate(ctx.db, acme.company.id, {
      sections: [
        { title: 'Before', dayStart: -7, dayEnd: -1, order: 1, tasks: [{ title: 'Laptop for {{first_name}}', assigneeKind: 'person', assigneePersonId: itLead.id }] },
        { title: 'Week 1', dayStart: 1, dayEnd: 7, order: 2, tasks: ['Handbook', { title: 'Badge', assigneeKind: 'person', assigneePersonId: itLead.id }] },
        { title: 'Later', dayStart: 40, dayEnd: 45, order: 3, tasks: [{ title: 'Retro', releaseDaysBefore: 2 }] },
      ],
    })
  ).id;
});

async function assign(newHireId: string, startDate: string): Promise<PlanDetails> {
  const response = await ctx.request('/api/onboarding-plans', {
    method: 'POST',
    cookie: acme.cookies.admin,
    body: { templateId, newHireId, startDate, managerId: acme.manager.id },
  });
  expect(response.status).toBe(201);
  return response.body as PlanDetails;
}

const myTasks = async (cookie: string, query = '') => (await ctx.request(`/api/my-tasks${query}`, { cookie })).body as MyTasksResponse;
const myCount = async (cookie: string) => (await ctx.request('/api/my-tasks/count', { cookie })).body as MyTasksCount;

describe('GET /api/my-tasks', () => {
  it('lists the caller’s tasks across plans by due date, filled for each plan, and filters by plan', async () => {
    const second = await createTeamMember(ctx.db, {
      companyId: acme.company.id,
      email: 'zoe@acme-my.test',
      fullName: 'Zoe New',
      role: 'new_hire',
      passwordHash: TEST_PASSWORD_HASH,
    });
    const late = await assign(acme.newHire.id, addDays(today, -30));
    const soon = await assign(second.id, addDays(today, 10));
    const { tasks } = await myTasks(itCookie);
    expect(tasks.map((task) => [task.title, task.planId])).toEqual([
      ['Laptop for Acme', late.id],
      ['Badge', late.id],
      ['Laptop for Zoe', soon.id],
      ['Badge', soon.id],
    ]);
    expect(tasks[0]?.plan).toMatchObject({ id: late.id, kind: 'onboarding', startDate: late.startDate, newHire: { id: acme.newHire.id, fullName: 'Acme newhire' } });
    expect(tasks[0]).toMatchObject({ assigneeId: itLead.id, assigneeName: 'It Lead' });
    expect((await myTasks(itCookie, `?planId=${soon.id}`)).tasks.map((task) => task.planId)).toEqual([soon.id, soon.id]);
    expect((await ctx.request('/api/my-tasks?planId=not-a-uuid', { cookie: itCookie })).status).toBe(400);
    expect(await myCount(itCookie)).toEqual({ open: 4, overdue: 2 });

    // A task done this week stays listed (not counted); one done long ago leaves.
    const [laptop, badge] = tasks;
    expect((await ctx.request(`/api/onboarding-tasks/${laptop?.id}`, { method: 'PATCH', cookie: itCookie, body: { isCompleted: true } })).status).toBe(200);
    await ctx.request(`/api/onboarding-tasks/${badge?.id}`, { method: 'PATCH', cookie: itCookie, body: { isCompleted: true } });
    await ctx.db
      .update(onboardingTasks)
      .set({ completedAt: new Date(Date.now() - 8 * 86_400_000).toISOString() })
      .where(eq(onboardingTasks.id, badge?.id ?? ''));
    const after = (await myTasks(itCookie)).tasks;
    expect(after.map((task) => task.id)).toContain(laptop?.id);
    expect(after.map((task) => task.id)).not.toContain(badge?.id);
    expect(after.find((task) => task.id === laptop?.id)?.isCompleted).toBe(true);
    expect(await myCount(itCookie)).toEqual({ open: 2, overdue: 0 });
  });

  it('gives a new hire their own released tasks only', async () => {
    const plan = await assign(acme.newHire.id, today);
    const { tasks } = await myTasks(acme.cookies.newHire);
    expect(tasks.map((task) => task.title)).toEqual(['Handbook']);
    expect(await myCount(acme.cookies.newHire)).toEqual({ open: 1, overdue: 0 });
    // Staff see the held-back task on the plan.
    expect((await ctx.request(`/api/onboarding-plans/${plan.id}/details`, { cookie: acme.cookies.manager })).body.tasks.map((task: { title: string }) => task.title)).toContain(
      'Retro',
    );
  });

  it('never shows another company’s tasks, even one pointing at the caller', async () => {
    await assign(acme.newHire.id, today);
    const globex = await ctx.createCompany('Globex');
    const globexTemplate = await insertTemplate(ctx.db, globex.company.id);
    const foreign = await ctx.request('/api/onboarding-plans', {
      method: 'POST',
      cookie: globex.cookies.admin,
      body: { templateId: globexTemplate.id, newHireId: globex.newHire.id, startDate: today },
    });
    expect(foreign.status).toBe(201);
    // A corrupt row: Globex's task assigned to Acme's IT lead.
    await ctx.db
      .update(onboardingTasks)
      .set({ assigneeId: itLead.id })
      .where(eq(onboardingTasks.planId, (foreign.body as PlanDetails).id));
    const { tasks } = await myTasks(itCookie);
    expect(tasks.every((task) => task.plan.newHire.id === acme.newHire.id)).toBe(true);
    // Acme's laptop is due the day before the start: overdue today.
    expect(await myCount(itCookie)).toEqual({ open: 2, overdue: 1 });
    expect((await myTasks(globex.cookies.newHire)).tasks.every((task) => task.planId === (foreign.body as PlanDetails).id)).toBe(true);
    expect((await ctx.request('/api/my-tasks')).status).toBe(401);
    expect((await ctx.request('/api/my-tasks/count')).status).toBe(401);
  });
});
