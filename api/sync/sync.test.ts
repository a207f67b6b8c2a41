import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PullResponse, PushResponse, SyncMessage, SyncPlan, SyncTask } from '../../shared/sync.ts';
import { createTeamMember } from '../auth/auth.queries.ts';
import { nextVersion, openDatabase, transaction } from '../db/client.ts';
import { companies, onboardingPlans, onboardingTasks, templates } from '../db/schema.ts';
import { apiOver, createTestContext, TEST_PASSWORD, testEngine, type TestContext } from '../test/harness.ts';

type Company = Awaited<ReturnType<TestContext['createCompany']>>;

const THREE_TASKS = ['Set up laptop', 'Meet the team', 'Read the handbook'];

/** A template and a plan of (three) tasks for the company's new hire (the REST routes are someone else's). */
function givePlan(ctx: TestContext, company: Company, newHireId = company.newHire.id, taskTitles = THREE_TASKS) {
  const companyId = company.company.id;
  return transaction(ctx.db, async (tx) => {
    const version = await nextVersion(tx, companyId);
    const [template] = await tx.insert(templates).values({ title: 'Engineering onboarding', duration: 30, companyId, createdBy: company.admin.id, version }).returning();
    const [plan] = await tx
      .insert(onboardingPlans)
      .values({ newHireId, templateId: template!.id, managerId: company.manager.id, companyId, createdBy: company.admin.id, startDate: '2026-01-05', version })
      .returning();
    const tasks = await tx
      .insert(onboardingTasks)
      .values(
        taskTitles.map((title, order) => ({
          planId: plan!.id,
          companyId,
          title,
          type: 'checklist' as const,
          order,
          dayStart: 1,
          dayEnd: 7,
          dueDate: '2026-01-11',
          opensOn: '2026-01-05',
          assigneeId: newHireId,
          version,
        })),
      )
      .returning();
    return { template: template!, plan: plan!, tasks: tasks.sort((a, b) => a.order - b.order) };
  });
}

