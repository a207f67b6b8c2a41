import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PullResponse, PushResponse, SyncPlan, SyncTask } from '../../shared/sync.ts';
import { createTeamMember } from '../auth/auth.queries.ts';
import { nextVersion } from '../db/client.ts';
import { companies, onboardingPlans, onboardingTasks, templates } from '../db/schema.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';

type Company = ReturnType<TestContext['createCompany']>;

/** A template and a plan of three tasks for the company's new hire (the REST routes are someone else's). */
function givePlan(ctx: TestContext, company: Company, newHireId = company.newHire.id) {
  const version = nextVersion(ctx.db);
  const template = ctx.db
    .insert(templates)
    .values({ title: 'Engineering onboarding', duration: 30, companyId: company.company.id, createdBy: company.admin.id, version })
    .returning()
    .get();
  const plan = ctx.db
    .insert(onboardingPlans)
    .values({
      newHireId,
      templateId: template.id,
      managerId: company.manager.id,
      companyId: company.company.id,
      createdBy: company.admin.id,
      startDate: '2026-01-05',
      version,
    })
    .returning()
    .get();
  const tasks = ['Set up laptop', 'Meet the team', 'Read the handbook'].map((title, order) =>
    ctx.db
      .insert(onboardingTasks)
      .values({ planId: plan.id, title, type: 'checklist', order, dayStart: 1, dayEnd: 7, dueDate: '2026-01-11', version })
      .returning()
      .get(),
  );
  return { template, plan, tasks };
}

describe('sync API', () => {
  let ctx: TestContext;
  let acme: Company;
  let acmePlan: ReturnType<typeof givePlan>;
  const clientId = () => crypto.randomUUID();

  beforeEach(() => {
    ctx = createTestContext();
    acme = ctx.createCompany('Acme');
    acmePlan = givePlan(ctx, acme);
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

  it('stops at a gap with 409 and keeps the counter where it was', async () => {
    const client = clientId();
    const res = await push(acme.cookies.newHire, { clientId: client, mutations: [tick(2, acmePlan.tasks[0]!.id)] });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/expected 1/);
    expect((await pull(acme.cookies.newHire, client)).body.lastMutationId).toBe(0);
    expect(liveTasks((await pull(acme.cookies.newHire, client)).body).every((t) => !t.isCompleted)).toBe(true);
  });

  it('rejects a mutation that breaks a rule, still advances, and applies the next one', async () => {
    const other = ctx.createCompany('Globex');
    const otherPlan = givePlan(ctx, other);
    const client = clientId();
    const res = await push(acme.cookies.newHire, {
      clientId: client,
      mutations: [
        tick(1, otherPlan.tasks[0]!.id),
        send(2, acmePlan.plan.id, '   '),
        { id: 3, name: 'task.explode', args: {} },
        tick(4, acmePlan.tasks[1]!.id),
      ],
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
    const other = ctx.createCompany('Globex');
    const otherPlan = givePlan(ctx, other);
    await push(other.cookies.newHire, { clientId: clientId(), mutations: [send(1, otherPlan.plan.id, 'Globex secret')] });
    const colleague = createTeamMember(ctx.db, { companyId: acme.company.id, email: 'colleague@acme.test', fullName: 'Acme colleague', role: 'new_hire' });
    const colleaguePlan = givePlan(ctx, acme, colleague.id);
    ctx.db.update(companies).set({ helpfulResources: [{ label: 'Handbook', url: 'https://acme.test/handbook' }] }).where(eq(companies.id, acme.company.id)).run();

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
      expect.objectContaining({ content: 'Where is the kitchen?', senderId: acme.newHire.id, receiverId: acme.manager.id, sender: { fullName: acme.newHire.fullName, role: 'new_hire' } }),
    ]);
  });

  it('delivers a deleted plan as tombstones, and leaves them out of a full state', async () => {
    const client = clientId();
    const first = (await pull(acme.cookies.newHire, client)).body as PullResponse;
    ctx.db.transaction((tx) => {
      const version = nextVersion(tx);
      const deletedAt = new Date().toISOString();
      tx.update(onboardingPlans).set({ deletedAt, version }).where(eq(onboardingPlans.id, acmePlan.plan.id)).run();
      tx.update(onboardingTasks).set({ deletedAt, version }).where(eq(onboardingTasks.planId, acmePlan.plan.id)).run();
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

  it('starts over (reset) when the cursor is ahead of the server', async () => {
    const client = clientId();
    await pull(acme.cookies.newHire, client);
    const res = (await pull(acme.cookies.newHire, client, 999_999)).body as PullResponse;
    expect(res.reset).toBe(true);
    expect(res.plans).toHaveLength(1);
  });

  it('answers 400 for a malformed push', async () => {
    const res = await push(acme.cookies.newHire, { clientId: 'nope', mutations: [] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Invalid client id');
  });
});
