import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { OnboardingTask, PlanDetails } from '../../shared/onboarding.ts';
import { createTeamMember } from '../auth/auth.queries.ts';
import { first } from '../db/client.ts';
import { onboardingPlans, onboardingTasks } from '../db/schema.ts';
import { createTestContext, TEST_PASSWORD_HASH, type TestContext } from '../test/harness.ts';
import { TASK_ORDER_MESSAGE } from './plan-tasks.queries.ts';
import { insertTemplate } from './test-fixtures.ts';

let ctx: TestContext;
let acme: Awaited<ReturnType<TestContext['createCompany']>>;
let plan: PlanDetails;
const startDate = '2026-03-02';

beforeEach(async () => {
  ctx = await createTestContext();
  acme = await ctx.createCompany('Acme');
  const template = await insertTemplate(ctx.db, acme.company.id);
  const assigned = await ctx.request('/api/onboarding-plans', {
    method: 'POST',
    cookie: acme.cookies.manager,
    body: { templateId: template.id, startDate, newHireId: acme.newHire.id },
  });
  expect(assigned.status).toBe(201);
  plan = assigned.body as PlanDetails;
});

const taskInput = (overrides: Record<string, unknown> = {}) => ({
  title: 'Coffee with {{manager_name}}',
  type: 'checklist',
  sectionTitle: 'Extras',
  dayStart: 3,
  dayEnd: 5,
  ...overrides,
});

const addTask = (body: Record<string, unknown>, cookie = acme.cookies.manager, planId = plan.id) =>
  ctx.request(`/api/onboarding-plans/${planId}/tasks`, { method: 'POST', cookie, body });
const editTask = (taskId: string, body: Record<string, unknown>, cookie = acme.cookies.manager) =>
  ctx.request(`/api/onboarding-plans/${plan.id}/tasks/${taskId}`, { method: 'PUT', cookie, body });
const removeTask = (taskId: string, cookie = acme.cookies.manager) => ctx.request(`/api/onboarding-plans/${plan.id}/tasks/${taskId}`, { method: 'DELETE', cookie });
const reorder = (taskIds: string[], cookie = acme.cookies.manager) => ctx.request(`/api/onboarding-plans/${plan.id}/task-order`, { method: 'PUT', cookie, body: { taskIds } });
const tick = (taskId: string) => ctx.request(`/api/onboarding-tasks/${taskId}`, { method: 'PATCH', cookie: acme.cookies.manager, body: { isCompleted: true } });

const planRow = async () => (await first(ctx.db.select().from(onboardingPlans).where(eq(onboardingPlans.id, plan.id)))) as typeof onboardingPlans.$inferSelect;
const taskRow = async (taskId: string) => (await first(ctx.db.select().from(onboardingTasks).where(eq(onboardingTasks.id, taskId)))) as typeof onboardingTasks.$inferSelect;
const details = async () => (await ctx.request(`/api/onboarding-plans/${plan.id}/details`, { cookie: acme.cookies.admin })).body as PlanDetails;
const taskIds = () => plan.tasks.map((task) => task.id);