describe('sync API', () => {
  let ctx: TestContext;
  let acme: Company;
  let acmePlan: Awaited<ReturnType<typeof givePlan>>;
  const clientId = () => crypto.randomUUID();

  beforeEach(async () => {
    ctx = await createTestContext();
    acme = await ctx.createCompany('Acme');
    acmePlan = await givePlan(ctx, acme);
  });

  const push = (cookie: string, body: unknown) => ctx.request('/api/sync/push', { method: 'POST', cookie, body });
  const pull = (cookie: string, client: string, cursor = 0) => ctx.request(`/api/sync/pull?clientId=${client}&cursor=${cursor}`, { cookie });
  const tick = (id: number, taskId: string, isCompleted = true, completedAt = new Date().toISOString()) => ({
    id,
    name: 'task.setCompleted',
    args: { taskId, isCompleted, completedAt },
  });
  const send = (id: number, planId: string, content: string, messageId = crypto.randomUUID()) => ({
    id,
    name: 'message.send',
    args: { id: messageId, planId, content, createdAt: new Date().toISOString() },
  });
  const liveTasks = (body: PullResponse) => body.tasks.filter((t): t is SyncTask => !('deleted' in t));

  it('refuses callers who are not signed in', async () => {
    expect((await push('', { clientId: clientId(), mutations: [] })).status).toBe(401);
    expect((await pull('', clientId())).status).toBe(401);
  });

  it('applies a mutation once when the same push is sent twice (a dropped response)', async () => {
    const client = clientId();
    const taskId = acmePlan.tasks[0]!.id;
    const message = send(2, acmePlan.plan.id, 'Hello from the train');
    const body = { clientId: client, mutations: [tick(1, taskId), message] };

    const first = await push(acme.cookies.newHire, body);
    expect(first.status).toBe(200);
    expect((first.body as PushResponse).results).toEqual([
      { id: 1, status: 'applied' },
      { id: 2, status: 'applied' },
    ]);
    const second = await push(acme.cookies.newHire, body);
    expect((second.body as PushResponse).results.map((r) => r.status)).toEqual(['duplicate', 'duplicate']);
    expect(second.body.lastMutationId).toBe(2);

    const state = (await pull(acme.cookies.manager, clientId())).body as PullResponse;
    expect(liveTasks(state).find((t) => t.id === taskId)?.isCompleted).toBe(true);
    expect(state.messages.filter((m) => 'content' in m && m.content === 'Hello from the train')).toHaveLength(1);
  });

  it('applies each mutation once when the same push arrives twice at once (a retry while the first is in flight)', async () => {
    const body = { clientId: clientId(), mutations: acmePlan.tasks.map((task, index) => tick(index + 1, task.id)) };
    const answers = await Promise.all([push(acme.cookies.newHire, body), push(acme.cookies.newHire, body)]);
    expect(answers.map((answer) => [answer.status, answer.body.lastMutationId])).toEqual([
      [200, 3],
      [200, 3],
    ]);
    for (const { id } of body.mutations) {
      const statuses = answers.flatMap((answer) => (answer.body as PushResponse).results.filter((result) => result.id === id).map((result) => result.status));
      expect(statuses.sort()).toEqual(['applied', 'duplicate']);
    }
  });

  it('stops at a gap with 409 and keeps the counter where it was', async () => {
    const client = clientId();
    const res = await push(acme.cookies.newHire, { clientId: client, mutations: [tick(2, acmePlan.tasks[0]!.id)] });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/expected 1/);
    expect((await pull(acme.cookies.newHire, client)).body.lastMutationId).toBe(0);
    expect(liveTasks((await pull(acme.cookies.newHire, client)).body).every((t) => !t.isCompleted)).toBe(true);
  });

  it('rejects a mutation that breaks a rule, still advances, and applies the next one', async () => {
    const other = await ctx.createCompany('Globex');
    const otherPlan = await givePlan(ctx, other);
    const client = clientId();
    const res = await push(acme.cookies.newHire, {
      clientId: client,
      mutations: [tick(1, otherPlan.tasks[0]!.id), send(2, acmePlan.plan.id, '   '), { id: 3, name: 'task.explode', args: {} }, tick(4, acmePlan.tasks[1]!.id)],
    });
    expect(res.status).toBe(200);
    const results = (res.body as PushResponse).results;
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected', 'applied']);
    expect(results[0]!.message).toMatch(/not found/i);
    expect(results[1]!.message).toBe('Message cannot be empty');
    expect(res.body.lastMutationId).toBe(4);

    const otherState = (await pull(other.cookies.admin, clientId())).body as PullResponse;
    expect(liveTasks(otherState).every((t) => !t.isCompleted)).toBe(true);
  });

  it('clamps a completion time from the future to the server clock', async () => {
    const future = new Date(Date.now() + 7 * 86_400_000).toISOString();
    await push(acme.cookies.newHire, { clientId: clientId(), mutations: [tick(1, acmePlan.tasks[0]!.id, true, future)] });
    const task = liveTasks((await pull(acme.cookies.newHire, clientId())).body).find((t) => t.id === acmePlan.tasks[0]!.id)!;
    expect(task.completedAt! < future).toBe(true);
  });

  it("never shows another user's or another company's rows in a pull", async () => {
    const other = await ctx.createCompany('Globex');
    const otherPlan = await givePlan(ctx, other);
    await push(other.cookies.newHire, { clientId: clientId(), mutations: [send(1, otherPlan.plan.id, 'Globex secret')] });
    const colleague = await createTeamMember(ctx.db, { companyId: acme.company.id, email: 'colleague@acme.test', fullName: 'Acme colleague', role: 'new_hire' });
    const colleaguePlan = await givePlan(ctx, acme, colleague.id);
    // Only http(s) links leave the server (the same safeUrl as tasks'); the others are dropped.
    const helpfulResources = [
      { label: 'Handbook', url: 'https://acme.test/handbook' },
      { label: 'Run me', url: 'javascript:alert(1)' },
      { label: 'Inline page', url: 'data:text/html,<script>alert(1)</script>' },
    ];
    await ctx.db.update(companies).set({ helpfulResources }).where(eq(companies.id, acme.company.id));

    const res = await pull(acme.cookies.newHire, clientId());
    expect(res.status).toBe(200);
    const state = res.body as PullResponse;
    expect(state.reset).toBe(true);
    expect(state.plans.map((p) => p.id)).toEqual([acmePlan.plan.id]);
    expect(new Set(liveTasks(state).map((t) => t.planId))).toEqual(new Set([acmePlan.plan.id]));
    expect(JSON.stringify(state)).not.toContain('Globex');
    expect(JSON.stringify(state)).not.toContain(colleaguePlan.plan.id);
    expect(state.templates).toEqual([expect.objectContaining({ id: acmePlan.template.id, title: 'Engineering onboarding', duration: 30 })]);
    expect(state.company.helpfulResources).toEqual([{ label: 'Handbook', url: 'https://acme.test/handbook' }]);
    expect(state.contacts.manager).toEqual({ id: acme.manager.id, fullName: acme.manager.fullName, email: acme.manager.email });
    const plan = state.plans[0] as SyncPlan;
    expect(plan.manager?.email).toBe(acme.manager.email);
    expect(plan.template?.duration).toBe(30);

    // The manager sees the plans they manage, the admin all of the company's: still never Globex.
    const adminState = (await pull(acme.cookies.admin, clientId())).body as PullResponse;
    expect(adminState.plans.map((p) => p.id).sort()).toEqual([acmePlan.plan.id, colleaguePlan.plan.id].sort());
    expect(JSON.stringify(adminState)).not.toContain('Globex');
  });

  it('sends only changes after the cursor, with the sender of each message', async () => {
    const client = clientId();
    const first = (await pull(acme.cookies.newHire, client)).body as PullResponse;
    const again = (await pull(acme.cookies.newHire, client, first.cursor)).body as PullResponse;
    expect(again.reset).toBe(false);
    expect([again.plans, again.tasks, again.messages]).toEqual([[], [], []]);

    await push(acme.cookies.newHire, { clientId: client, mutations: [tick(1, acmePlan.tasks[2]!.id), send(2, acmePlan.plan.id, 'Where is the kitchen?')] });
    const changes = (await pull(acme.cookies.newHire, client, first.cursor)).body as PullResponse;
    expect(changes.lastMutationId).toBe(2);
    expect(liveTasks(changes).map((t) => t.id)).toEqual([acmePlan.tasks[2]!.id]);
    expect(changes.messages).toEqual([
      expect.objectContaining({
        content: 'Where is the kitchen?',
        senderId: acme.newHire.id,
        receiverId: acme.manager.id,
        sender: { fullName: acme.newHire.fullName, role: 'new_hire' },
      }),
    ]);
  });

  it('delivers a deleted plan as tombstones, and leaves them out of a full state', async () => {
    const client = clientId();
    const first = (await pull(acme.cookies.newHire, client)).body as PullResponse;
    await transaction(ctx.db, async (tx) => {
      const version = await nextVersion(tx, acme.company.id);
      const deletedAt = new Date().toISOString();
      await tx.update(onboardingPlans).set({ deletedAt, version }).where(eq(onboardingPlans.id, acmePlan.plan.id));
      await tx.update(onboardingTasks).set({ deletedAt, version }).where(eq(onboardingTasks.planId, acmePlan.plan.id));
    });
    const changes = (await pull(acme.cookies.newHire, client, first.cursor)).body as PullResponse;
    expect(changes.plans).toEqual([{ id: acmePlan.plan.id, deleted: true }]);
    expect(changes.tasks).toHaveLength(3);
    expect(changes.tasks.every((t) => 'deleted' in t && t.deleted)).toBe(true);

    const full = (await pull(acme.cookies.newHire, clientId())).body as PullResponse;
    expect(full.reset).toBe(true);
    expect([full.plans, full.tasks]).toEqual([[], []]);
  });

  it('answers 404 for a clientId that belongs to another user', async () => {
    const client = clientId();
    expect((await pull(acme.cookies.newHire, client)).status).toBe(200);
    expect((await pull(acme.cookies.manager, client)).status).toBe(404);
    const res = await push(acme.cookies.manager, { clientId: client, mutations: [tick(1, acmePlan.tasks[0]!.id)] });
    expect(res.status).toBe(404);
    expect(liveTasks((await pull(acme.cookies.newHire, client)).body).every((t) => !t.isCompleted)).toBe(true);
  });

  it("never moves another user's counter on: a later mutation on their clientId answers 404 and changes nothing", async () => {
    const client = clientId();
    const [first, second] = acmePlan.tasks;
    expect((await push(acme.cookies.newHire, { clientId: client, mutations: [tick(1, first!.id)] })).body).toMatchObject({ lastMutationId: 1 });
    expect((await push(acme.cookies.manager, { clientId: client, mutations: [tick(2, second!.id)] })).status).toBe(404);
    const own = await push(acme.cookies.newHire, { clientId: client, mutations: [tick(2, second!.id)] });
    expect(own.body).toEqual({ results: [{ id: 2, status: 'applied' }], lastMutationId: 2 });
  });

  it('starts over (reset) when the cursor is ahead of the server', async () => {
    const client = clientId();
    await pull(acme.cookies.newHire, client);
    const res = (await pull(acme.cookies.newHire, client, 999_999)).body as PullResponse;
    expect(res.reset).toBe(true);
    expect(res.plans).toHaveLength(1);
  });

  const say = (cookie: string, planId: string, content: string) => ctx.request('/api/messages', { method: 'POST', cookie, body: { planId, content } });
  const liveMessages = (body: PullResponse) => body.messages.filter((m): m is SyncMessage => !('deleted' in m));

  it("delivers a deleted manager's messages as tombstones to the new hire, whose plan stays", async () => {
    const client = clientId();
    const fromManager = (await say(acme.cookies.manager, acmePlan.plan.id, 'Welcome aboard')).body as SyncMessage;
    const fromNewHire = (await say(acme.cookies.newHire, acmePlan.plan.id, 'Thanks!')).body as SyncMessage;
    const before = (await pull(acme.cookies.newHire, client)).body as PullResponse;
    expect(
      liveMessages(before)
        .map((m) => m.id)
        .sort(),
    ).toEqual([fromManager.id, fromNewHire.id].sort());
    const adminClient = clientId();
    const adminBefore = (await pull(acme.cookies.admin, adminClient)).body as PullResponse;
    const other = await ctx.createCompany('Globex');
    const otherClient = clientId();
    const otherBefore = (await pull(other.cookies.admin, otherClient)).body as PullResponse;

    expect((await ctx.request(`/api/users/${acme.manager.id}`, { method: 'DELETE', cookie: acme.cookies.admin })).status).toBe(200);

    const after = (await pull(acme.cookies.newHire, client, before.cursor)).body as PullResponse;
    expect(after.reset).toBe(false);
    expect(after.messages).toEqual(
      expect.arrayContaining([
        { id: fromManager.id, deleted: true },
        { id: fromNewHire.id, deleted: true },
      ]),
    );
    // The plan stays theirs, without a manager now.
    expect(after.plans).toEqual([expect.objectContaining({ id: acmePlan.plan.id, managerId: null, manager: null })]);
    // The admin's device hears of it too; another company's people never do.
    const adminAfter = (await pull(acme.cookies.admin, adminClient, adminBefore.cursor)).body as PullResponse;
    expect(adminAfter.messages).toEqual(expect.arrayContaining([{ id: fromManager.id, deleted: true }]));
    const otherAfter = (await pull(other.cookies.admin, otherClient, otherBefore.cursor)).body as PullResponse;
    expect([otherAfter.plans, otherAfter.messages]).toEqual([[], []]);
  });

  it('never carries a staff note to the new hire: not in a full pull, not after the cursor, not as a tombstone', async () => {
    const planId = acmePlan.plan.id;
    const hello = (await say(acme.cookies.manager, planId, 'Welcome aboard')).body as SyncMessage;
    const hireClient = clientId();
    const hireBefore = (await pull(acme.cookies.newHire, hireClient)).body as PullResponse;
    const managerClient = clientId();
    const managerBefore = (await pull(acme.cookies.manager, managerClient)).body as PullResponse;

    const note = (await say(acme.cookies.admin, planId, 'Their contract ends in March')).body as SyncMessage;
    const reply = (await ctx.request('/api/messages', { method: 'POST', cookie: acme.cookies.manager, body: { planId, content: 'Noted', receiverId: acme.admin.id } }))
      .body as SyncMessage;
    expect([note.audience, reply.audience]).toEqual(['staff', 'staff']);
    const staffIds = [note.id, reply.id];

    const hireAfter = (await pull(acme.cookies.newHire, hireClient, hireBefore.cursor)).body as PullResponse;
    expect(hireAfter.messages).toEqual([]);
    const hireFull = (await pull(acme.cookies.newHire, clientId())).body as PullResponse;
    expect(liveMessages(hireFull).map((m) => m.id)).toEqual([hello.id]);
    expect(JSON.stringify([hireAfter, hireFull])).not.toMatch(/contract ends|Noted/);

    // The plan's manager and the admins sync them, marked as staff notes.
    const managerAfter = (await pull(acme.cookies.manager, managerClient, managerBefore.cursor)).body as PullResponse;
    expect(liveMessages(managerAfter).map((m) => [m.id, m.audience])).toEqual(staffIds.map((id) => [id, 'staff']));
    const adminClient = clientId();
    const adminFull = (await pull(acme.cookies.admin, adminClient)).body as PullResponse;
    expect(
      liveMessages(adminFull)
        .map((m) => m.id)
        .sort(),
    ).toEqual([hello.id, ...staffIds].sort());

    // Deleting the manager removes their messages: the new hire hears of the plan message only.
    expect((await ctx.request(`/api/users/${acme.manager.id}`, { method: 'DELETE', cookie: acme.cookies.admin })).status).toBe(200);
    const afterDeletion = (await pull(acme.cookies.newHire, hireClient, hireAfter.cursor)).body as PullResponse;
    expect(afterDeletion.messages).toEqual([{ id: hello.id, deleted: true }]);
    const adminAfterDeletion = (await pull(acme.cookies.admin, adminClient, adminFull.cursor)).body as PullResponse;
    expect(adminAfterDeletion.messages).toEqual(expect.arrayContaining(staffIds.map((id) => ({ id, deleted: true }))));
  });

  it('never carries a staff note to the new hire as a tombstone when the plan is deleted', async () => {
    const planId = acmePlan.plan.id;
    const note = (await say(acme.cookies.admin, planId, 'Let us talk about their probation')).body as SyncMessage;
    const hireClient = clientId();
    const before = (await pull(acme.cookies.newHire, hireClient)).body as PullResponse;
    expect(before.messages).toEqual([]);
    expect((await ctx.request(`/api/onboarding-plans/${planId}`, { method: 'DELETE', cookie: acme.cookies.admin })).status).toBe(200);
    const after = (await pull(acme.cookies.newHire, hireClient, before.cursor)).body as PullResponse;
    expect(after.plans).toEqual([{ id: planId, deleted: true }]);
    expect(JSON.stringify(after)).not.toContain(note.id);
  });

  it('delivers the plan of a new hire who deleted their own account as a tombstone to their manager', async () => {
    await say(acme.cookies.newHire, acmePlan.plan.id, 'Bye for now');
    const client = clientId();
    const before = (await pull(acme.cookies.manager, client)).body as PullResponse;
    expect(before.plans.map((p) => p.id)).toEqual([acmePlan.plan.id]);

    expect((await ctx.request('/api/users/me', { method: 'DELETE', cookie: acme.cookies.newHire, body: { password: TEST_PASSWORD } })).status).toBe(200);

    const after = (await pull(acme.cookies.manager, client, before.cursor)).body as PullResponse;
    expect(after.plans).toEqual([{ id: acmePlan.plan.id, deleted: true }]);
    const full = (await pull(acme.cookies.manager, clientId())).body as PullResponse;
    expect([full.plans, full.tasks, full.messages]).toEqual([[], [], []]);
  });

  it('moves a reassigned plan: a tombstone for the old new hire, the plan with its tasks and messages for the new one', async () => {
    const successor = await createTeamMember(ctx.db, {
      companyId: acme.company.id,
      email: 'successor@acme.test',
      fullName: 'Acme successor',
      role: 'new_hire',
      managerId: acme.manager.id,
    });
    const successorCookie = await ctx.cookieFor(successor.id);
    const hello = (await say(acme.cookies.manager, acmePlan.plan.id, 'Your laptop is ready')).body as SyncMessage;
    const oldClient = clientId();
    const newClient = clientId();
    const oldBefore = (await pull(acme.cookies.newHire, oldClient)).body as PullResponse;
    const newBefore = (await pull(successorCookie, newClient)).body as PullResponse;
    expect(newBefore.plans).toEqual([]);

    const res = await ctx.request(`/api/onboarding-plans/${acmePlan.plan.id}`, {
      method: 'PATCH',
      cookie: acme.cookies.admin,
      body: { currentPhase: 'Week 1', newHireId: successor.id },
    });
    expect(res.status).toBe(200);

    const oldAfter = (await pull(acme.cookies.newHire, oldClient, oldBefore.cursor)).body as PullResponse;
    expect(oldAfter.plans).toEqual([{ id: acmePlan.plan.id, deleted: true }]);
    expect(JSON.stringify(oldAfter)).not.toContain('Your laptop is ready');

    const newAfter = (await pull(successorCookie, newClient, newBefore.cursor)).body as PullResponse;
    expect(newAfter.reset).toBe(false);
    expect(newAfter.plans).toEqual([expect.objectContaining({ id: acmePlan.plan.id, newHireId: successor.id })]);
    expect(
      liveTasks(newAfter)
        .map((t) => t.id)
        .sort(),
    ).toEqual(acmePlan.tasks.map((t) => t.id).sort());
    expect(liveMessages(newAfter).map((m) => m.id)).toEqual([hello.id]);

    // Handed back: the first new hire gets it again, and the tombstone no longer wins.
    await ctx.request(`/api/onboarding-plans/${acmePlan.plan.id}`, { method: 'PATCH', cookie: acme.cookies.admin, body: { currentPhase: 'Week 1', newHireId: acme.newHire.id } });
    const back = (await pull(acme.cookies.newHire, oldClient, oldAfter.cursor)).body as PullResponse;
    expect(back.plans).toEqual([expect.objectContaining({ id: acmePlan.plan.id, newHireId: acme.newHire.id })]);
    expect(liveTasks(back)).toHaveLength(3);
    const sinceStart = (await pull(acme.cookies.newHire, oldClient, oldBefore.cursor)).body as PullResponse;
    expect(sinceStart.plans).toEqual([expect.objectContaining({ id: acmePlan.plan.id })]);
  });

  it('a plan given to another manager leaves the old manager’s pull as a tombstone', async () => {
    const otherManager = await createTeamMember(ctx.db, { companyId: acme.company.id, email: 'boss2@acme.test', fullName: 'Second manager', role: 'manager' });
    const client = clientId();
    const before = (await pull(acme.cookies.manager, client)).body as PullResponse;
    await ctx.request(`/api/onboarding-plans/${acmePlan.plan.id}`, { method: 'PATCH', cookie: acme.cookies.admin, body: { currentPhase: 'Week 1', managerId: otherManager.id } });
    expect(((await pull(acme.cookies.manager, client, before.cursor)).body as PullResponse).plans).toEqual([{ id: acmePlan.plan.id, deleted: true }]);
    const admin = (await pull(acme.cookies.admin, clientId(), before.cursor)).body as PullResponse;
    expect(admin.plans).toEqual([expect.objectContaining({ id: acmePlan.plan.id, managerId: otherManager.id })]);
  });

  it('marks a conversation read once through a mutation, up to the newest message seen', async () => {
    const first = (await say(acme.cookies.manager, acmePlan.plan.id, 'Morning!')).body as SyncMessage;
    const client = clientId();
    const markRead = (id: number) => ({ id, name: 'message.markRead', args: { planId: acmePlan.plan.id, upTo: first.createdAt } });
    const applied = await push(acme.cookies.newHire, { clientId: client, mutations: [markRead(1)] });
    expect((applied.body as PushResponse).results).toEqual([{ id: 1, status: 'applied' }]);
    const state = (await pull(acme.cookies.newHire, client)).body as PullResponse;
    expect(liveMessages(state).find((m) => m.id === first.id)?.isRead).toBe(true);

    // A message written after the person looked stays unread, even when the push is replayed.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const later = (await say(acme.cookies.manager, acmePlan.plan.id, 'One more thing')).body as SyncMessage;
    const replay = await push(acme.cookies.newHire, { clientId: client, mutations: [markRead(1)] });
    expect((replay.body as PushResponse).results).toEqual([{ id: 1, status: 'duplicate' }]);
    const unread = await ctx.request('/api/messages/unread', { cookie: acme.cookies.newHire });
    expect(unread.body.total).toBe(1);
    const changes = (await pull(acme.cookies.newHire, client, state.cursor)).body as PullResponse;
    expect(liveMessages(changes)).toEqual([expect.objectContaining({ id: later.id, isRead: false })]);

    // Another company's plan is not theirs to mark.
    const other = await ctx.createCompany('Globex');
    const otherPlan = await givePlan(ctx, other);
    const refused = await push(acme.cookies.newHire, {
      clientId: client,
      mutations: [{ id: 2, name: 'message.markRead', args: { planId: otherPlan.plan.id, upTo: new Date().toISOString() } }],
    });
    expect((refused.body as PushResponse).results).toEqual([{ id: 2, status: 'rejected', message: expect.stringMatching(/not found/i) }]);
  });

  it('misses no row when two instances apply two clients’ pushes at once while a third client pulls', async () => {
    // On PostgreSQL the two instances have pools of their own and the writes really overlap: a pull
    // that took its cursor past a transaction still in flight would never see that transaction's rows.
    const TICKS = 24;
    const plan = await givePlan(
      ctx,
      acme,
      acme.newHire.id,
      Array.from({ length: TICKS }, (_, index) => `Task ${index + 1}`),
    );
    const other = testEngine === 'postgres' ? await openDatabase(ctx.database.config) : ctx.database;
    const instances = [ctx, apiOver(other.db, ctx.config)];
    try {
      const pushAll = async (instance: number, cookie: string, taskIds: string[]) => {
        const client = clientId();
        for (const [index, taskId] of taskIds.entries()) {
          const res = await instances[instance]!.request('/api/sync/push', { method: 'POST', cookie, body: { clientId: client, mutations: [tick(index + 1, taskId)] } });
          expect(res.status).toBe(200);
          expect((res.body as PushResponse).results).toEqual([{ id: index + 1, status: 'applied' }]);
        }
      };
      const taskIds = plan.tasks.map((task) => task.id);
      const pushes = Promise.all([
        pushAll(
          0,
          acme.cookies.newHire,
          taskIds.filter((_, index) => index % 2 === 0),
        ),
        pushAll(
          1,
          acme.cookies.manager,
          taskIds.filter((_, index) => index % 2 === 1),
        ),
      ]);
      let pushing = true;
      void pushes.finally(() => (pushing = false));

      // The admin's device: a full state from cursor 0, then incremental pulls from both instances.
      const puller = clientId();
      const seen = new Map<string, boolean>();
      const cursors: number[] = [];
      const pullOnce = async (instance: number) => {
        const body = (await instances[instance]!.request(`/api/sync/pull?clientId=${puller}&cursor=${cursors.at(-1) ?? 0}`, { cookie: acme.cookies.admin })).body as PullResponse;
        expect(body.reset).toBe(cursors.length === 0);
        for (const task of liveTasks(body)) seen.set(task.id, task.isCompleted);
        cursors.push(body.cursor);
      };
      while (pushing) await pullOnce(cursors.length % 2);
      await pushes;
      await pullOnce(0);

      // Every tick reached the puller, and the cursor only ever moved forward, ending at the company's version.
      expect(plan.tasks.filter((task) => seen.get(task.id) !== true)).toEqual([]);
      expect(cursors).toEqual([...cursors].sort((a, b) => a - b));
      const [company] = await ctx.db.select({ version: companies.version }).from(companies).where(eq(companies.id, acme.company.id));
      expect(cursors.at(-1)).toBe(company!.version);
      // Each tick committed under a version of its own, all within the company's counter.
      const versions = (await ctx.db.select({ version: onboardingTasks.version }).from(onboardingTasks).where(eq(onboardingTasks.planId, plan.plan.id))).map((row) => row.version);
      expect(new Set(versions).size).toBe(TICKS);
      expect(Math.max(...versions)).toBeLessThanOrEqual(company!.version);
    } finally {
      if (other !== ctx.database) await other.close();
    }
  });

  // A device keeps the templates it has: a pull sends those edited since its cursor, and the template
  // of a plan new to it even when the template is older than the cursor.
  it('sends a template edited after the cursor, and an old template with a plan new to the device', async () => {
    const client = clientId();
    const first = (await pull(acme.cookies.newHire, client)).body as PullResponse;
    expect(first.templates.map((template) => template.id)).toEqual([acmePlan.template.id]);
    const unchanged = (await pull(acme.cookies.newHire, client, first.cursor)).body as PullResponse;
    expect(unchanged).toMatchObject({ reset: false, templates: [] });

    await transaction(ctx.db, async (tx) => {
      const version = await nextVersion(tx, acme.company.id);
      await tx.update(templates).set({ title: 'Engineering, revised', version }).where(eq(templates.id, acmePlan.template.id));
    });
    const edited = (await pull(acme.cookies.newHire, client, unchanged.cursor)).body as PullResponse;
    expect(edited.templates).toEqual([expect.objectContaining({ id: acmePlan.template.id, title: 'Engineering, revised' })]);

    const older = await givePlan(ctx, acme, acme.newHire.id, ['Only task']);
    await transaction(ctx.db, async (tx) => {
      const version = await nextVersion(tx, acme.company.id);
      await tx.insert(onboardingPlans).values({ newHireId: acme.newHire.id, templateId: acmePlan.template.id, companyId: acme.company.id, startDate: '2026-02-02', version });
    });
    const withPlan = (await pull(acme.cookies.newHire, client, edited.cursor)).body as PullResponse;
    expect(withPlan.templates.map((template) => template.id).sort()).toEqual([acmePlan.template.id, older.template.id].sort());
  });

  it('answers 400 for a malformed push', async () => {
    const res = await push(acme.cookies.newHire, { clientId: 'nope', mutations: [] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Invalid client id');
  });
});
