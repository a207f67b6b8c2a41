// Maintained counters (decision 008): after every kind of write that touches plans or their tasks, each
// plan's task counters and the company's `company_plan_stats` rows equal a recount from the rows, and
// the lists and company figures read from them say what a recount says.
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PlanDetails, PlanSummary } from '../../shared/onboarding.ts';
import type { CompanyStats } from '../../shared/stats.ts';
import { createTeamMember, deleteOwnAccount } from '../auth/auth.queries.ts';
import { companies, subscriptions } from '../db/schema.ts';
import { insertTemplate } from '../onboarding/test-fixtures.ts';
import { deleteTeamMember } from '../team/team.queries.ts';
import { createTestContext, TEST_PASSWORD_HASH, type TestContext } from '../test/harness.ts';
import { expectCountersMatchRecount } from './counter-recount.ts';

let ctx: TestContext;
let acme: Awaited<ReturnType<TestContext['createCompany']>>;
let other: Awaited<ReturnType<TestContext['createCompany']>>;
let templateId: string;

beforeEach(async () => {
  ctx = await createTestContext();
  acme = await ctx.createCompany('Acme');
  other = await ctx.createCompany('Other');
  // Business: no limit on active new hires, so a test can hold several plans.
  await ctx.db.update(companies).set({ planType: 'business' }).where(eq(companies.id, acme.company.id));
  await ctx.db.insert(subscriptions).values({ companyId: acme.company.id, planType: 'business', amount: '20', isActive: true, status: 'completed' });
  templateId = (await insertTemplate(ctx.db, acme.company.id)).id;
});

/** Both companies' counters equal a recount: a write never moves another company's figures. */
async function expectRight(): Promise<void> {
  await expectCountersMatchRecount(ctx.db, acme.company.id);
  await expectCountersMatchRecount(ctx.db, other.company.id);
}

function newHire(name: string) {
  return createTeamMember(ctx.db, {
    companyId: acme.company.id,
    email: `${name}-${crypto.randomUUID().slice(0, 6)}@counters.test`,
    fullName: name,
    role: 'new_hire',
    managerId: acme.manager.id,
    passwordHash: TEST_PASSWORD_HASH,
  });
}

async function assign(newHireId: string, body: Record<string, unknown> = {}): Promise<PlanDetails> {
  const response = await ctx.request('/api/onboarding-plans', {
    method: 'POST',
    cookie: acme.cookies.admin,
    body: { newHireId, templateId, startDate: '2026-03-02', managerId: acme.manager.id, ...body },
  });
  expect(response.status).toBe(201);
  return response.body as PlanDetails;
}

async function tick(taskId: string, isCompleted: boolean, cookie = acme.cookies.manager) {
  const response = await ctx.request(`/api/onboarding-tasks/${taskId}`, { method: 'PATCH', cookie, body: { isCompleted } });
  expect(response.status).toBe(200);
}

const stats = async () => (await ctx.request(`/api/companies/${acme.company.id}/stats`, { cookie: acme.cookies.admin })).body as CompanyStats;
const listed = async (planId: string) => ((await ctx.request('/api/onboarding-plans', { cookie: acme.cookies.admin })).body as PlanSummary[]).find((plan) => plan.id === planId);

