import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { OnboardingTask, PlanDetails, ReapplyResult } from '../../shared/onboarding.ts';
import { createTeamMember } from '../auth/auth.queries.ts';
import { first } from '../db/client.ts';
import { onboardingPlans, onboardingTasks, templates, templateSections, templateTasks } from '../db/schema.ts';
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

async function assign(cookie: string, newHireId: string, managerId?: string): Promise<PlanDetails> {
  const response = await ctx.request('/api/onboarding-plans', { method: 'POST', cookie, body: { templateId, startDate, newHireId, managerId } });
  expect(response.status).toBe(201);
  return response.body as PlanDetails;
}

/** A task added to the template's "Week Two" section after plans were made from it. */
async function addTemplateTask(title: string, extra: Partial<typeof templateTasks.$inferInsert> = {}) {
  const section = await first(
    ctx.db
      .select({ id: templateSections.id })
      .from(templateSections)
      .where(and(eq(templateSections.templateId, templateId), eq(templateSections.title, 'Week Two'))),
  );
  const [task] = await ctx.db
    .insert(templateTasks)
    .values({ sectionId: section?.id as string, companyId: acme.company.id, title, type: 'checklist', order: 10, ...extra })
    .returning();
  return task as typeof templateTasks.$inferSelect;
}

const planRow = (planId: string) => first(ctx.db.select().from(onboardingPlans).where(eq(onboardingPlans.id, planId)));
const reapplyPlan = (planId: string, cookie = acme.cookies.manager) => ctx.request(`/api/onboarding-plans/${planId}/reapply-template`, { method: 'POST', cookie });
const reapplyTemplate = (cookie: string, id = templateId) => ctx.request(`/api/templates/${id}/reapply`, { method: 'POST', cookie });
const tick = (taskId: string) => ctx.request(`/api/onboarding-tasks/${taskId}`, { method: 'PATCH', cookie: acme.cookies.admin, body: { isCompleted: true } });
const tasksOf = async (planId: string) => (await ctx.request(`/api/onboarding-plans/${planId}/details`, { cookie: acme.cookies.admin })).body.tasks as OnboardingTask[];

describe('re-applying the template to one plan', () => {
  it('adds only the template’s new tasks, resolved and dated for the plan, keeps finished and removed ones, and adds nothing the second time', async () => {
    const plan = await assign(acme.cookies.manager, acme.newHire.id);
    const [finished, removed] = plan.tasks as [OnboardingTask, OnboardingTask];
    await tick(finished.id);
    expect((await ctx.request(`/api/onboarding-plans/${plan.id}/tasks/${removed.id}`, { method: 'DELETE', cookie: acme.cookies.manager })).status).toBe(200);
    const added = await addTemplateTask('Book a 1:1 with {{first_name}}', { assigneeKind: 'manager', releaseDaysBefore: 2 });

    const once = await reapplyPlan(plan.id);
    expect(once.status).toBe(200);
    expect(once.body).toEqual({ plans: 1, added: 1 } satisfies ReapplyResult);
    const tasks = await tasksOf(plan.id);
    expect(tasks).toHaveLength(5);
    expect(tasks.map((task) => task.templateTaskId)).not.toContain(removed.templateTaskId);
    expect(tasks.find((task) => task.id === finished.id)).toMatchObject({ isCompleted: true, completedAt: expect.any(String) });
    expect(tasks.at(-1)).toMatchObject({
      templateTaskId: added.id,
      title: 'Book a 1:1 with Acme',
      sectionTitle: 'Week Two',
      assigneeId: acme.manager.id,
      opensOn: '2026-03-09',
      dueDate: '2026-03-15',
      releaseOn: '2026-03-07',
      isCompleted: false,
    });
    expect(await planRow(plan.id)).toMatchObject({ tasksTotal: 5, tasksDone: 1, newHireTasksTotal: 4 });

    expect((await reapplyPlan(plan.id)).body).toEqual({ plans: 1, added: 0 });
    expect(await tasksOf(plan.id)).toHaveLength(5);
  });

  it('reopens a completed plan it adds to', async () => {
    const plan = await assign(acme.cookies.manager, acme.newHire.id);
    for (const task of plan.tasks) await tick(task.id);
    expect(await planRow(plan.id)).toMatchObject({ isCompleted: true });
    await addTemplateTask('New step');
    expect((await reapplyPlan(plan.id)).body).toEqual({ plans: 1, added: 1 });
    expect(await planRow(plan.id)).toMatchObject({ isCompleted: false, tasksTotal: 6, tasksDone: 5 });
  });

  it('refuses a plan whose template was deleted or that has none (400), its new hire (403)', async () => {
    const plan = await assign(acme.cookies.manager, acme.newHire.id);
    expect((await reapplyPlan(plan.id, acme.cookies.newHire)).status).toBe(403);
    await ctx.db.update(templates).set({ deletedAt: new Date().toISOString() }).where(eq(templates.id, templateId));
    const deleted = await reapplyPlan(plan.id);
    expect(deleted.status).toBe(400);
    expect(deleted.body.message).toContain('template of this plan has been deleted');
    await ctx.db.update(onboardingPlans).set({ templateId: null }).where(eq(onboardingPlans.id, plan.id));
    const none = await reapplyPlan(plan.id);
    expect(none.status).toBe(400);
    expect(none.body.message).toContain('not made from a template');
  });
});

describe('re-applying a template to its plans', () => {
  it('adds to every live, open plan the caller may edit and counts them', async () => {
    const second = await createTeamMember(ctx.db, {
      companyId: acme.company.id,
      email: 'second@acme-extra.test',
      fullName: 'Second',
      role: 'new_hire',
      passwordHash: TEST_PASSWORD_HASH,
    });
    const managed = await assign(acme.cookies.manager, acme.newHire.id);
    const unmanaged = await assign(acme.cookies.admin, second.id);
    const completed = await assign(acme.cookies.manager, acme.newHire.id);
    for (const task of completed.tasks) await tick(task.id);
    const deleted = await assign(acme.cookies.manager, acme.newHire.id);
    await ctx.request(`/api/onboarding-plans/${deleted.id}`, { method: 'DELETE', cookie: acme.cookies.admin });
    await addTemplateTask('One');
    await addTemplateTask('Two');

    expect((await reapplyTemplate(acme.cookies.manager)).body).toEqual({ plans: 1, added: 2 });
    expect(await tasksOf(managed.id)).toHaveLength(7);
    expect(await tasksOf(unmanaged.id)).toHaveLength(5);

    expect((await reapplyTemplate(acme.cookies.admin)).body).toEqual({ plans: 2, added: 2 });
    expect(await tasksOf(unmanaged.id)).toHaveLength(7);
    expect(await tasksOf(completed.id)).toHaveLength(5);
    const deletedRows = await ctx.db.select().from(onboardingTasks).where(eq(onboardingTasks.planId, deleted.id));
    expect(deletedRows).toHaveLength(5);

    expect((await reapplyTemplate(acme.cookies.admin)).body).toEqual({ plans: 2, added: 0 });
  });

  it('answers 404 for another company’s template, a deleted one, and 403 for a new hire', async () => {
    const globex = await ctx.createCompany('Globex');
    expect((await reapplyTemplate(globex.cookies.admin)).status).toBe(404);
    expect((await reapplyTemplate(acme.cookies.newHire)).status).toBe(403);
    await ctx.db.update(templates).set({ deletedAt: new Date().toISOString() }).where(eq(templates.id, templateId));
    expect((await reapplyTemplate(acme.cookies.admin)).status).toBe(404);
  });
});
