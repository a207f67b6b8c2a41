import { describe, expect, it } from 'vitest';
import type { Message, UnreadCounts } from '../../shared/messages.ts';
import { createTeamMember } from '../auth/auth.queries.ts';
import { onboardingPlans } from '../db/schema.ts';
import { createTestContext, TEST_PASSWORD_HASH } from '../test/harness.ts';
import { sendMessage } from './messages.queries.ts';

const ctx = createTestContext();
const { db } = ctx;

function plan(companyId: string, newHireId: string, managerId: string | null, createdBy: string) {
  return db
    .insert(onboardingPlans)
    .values({ companyId, newHireId, managerId, createdBy, startDate: '2026-01-05' })
    .returning()
    .get();
}

const acme = ctx.createCompany('Acme');
const otherManager = createTeamMember(db, {
  companyId: acme.company.id,
  email: `other-manager-${crypto.randomUUID().slice(0, 6)}@acme.test`,
  fullName: 'Other Manager',
  role: 'manager',
  passwordHash: TEST_PASSWORD_HASH,
  isEmailVerified: true,
});
const otherManagerCookie = ctx.cookieFor(otherManager.id);
const acmePlan = plan(acme.company.id, acme.newHire.id, acme.manager.id, acme.admin.id);
const rival = ctx.createCompany('Rival');

const send = (cookie: string, body: Record<string, unknown>) => ctx.request('/api/messages', { method: 'POST', cookie, body });
const list = (cookie: string, planId: string, after?: string) =>
  ctx.request(`/api/messages/${planId}${after ? `?after=${encodeURIComponent(after)}` : ''}`, { cookie });