describe('adding a task to one plan', () => {
  it('appends it with its assignee resolved, dates from its window and placeholders filled, and reopens a completed plan', async () => {
    for (const id of taskIds()) await tick(id);
    expect(await planRow()).toMatchObject({ isCompleted: true, tasksTotal: 5, tasksDone: 5 });

    const response = await addTask(taskInput({ assigneeKind: 'manager' }));
    expect(response.status).toBe(201);
    const task = response.body as OnboardingTask;
    expect(task).toMatchObject({
      planId: plan.id,
      title: 'Coffee with Acme manager',
      templateTaskId: null,
      sectionTitle: 'Extras',
      assigneeKind: 'manager',
      assigneeId: acme.manager.id,
      assigneeName: 'Acme manager',
      opensOn: '2026-03-04',
      dueDate: '2026-03-06',
      releaseOn: null,
      isCompleted: false,
      order: 5,
    });
    // The plan stores what was written; answers fill it for the plan.
    expect((await taskRow(task.id)).title).toBe('Coffee with {{manager_name}}');
    expect(await planRow()).toMatchObject({ isCompleted: false, completedAt: null, tasksTotal: 6, tasksDone: 5, newHireTasksTotal: 5, newHireTasksDone: 5 });
    expect((await details()).tasks.at(-1)?.id).toBe(task.id);
  });

  it("fills every placeholder in the plan's details from its people, start date and company", async () => {
    const title = 'Hi {{first_name}} {{last_name}}: {{manager_name}} and {{buddy_name}}';
    const added = (await addTask(taskInput({ title, description: 'From {{start_date}} at {{company_name}}' }))).body as OnboardingTask;
    const readTask = async () => (await details()).tasks.find((task) => task.id === added.id);
    expect(await readTask()).toMatchObject({ title: 'Hi Acme newhire: Acme manager and your buddy', description: 'From 2 March 2026 at Acme' });

    const withBuddy = await ctx.request(`/api/onboarding-plans/${plan.id}`, {
      method: 'PATCH',
      cookie: acme.cookies.manager,
      body: { currentPhase: 'Week 1', buddyId: acme.admin.id },
    });
    expect(withBuddy.status).toBe(200);
    expect((await readTask())?.title).toBe('Hi Acme newhire: Acme manager and Acme Admin');
  });

  it('counts a new hire task in their part and holds back a released one', async () => {
    const response = await addTask(taskInput({ title: 'Read the wiki', dayStart: 20, dayEnd: 25, releaseDaysBefore: 3 }));
    expect(response.body).toMatchObject({ assigneeId: acme.newHire.id, opensOn: '2026-03-21', dueDate: '2026-03-26', releaseOn: '2026-03-18' });
    expect(await planRow()).toMatchObject({ tasksTotal: 6, newHireTasksTotal: 6 });
  });

  it('refuses an unknown placeholder, a day 0 and a named person from another company', async () => {
    const unknown = await addTask(taskInput({ title: 'Hello {{nickname}}' }));
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain('Unknown placeholder {{nickname}}');
    expect((await addTask(taskInput({ dayStart: 0 }))).status).toBe(400);

    const globex = await ctx.createCompany('Globex');
    const outsider = await addTask(taskInput({ assigneeKind: 'person', assigneePersonId: globex.admin.id }));
    expect(outsider.status).toBe(400);
    expect(outsider.body.message).toBe('The assignee must be someone in your company.');

    const itLead = await createTeamMember(ctx.db, {
      companyId: acme.company.id,
      email: 'it@acme-extra.test',
      fullName: 'Ida IT',
      role: 'manager',
      passwordHash: TEST_PASSWORD_HASH,
    });
    const named = await addTask(taskInput({ assigneeKind: 'person', assigneePersonId: itLead.id }));
    expect(named.status).toBe(201);
    expect(named.body).toMatchObject({ assigneeId: itLead.id, assigneeName: 'Ida IT' });
    expect(await planRow()).toMatchObject({ tasksTotal: 6, newHireTasksTotal: 5 });
  });
});

describe('editing a task of one plan', () => {
  it('changes content, window and assignee of an open task and moves its dates and the new hire’s part', async () => {
    const [task] = plan.tasks as [OnboardingTask];
    const response = await editTask(task.id, taskInput({ title: 'Set up {{first_name}}’s laptop', assigneeKind: 'buddy', dayStart: -3, dayEnd: -1 }));
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: task.id,
      title: 'Set up Acme’s laptop',
      templateTaskId: task.templateTaskId,
      assigneeKind: 'buddy',
      // The plan has no buddy yet.
      assigneeId: null,
      opensOn: '2026-02-27',
      dueDate: '2026-03-01',
      order: task.order,
    });
    expect(await planRow()).toMatchObject({ tasksTotal: 5, newHireTasksTotal: 4 });
    const row = await taskRow(task.id);
    expect(row.version).toBeGreaterThan(0);
  });

  it('keeps a completed task completed, with its dates and the ticks of the checklist items it still has', async () => {
    const [task] = plan.tasks as [OnboardingTask];
    await ctx.db
      .update(onboardingTasks)
      .set({
        checklistItems: [
          { id: 'keep', text: 'Keep', isCompleted: true },
          { id: 'drop', text: 'Drop', isCompleted: true },
        ],
      })
      .where(eq(onboardingTasks.id, task.id));
    const ticked = (await tick(task.id)).body as OnboardingTask;
    const response = await editTask(
      task.id,
      taskInput({
        title: 'Renamed',
        dayStart: 10,
        dayEnd: 12,
        checklistItems: [
          { id: 'keep', text: 'Keep, renamed', isCompleted: false },
          { id: 'new', text: 'New', isCompleted: true },
        ],
      }),
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ title: 'Renamed', dayStart: 10, dayEnd: 12, isCompleted: true, completedAt: ticked.completedAt, dueDate: ticked.dueDate });
    expect(response.body.checklistItems).toEqual([
      { id: 'keep', text: 'Keep, renamed', isCompleted: true },
      { id: 'new', text: 'New', isCompleted: false },
    ]);
    expect(await planRow()).toMatchObject({ tasksDone: 1, newHireTasksDone: 1 });
  });

  it('answers 404 for a task of another plan or a removed one', async () => {
    const other = await ctx.request('/api/onboarding-plans', {
      method: 'POST',
      cookie: acme.cookies.admin,
      body: { templateId: plan.templateId, startDate, newHireId: acme.newHire.id },
    });
    const foreignTask = (other.body as PlanDetails).tasks[0]?.id as string;
    expect((await editTask(foreignTask, taskInput())).status).toBe(404);
    expect((await removeTask(foreignTask)).status).toBe(404);
    const [task] = taskIds();
    await removeTask(task as string);
    expect((await editTask(task as string, taskInput())).status).toBe(404);
  });
});