describe('maintained plan counters', () => {
  it('stay right through assigning, ticking, unticking, completing and reopening a plan', async () => {
    const plan = await assign(acme.newHire.id);
    await expectRight();
    const second = await assign((await newHire('Second')).id);
    await expectRight();

    const [firstTask, ...rest] = plan.tasks;
    if (!firstTask) throw new Error('the template has no tasks');
    await tick(firstTask.id, true);
    await expectRight();
    // The same tick again changes nothing.
    await tick(firstTask.id, true);
    await expectRight();
    expect(await listed(plan.id)).toMatchObject({ completedTasks: 1, totalTasks: 5, progressPercentage: 20 });

    // The last tick completes the plan (it moves to its completion month), an untick reopens it.
    for (const task of rest) await tick(task.id, true, acme.cookies.newHire);
    await expectRight();
    expect(await listed(plan.id)).toMatchObject({ isCompleted: true, completedTasks: 5, progressPercentage: 100 });
    expect((await stats()).completedOnboardings).toBe(1);
    await tick(firstTask.id, false);
    await expectRight();
    expect(await listed(plan.id)).toMatchObject({ isCompleted: false, completedTasks: 4, progressPercentage: 80 });
    expect(await stats()).toMatchObject({ totalPlans: 2, completedOnboardings: 0, taskCompletionRate: 40, averageProgress: 40 });

    // Another company's tick moves only its own figures.
    const otherTemplate = await insertTemplate(ctx.db, other.company.id);
    const otherPlan = await ctx.request('/api/onboarding-plans', {
      method: 'POST',
      cookie: other.cookies.admin,
      body: { newHireId: other.newHire.id, templateId: otherTemplate.id, startDate: '2026-03-02' },
    });
    expect(otherPlan.status).toBe(201);
    await tick((otherPlan.body as PlanDetails).tasks[0]?.id ?? '', true, other.cookies.admin);
    await expectRight();
    expect((await stats()).totalPlans).toBe(2);
    expect(second.totalTasks).toBe(5);
  });

  // On PostgreSQL the ticks run in parallel transactions: each must read the counters under the company's lock.
  it('stay right when many ticks of two plans arrive at once', async () => {
    const plans = [await assign(acme.newHire.id), await assign((await newHire('Parallel')).id)];
    const ticks = plans.flatMap((plan) => plan.tasks.map((task, index) => tick(task.id, true, index % 2 ? acme.cookies.admin : acme.cookies.manager)));
    await Promise.all(ticks);
    await expectRight();
    expect(await stats()).toMatchObject({ totalPlans: 2, completedOnboardings: 2, taskCompletionRate: 100 });
  });

  it('stay right through sync pushes, applied, repeated and rejected', async () => {
    const plan = await assign(acme.newHire.id);
    const clientId = crypto.randomUUID();
    const mutations = plan.tasks.map((task, index) => ({ id: index + 1, name: 'task.setCompleted', args: { taskId: task.id, isCompleted: true } }));
    const push = (body: unknown) => ctx.request('/api/sync/push', { method: 'POST', cookie: acme.cookies.newHire, body });
    expect((await push({ clientId, mutations })).status).toBe(200);
    await expectRight();
    // Sent again (a lost answer): every mutation is a duplicate, nothing moves.
    expect((await push({ clientId, mutations })).status).toBe(200);
    await expectRight();
    expect(await listed(plan.id)).toMatchObject({ isCompleted: true, progressPercentage: 100 });
    const untick = { id: mutations.length + 1, name: 'task.setCompleted', args: { taskId: plan.tasks[1]?.id, isCompleted: false } };
    const rejected = { id: mutations.length + 2, name: 'task.setCompleted', args: { taskId: crypto.randomUUID(), isCompleted: true } };
    const answer = await push({ clientId, mutations: [untick, rejected] });
    expect(answer.body.results.map((result: { status: string }) => result.status)).toEqual(['applied', 'rejected']);
    await expectRight();
  });

  it('stay right through editing a plan: phase, manager, new hire and a new template', async () => {
    const plan = await assign(acme.newHire.id);
    for (const task of plan.tasks.slice(0, 5)) await tick(task.id, true);
    await expectRight();
    const edit = async (body: Record<string, unknown>) => {
      const response = await ctx.request(`/api/onboarding-plans/${plan.id}`, { method: 'PATCH', cookie: acme.cookies.admin, body: { currentPhase: 'Week Two', ...body } });
      expect(response.status).toBe(200);
      return response.body as PlanDetails;
    };
    await edit({});
    await expectRight();
    await edit({ managerId: acme.admin.id });
    await expectRight();
    await edit({ newHireId: (await newHire('Taker')).id });
    await expectRight();
    // A new template replaces the tasks: the plan starts again at 0 of the new template's tasks.
    const shorter = await insertTemplate(ctx.db, acme.company.id, { title: 'Short', sections: [{ title: 'Only', dayStart: 1, dayEnd: 3, order: 1, tasks: ['One', 'Two'] }] });
    const replaced = await edit({ templateId: shorter.id });
    expect(replaced).toMatchObject({ isCompleted: false, totalTasks: 2, completedTasks: 0 });
    await expectRight();
    expect((await stats()).plansPerTemplate.map((usage) => [usage.title, usage.plans, usage.completed])).toEqual([['Short', 1, 0]]);
  });

  it('take a deleted plan out', async () => {
    const plan = await assign(acme.newHire.id);
    const kept = await assign((await newHire('Kept')).id);
    await tick(plan.tasks[0]?.id ?? '', true);
    const response = await ctx.request(`/api/onboarding-plans/${plan.id}`, { method: 'DELETE', cookie: acme.cookies.admin });
    expect(response.status).toBe(200);
    await expectRight();
    expect(await stats()).toMatchObject({ totalPlans: 1, taskCompletionRate: 0 });
    expect(kept.id).not.toBe(plan.id);
  });

  it('take out the plans of a person removed by an admin or leaving on their own', async () => {
    const removed = await newHire('Removed');
    const leaving = await newHire('Leaving');
    const removedPlan = await assign(removed.id);
    const leavingPlan = await assign(leaving.id);
    await assign(acme.newHire.id);
    await tick(removedPlan.tasks[0]?.id ?? '', true);
    await tick(leavingPlan.tasks[0]?.id ?? '', true);
    await expectRight();

    await deleteTeamMember(ctx.db, { ...acme.admin, role: 'admin' }, removed.id);
    await expectRight();
    expect((await stats()).totalPlans).toBe(2);
    await deleteOwnAccount(ctx.db, { id: leaving.id, companyId: acme.company.id, role: 'new_hire' });
    await expectRight();
    expect((await stats()).totalPlans).toBe(1);
    // A manager who leaves takes no plan with them: theirs lose their manager and stay counted.
    await deleteTeamMember(ctx.db, { ...acme.admin, role: 'admin' }, acme.manager.id);
    await expectRight();
    expect((await stats()).totalPlans).toBe(1);
  });

  it('stay right when a template in use is edited or deleted', async () => {
    const plan = await assign(acme.newHire.id);
    await tick(plan.tasks[0]?.id ?? '', true);
    const deleted = await ctx.request(`/api/templates/${templateId}`, { method: 'DELETE', cookie: acme.cookies.admin });
    expect(deleted.status).toBe(200);
    await expectRight();
    // A deleted template keeps its title on the plans made from it.
    expect((await stats()).plansPerTemplate).toMatchObject([{ templateId, title: 'Engineering', plans: 1 }]);
  });
});
