// The pull of a team plan (issue 17): the new fields, placeholders filled, and the tasks a new hire does
// on other people's plans (as their buddy), which reach their device one by one and leave it as tombstones.
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PullResponse, PushResponse, SyncPlan, SyncTask } from '../../shared/sync.ts';
import { createTeamMember } from '../auth/auth.queries.ts';
import { nextVersion, transaction } from '../db/client.ts';
import { onboardingPlans, onboardingTasks, templates } from '../db/schema.ts';
import { createTestContext, TEST_PASSWORD_HASH, type TestContext } from '../test/harness.ts';
import { recordTasksLeaving } from './tombstones.ts';

type Company = Awaited<ReturnType<TestContext['createCompany']>>;
type Member = Awaited<ReturnType<typeof createTeamMember>>;

describe('sync of team plans', () => {
  let ctx: TestContext;
  let acme: Company;
  let buddy: Member;
  let buddyCookie: string;
  let planId: string;
  let taskIds: { own: string; laptop: string; showAround: string };
  const clientId = () => crypto.randomUUID();
  const pull = async (cookie: string, client: string, cursor = 0) => (await ctx.request(`/api/sync/pull?clientId=${client}&cursor=${cursor}`, { cookie })).body as PullResponse;
  const live = <T extends { id: string }>(rows: (T | { id: string; deleted: true })[]) => rows.filter((row): row is T => !('deleted' in row));

  beforeEach(async () => {
    ctx = await createTestContext();
    acme = await ctx.createCompany('Acme');
    const companyId = acme.company.id;
    // Another new hire of the company, who is this plan's buddy.
    buddy = await createTeamMember(ctx.db, {
      companyId,
      email: `buddy-${crypto.randomUUID().slice(0, 6)}@acme.test`,
      fullName: 'Bea Buddy',
      role: 'new_hire',
      passwordHash: TEST_PASSWORD_HASH,
      isEmailVerified: true,
    });
    buddyCookie = await ctx.cookieFor(buddy.id);
    const made = await transaction(ctx.db, async (tx) => {
      const version = await nextVersion(tx, companyId);
      const [template] = await tx.insert(templates).values({ title: 'Team onboarding', duration: 30, companyId, createdBy: acme.admin.id, version }).returning();
      const [plan] = await tx
        .insert(onboardingPlans)
        .values({
          newHireId: acme.newHire.id,
          templateId: template!.id,
          managerId: acme.manager.id,
          buddyId: buddy.id,
          businessDays: true,
          companyId,
          createdBy: acme.admin.id,
          startDate: '2026-01-05',
          version,
        })
        .returning();
      const task = (title: string, order: number, assigneeKind: 'new_hire' | 'hr' | 'buddy', assigneeId: string) => ({
        planId: plan!.id,
        companyId,
        title,
        type: 'checklist' as const,
        order,
        dayStart: 1,
        dayEnd: 5,
        opensOn: '2026-01-05',
        dueDate: '2026-01-09',
        assigneeKind,
        assigneeId,
        version,
      });
      const tasks = await tx
        .insert(onboardingTasks)
        .values([
          task('Read the handbook', 0, 'new_hire', acme.newHire.id),
          task('Laptop ordered', 1, 'hr', acme.admin.id),
          task('Show {{first_name}} around', 2, 'buddy', buddy.id),
        ])
        .returning();
      const byOrder = tasks.sort((a, b) => a.order - b.order);
      return { planId: plan!.id, taskIds: { own: byOrder[0]!.id, laptop: byOrder[1]!.id, showAround: byOrder[2]!.id } };
    });
    planId = made.planId;
    taskIds = made.taskIds;
  });

  it("sends the new hire their whole plan, others' tasks included, with the plan's kind, business days and buddy", async () => {
    const state = await pull(acme.cookies.newHire, clientId());
    const [plan] = live<SyncPlan>(state.plans);
    expect(plan).toMatchObject({ id: planId, kind: 'onboarding', businessDays: true, buddyId: buddy.id, buddy: { id: buddy.id, fullName: 'Bea Buddy' } });
    const tasks = live<SyncTask>(state.tasks);
    expect(tasks.map((task) => [task.title, task.assigneeKind, task.assigneeName])).toEqual([
      ['Read the handbook', 'new_hire', 'Acme newhire'],
      ['Laptop ordered', 'hr', 'Acme Admin'],
      ['Show Acme around', 'buddy', 'Bea Buddy'],
    ]);
    expect(tasks[0]).toMatchObject({ opensOn: '2026-01-05', dueDate: '2026-01-09', releaseOn: null, assigneeId: acme.newHire.id, completedBy: null });
    // Tasks of the caller's own plan come with the plan, not naming it.
    expect(tasks.every((task) => task.plan === undefined)).toBe(true);
  });

  it('sends a new hire the tasks assigned to them on another plan, filled and naming whose plan, and nothing else of it', async () => {
    const state = await pull(buddyCookie, clientId());
    expect(state.plans).toEqual([]);
    expect(state.messages).toEqual([]);
    expect(live<SyncTask>(state.tasks)).toEqual([
      expect.objectContaining({
        id: taskIds.showAround,
        title: 'Show Acme around',
        assigneeId: buddy.id,
        plan: { id: planId, kind: 'onboarding', startDate: '2026-01-05', newHire: expect.objectContaining({ id: acme.newHire.id, fullName: 'Acme newhire' }) },
      }),
    ]);
  });

  it("lets the buddy tick their task from the device, and the new hire's next pull shows it done by them", async () => {
    const newHireClient = clientId();
    const before = await pull(acme.cookies.newHire, newHireClient);
    const push = await ctx.request('/api/sync/push', {
      method: 'POST',
      cookie: buddyCookie,
      body: { clientId: clientId(), mutations: [{ id: 1, name: 'task.setCompleted', args: { taskId: taskIds.showAround, isCompleted: true } }] },
    });
    expect((push.body as PushResponse).results).toEqual([{ id: 1, status: 'applied' }]);
    const after = await pull(acme.cookies.newHire, newHireClient, before.cursor);
    expect(live<SyncTask>(after.tasks)).toEqual([expect.objectContaining({ id: taskIds.showAround, isCompleted: true, completedBy: buddy.id })]);
  });

  it('tells the buddy to drop a task reassigned away from them; the plan of the new hire it stays in keeps it live', async () => {
    const buddyClient = clientId();
    const newHireClient = clientId();
    const buddyBefore = await pull(buddyCookie, buddyClient);
    const newHireBefore = await pull(acme.cookies.newHire, newHireClient);
    await transaction(ctx.db, async (tx) => {
      const version = await nextVersion(tx, acme.company.id);
      const moved = await tx.select({ id: onboardingTasks.id, assigneeId: onboardingTasks.assigneeId }).from(onboardingTasks).where(eq(onboardingTasks.planId, planId));
      await tx.update(onboardingTasks).set({ assigneeId: acme.manager.id, version }).where(eq(onboardingTasks.planId, planId));
      await recordTasksLeaving(tx, acme.company.id, moved, version);
    });

    const buddyAfter = await pull(buddyCookie, buddyClient, buddyBefore.cursor);
    expect(buddyAfter.tasks).toEqual([{ id: taskIds.showAround, deleted: true }]);
    // The new hire lost their own task to the manager too, but sees their whole plan: live rows, no tombstone.
    const newHireAfter = await pull(acme.cookies.newHire, newHireClient, newHireBefore.cursor);
    expect(newHireAfter.tasks.map((task) => ('deleted' in task ? 'tombstone' : task.assigneeId))).toEqual([acme.manager.id, acme.manager.id, acme.manager.id]);
    // A full state leaves the tombstone out.
    expect((await pull(buddyCookie, clientId())).tasks).toEqual([]);
  });

  it('tells the buddy to drop their open task when the plan gets another buddy, or the task another assignee', async () => {
    const buddyClient = clientId();
    const before = await pull(buddyCookie, buddyClient);
    expect(live(before.tasks).map((task) => task.id)).toEqual([taskIds.showAround]);
    const changed = await ctx.request(`/api/onboarding-plans/${planId}`, {
      method: 'PATCH',
      cookie: acme.cookies.admin,
      body: { currentPhase: 'Week 1', buddyId: acme.manager.id },
    });
    expect(changed.status).toBe(200);
    expect((await pull(buddyCookie, buddyClient, before.cursor)).tasks).toEqual([{ id: taskIds.showAround, deleted: true }]);

    // Back to the buddy, then the task alone handed to the HR admin by a live-plan edit.
    await ctx.request(`/api/onboarding-plans/${planId}`, { method: 'PATCH', cookie: acme.cookies.admin, body: { currentPhase: 'Week 1', buddyId: buddy.id } });
    const again = await pull(buddyCookie, buddyClient);
    expect(live(again.tasks).map((task) => task.id)).toEqual([taskIds.showAround]);
    const edited = await ctx.request(`/api/onboarding-plans/${planId}/tasks/${taskIds.showAround}`, {
      method: 'PUT',
      cookie: acme.cookies.admin,
      body: { title: 'Show {{first_name}} around', type: 'checklist', dayStart: 1, dayEnd: 5, assigneeKind: 'hr' },
    });
    expect(edited.status).toBe(200);
    expect((await pull(buddyCookie, buddyClient, again.cursor)).tasks).toEqual([{ id: taskIds.showAround, deleted: true }]);
  });

  it('sends a new hire none of a plan handed to another new hire, not even the tasks they did on it', async () => {
    const push = await ctx.request('/api/sync/push', {
      method: 'POST',
      cookie: acme.cookies.newHire,
      body: { clientId: clientId(), mutations: [{ id: 1, name: 'task.setCompleted', args: { taskId: taskIds.own, isCompleted: true } }] },
    });
    expect((push.body as PushResponse).results).toEqual([{ id: 1, status: 'applied' }]);
    const handed = await ctx.request(`/api/onboarding-plans/${planId}`, {
      method: 'PATCH',
      cookie: acme.cookies.admin,
      body: { currentPhase: 'Week 1', newHireId: buddy.id, buddyId: null },
    });
    expect(handed.status).toBe(200);
    // The done task keeps who did it, yet it was their own task, never one they do for someone else.
    const [own] = await ctx.db.select({ assigneeId: onboardingTasks.assigneeId }).from(onboardingTasks).where(eq(onboardingTasks.id, taskIds.own));
    expect(own?.assigneeId).toBe(acme.newHire.id);
    const state = await pull(acme.cookies.newHire, clientId());
    expect([state.plans, state.tasks]).toEqual([[], []]);
    expect(live<SyncTask>((await pull(buddyCookie, clientId())).tasks).map((task) => task.title)).toEqual(['Read the handbook', 'Laptop ordered', 'Show Bea around']);
  });

  it('tells the buddy to drop their task when the plan it belongs to is deleted', async () => {
    const buddyClient = clientId();
    const before = await pull(buddyCookie, buddyClient);
    await transaction(ctx.db, async (tx) => {
      const version = await nextVersion(tx, acme.company.id);
      const deletedAt = new Date().toISOString();
      await tx.update(onboardingPlans).set({ deletedAt, version }).where(eq(onboardingPlans.id, planId));
      await tx.update(onboardingTasks).set({ deletedAt, version }).where(eq(onboardingTasks.planId, planId));
    });
    const after = await pull(buddyCookie, buddyClient, before.cursor);
    expect(after.tasks).toEqual([{ id: taskIds.showAround, deleted: true }]);
    expect(after.plans).toEqual([]);
  });

  it('keeps staff pulls to the plans they see: a task assigned to a manager on a plan they do not manage is not synced', async () => {
    const otherManager = await createTeamMember(ctx.db, {
      companyId: acme.company.id,
      email: `it-${crypto.randomUUID().slice(0, 6)}@acme.test`,
      fullName: 'Ian IT',
      role: 'manager',
      passwordHash: TEST_PASSWORD_HASH,
      isEmailVerified: true,
    });
    await transaction(ctx.db, async (tx) => {
      const version = await nextVersion(tx, acme.company.id);
      await tx.update(onboardingTasks).set({ assigneeId: otherManager.id, version }).where(eq(onboardingTasks.id, taskIds.laptop));
    });
    const state = await pull(await ctx.cookieFor(otherManager.id), clientId());
    expect([state.plans, state.tasks]).toEqual([[], []]);
  });
});