describe('removing a task from one plan', () => {
  it('soft-deletes it with a new version, and removing the last open task completes the plan', async () => {
    const [last, ...rest] = [...taskIds()].reverse() as [string, ...string[]];
    for (const id of rest) await tick(id);
    const before = await taskRow(last);
    const response = await removeTask(last);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: 'Task removed' });
    const row = await taskRow(last);
    expect(row.deletedAt).not.toBeNull();
    expect(row.version).toBeGreaterThan(before.version);
    const plan = await planRow();
    expect(plan).toMatchObject({ isCompleted: true, tasksTotal: 4, tasksDone: 4, newHireTasksTotal: 4 });
    expect(plan.completedAt).not.toBeNull();
    expect((await details()).tasks.map((task) => task.id)).toEqual([...rest].reverse());
    expect((await removeTask(last)).status).toBe(404);
  });
});

describe('reordering one plan’s tasks', () => {
  it('puts the tasks in the given order and answers them so', async () => {
    const reversed = [...taskIds()].reverse();
    const response = await reorder(reversed);
    expect(response.status).toBe(200);
    expect((response.body as OnboardingTask[]).map((task) => [task.id, task.order])).toEqual(reversed.map((id, order) => [id, order]));
    expect((await details()).tasks.map((task) => task.id)).toEqual(reversed);
    // A task added afterwards still goes to the end.
    const added = await addTask(taskInput());
    expect((await details()).tasks.at(-1)?.id).toBe(added.body.id);
  });

  it('refuses an order that leaves out, repeats or adds a task', async () => {
    const ids = taskIds();
    const removed = ids[4] as string;
    await removeTask(removed);
    const live = ids.slice(0, 4);
    for (const wrong of [live.slice(1), [...live, live[0] as string], [...live, removed], [...live.slice(1), crypto.randomUUID(), live[0] as string].slice(0, 4)]) {
      const response = await reorder(wrong);
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(TASK_ORDER_MESSAGE);
    }
    expect((await reorder(live)).status).toBe(200);
  });
});

describe('who may change one plan’s tasks', () => {
  const writes = (planId: string, taskId: string, ids: string[]) =>
    [
      { path: `/api/onboarding-plans/${planId}/tasks`, method: 'POST', body: taskInput() },
      { path: `/api/onboarding-plans/${planId}/tasks/${taskId}`, method: 'PUT', body: taskInput() },
      { path: `/api/onboarding-plans/${planId}/tasks/${taskId}`, method: 'DELETE' },
      { path: `/api/onboarding-plans/${planId}/task-order`, method: 'PUT', body: { taskIds: ids } },
    ] as const;

  it('lets the plan’s manager and an admin, answers its new hire 403 and anyone else 404', async () => {
    const [taskId] = taskIds() as [string];
    const otherManager = await createTeamMember(ctx.db, { companyId: acme.company.id, email: 'other@acme-extra.test', role: 'manager', passwordHash: TEST_PASSWORD_HASH });
    const globex = await ctx.createCompany('Globex');
    const refusals: [string, number][] = [
      [acme.cookies.newHire, 403],
      [await ctx.cookieFor(otherManager.id), 404],
      [globex.cookies.admin, 404],
      [globex.cookies.manager, 404],
    ];
    for (const [cookie, status] of refusals) {
      for (const write of writes(plan.id, taskId, taskIds())) {
        const response = await ctx.request(write.path, { method: write.method, cookie, body: 'body' in write ? write.body : undefined });
        expect(response.status, `${write.method} ${write.path}`).toBe(status);
      }
    }
    expect((await ctx.request(`/api/onboarding-plans/${plan.id}/reapply-template`, { method: 'POST', cookie: acme.cookies.newHire })).status).toBe(403);
    expect((await ctx.request(`/api/onboarding-plans/${plan.id}/reapply-template`, { method: 'POST', cookie: globex.cookies.admin })).status).toBe(404);
    // Nothing changed.
    expect(await planRow()).toMatchObject({ tasksTotal: 5 });
    const live = await ctx.db.select().from(onboardingTasks).where(eq(onboardingTasks.planId, plan.id));
    expect(live.filter((task) => task.deletedAt === null)).toHaveLength(5);

    expect((await addTask(taskInput(), acme.cookies.admin)).status).toBe(201);
    expect((await editTask(taskId, taskInput({ title: 'By the admin' }), acme.cookies.admin)).status).toBe(200);
  });
});