describe('messages', () => {
  it('sends from the manager to the new hire, trimmed, with the sender named', async () => {
    const res = await send(acme.cookies.manager, { planId: acmePlan.id, content: '  Welcome aboard!  ' });
    expect(res.status).toBe(201);
    const message = res.body as Message;
    expect(message).toMatchObject({
      planId: acmePlan.id,
      senderId: acme.manager.id,
      receiverId: acme.newHire.id,
      content: 'Welcome aboard!',
      isRead: false,
      sender: { fullName: 'Acme manager', role: 'manager' },
    });
  });

  it('rejects an empty or whitespace-only message', async () => {
    for (const content of ['', '   \n ']) {
      const res = await send(acme.cookies.manager, { planId: acmePlan.id, content });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Message cannot be empty');
    }
  });

  it('sends from the new hire to their manager, and from an admin to the manager', async () => {
    const fromHire = await send(acme.cookies.newHire, { planId: acmePlan.id, content: 'Thanks!' });
    expect(fromHire.status).toBe(201);
    expect(fromHire.body.receiverId).toBe(acme.manager.id);
    const fromAdmin = await send(acme.cookies.admin, { planId: acmePlan.id, content: 'How is it going?' });
    expect(fromAdmin.status).toBe(201);
    expect(fromAdmin.body.receiverId).toBe(acme.manager.id);
    expect(fromAdmin.body.sender.role).toBe('admin');
  });

  it('refuses a receiver who is not part of the conversation', async () => {
    const res = await send(acme.cookies.manager, { planId: acmePlan.id, content: 'Hi', receiverId: otherManager.id });
    expect(res.status).toBe(400);
  });

  it('hides a plan from a manager who does not manage it, and from another company', async () => {
    expect((await list(otherManagerCookie, acmePlan.id)).status).toBe(404);
    expect((await send(otherManagerCookie, { planId: acmePlan.id, content: 'Hi' })).status).toBe(404);
    expect((await list(rival.cookies.admin, acmePlan.id)).status).toBe(404);
    expect((await send(rival.cookies.admin, { planId: acmePlan.id, content: 'Hi' })).status).toBe(404);
    expect((await ctx.request('/api/messages/unread', { cookie: rival.cookies.admin })).body).toEqual({ total: 0, byPlan: {} });
  });

  it('lists the conversation oldest first for each participant and for admins', async () => {
    for (const cookie of [acme.cookies.manager, acme.cookies.newHire, acme.cookies.admin]) {
      const res = await list(cookie, acmePlan.id);
      expect(res.status).toBe(200);
      expect((res.body as Message[]).map((message) => message.content)).toEqual(['Welcome aboard!', 'Thanks!', 'How is it going?']);
    }
  });

  it('returns only newer messages with ?after=', async () => {
    const thread = plan(acme.company.id, acme.newHire.id, acme.manager.id, acme.admin.id);
    for (const [hour, content] of [['09', 'first'], ['10', 'second'], ['11', 'third']] as const) {
      const res = await send(acme.cookies.manager, { planId: thread.id, content, createdAt: `2025-03-01T${hour}:00:00.000Z` });
      expect(res.status).toBe(201);
    }
    const newer = await list(acme.cookies.newHire, thread.id, '2025-03-01T10:00:00.000Z');
    expect((newer.body as Message[]).map((message) => message.content)).toEqual(['third']);
    expect((await list(acme.cookies.newHire, thread.id, 'yesterday')).status).toBe(400);
  });

  it('lets only the receiver mark a message read, and the unread badge follows', async () => {
    const thread = plan(acme.company.id, acme.newHire.id, acme.manager.id, acme.admin.id);
    const sent = (await send(acme.cookies.manager, { planId: thread.id, content: 'Read me' })).body as Message;
    const before = (await ctx.request('/api/messages/unread', { cookie: acme.cookies.newHire })).body as UnreadCounts;
    expect(before.byPlan[thread.id]).toBe(1);

    expect((await ctx.request(`/api/messages/${sent.id}/read`, { method: 'PATCH', cookie: acme.cookies.manager })).status).toBe(404);
    expect((await ctx.request(`/api/messages/${sent.id}/read`, { method: 'PATCH', cookie: acme.cookies.admin })).status).toBe(404);
    expect((await ctx.request(`/api/messages/${sent.id}/read`, { method: 'PATCH', cookie: rival.cookies.admin })).status).toBe(404);
    const read = await ctx.request(`/api/messages/${sent.id}/read`, { method: 'PATCH', cookie: acme.cookies.newHire });
    expect(read.status).toBe(200);
    expect(read.body.isRead).toBe(true);

    const after = (await ctx.request('/api/messages/unread', { cookie: acme.cookies.newHire })).body as UnreadCounts;
    expect(after.byPlan[thread.id]).toBeUndefined();
    expect(after.total).toBe(before.total - 1);
  });

  it('marks a whole conversation read when it is opened', async () => {
    const thread = plan(acme.company.id, acme.newHire.id, acme.manager.id, acme.admin.id);
    await send(acme.cookies.newHire, { planId: thread.id, content: 'One' });
    await send(acme.cookies.newHire, { planId: thread.id, content: 'Two' });
    expect(((await ctx.request('/api/messages/unread', { cookie: acme.cookies.manager })).body as UnreadCounts).byPlan[thread.id]).toBe(2);
    const res = await ctx.request(`/api/messages/${thread.id}/read`, { method: 'POST', cookie: acme.cookies.manager });
    expect(res.body).toEqual({ marked: 2 });
    expect(((await ctx.request('/api/messages/unread', { cookie: acme.cookies.manager })).body as UnreadCounts).byPlan[thread.id]).toBeUndefined();
  });

  it('stores a client-chosen id once: a replay returns the same message', async () => {
    const id = crypto.randomUUID();
    const thread = plan(acme.company.id, acme.newHire.id, acme.manager.id, acme.admin.id);
    const first = await send(acme.cookies.newHire, { id, planId: thread.id, content: 'Sent offline' });
    const replay = await send(acme.cookies.newHire, { id, planId: thread.id, content: 'Sent offline' });
    expect(first.status).toBe(201);
    expect(replay.body).toEqual(first.body);
    expect((await list(acme.cookies.newHire, thread.id)).body).toHaveLength(1);
    expect((await send(acme.cookies.manager, { id, planId: thread.id, content: 'Taken' })).status).toBe(409);
  });

  it('sends synchronously inside a transaction, as the sync engine does', () => {
    const thread = plan(acme.company.id, acme.newHire.id, acme.manager.id, acme.admin.id);
    const user = { ...acme.newHire, role: 'new_hire' as const };
    const message = db.transaction((tx) => sendMessage(tx, user, { planId: thread.id, content: ' From sync ' }));
    expect(message).toMatchObject({ content: 'From sync', receiverId: acme.manager.id });
    expect(() => db.transaction((tx) => sendMessage(tx, user, { planId: thread.id, content: '  ' }))).toThrow('Message cannot be empty');
  });

  it('routes a plan with no manager to the admin who created it', async () => {
    const thread = plan(acme.company.id, acme.newHire.id, null, acme.admin.id);
    const fromHire = await send(acme.cookies.newHire, { planId: thread.id, content: 'Who do I ask?' });
    expect(fromHire.body.receiverId).toBe(acme.admin.id);
    const unread = (await ctx.request('/api/messages/unread', { cookie: acme.cookies.admin })).body as UnreadCounts;
    expect(unread.byPlan[thread.id]).toBe(1);
    const reply = await send(acme.cookies.admin, { planId: thread.id, content: 'Me!' });
    expect(reply.body.receiverId).toBe(acme.newHire.id);
  });
});
