import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Message, UnreadCounts } from '../../shared/messages.ts';
import { createTeamMember } from '../auth/auth.queries.ts';
import { first, transaction } from '../db/client.ts';
import { companies, messages, onboardingPlans } from '../db/schema.ts';
import { createTestContext, TEST_PASSWORD_HASH } from '../test/harness.ts';
import { sendMessage } from './messages.queries.ts';

const ctx = await createTestContext();
const { db } = ctx;

async function plan(companyId: string, newHireId: string, managerId: string | null, createdBy: string) {
  const [row] = await db.insert(onboardingPlans).values({ companyId, newHireId, managerId, createdBy, startDate: '2026-01-05' }).returning();
  if (!row) throw new Error('plan not inserted');
  return row;
}

const companyVersion = async (companyId: string) => (await first(db.select({ version: companies.version }).from(companies).where(eq(companies.id, companyId))))?.version;

const acme = await ctx.createCompany('Acme');
const otherManager = await createTeamMember(db, {
  companyId: acme.company.id,
  email: `other-manager-${crypto.randomUUID().slice(0, 6)}@acme.test`,
  fullName: 'Other Manager',
  role: 'manager',
  passwordHash: TEST_PASSWORD_HASH,
  isEmailVerified: true,
});
const otherManagerCookie = await ctx.cookieFor(otherManager.id);
const acmePlan = await plan(acme.company.id, acme.newHire.id, acme.manager.id, acme.admin.id);
const rival = await ctx.createCompany('Rival');

const send = (cookie: string, body: Record<string, unknown>) => ctx.request('/api/messages', { method: 'POST', cookie, body });
const list = (cookie: string, planId: string, after?: string) => ctx.request(`/api/messages/${planId}${after ? `?after=${encodeURIComponent(after)}` : ''}`, { cookie });

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
    for (const cookie of [acme.cookies.manager, acme.cookies.admin]) {
      const res = await list(cookie, acmePlan.id);
      expect(res.status).toBe(200);
      expect((res.body as Message[]).map((message) => message.content)).toEqual(['Welcome aboard!', 'Thanks!', 'How is it going?']);
    }
    // The admin's question to the manager is a staff note (issue 22): the new hire's list leaves it out.
    const res = await list(acme.cookies.newHire, acmePlan.id);
    expect(res.status).toBe(200);
    expect((res.body as Message[]).map((message) => message.content)).toEqual(['Welcome aboard!', 'Thanks!']);
  });

  it('returns only newer messages with ?after=', async () => {
    const thread = await plan(acme.company.id, acme.newHire.id, acme.manager.id, acme.admin.id);
    for (const [hour, content] of [
      ['09', 'first'],
      ['10', 'second'],
      ['11', 'third'],
    ] as const) {
      const res = await send(acme.cookies.manager, { planId: thread.id, content, createdAt: `2025-03-01T${hour}:00:00.000Z` });
      expect(res.status).toBe(201);
    }
    const newer = await list(acme.cookies.newHire, thread.id, '2025-03-01T10:00:00.000Z');
    expect((newer.body as Message[]).map((message) => message.content)).toEqual(['third']);
    expect((await list(acme.cookies.newHire, thread.id, 'yesterday')).status).toBe(400);
  });

  it('lets only the receiver mark a message read, and the unread badge follows', async () => {
    const thread = await plan(acme.company.id, acme.newHire.id, acme.manager.id, acme.admin.id);
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
    const thread = await plan(acme.company.id, acme.newHire.id, acme.manager.id, acme.admin.id);
    await send(acme.cookies.newHire, { planId: thread.id, content: 'One' });
    await send(acme.cookies.newHire, { planId: thread.id, content: 'Two' });
    expect(((await ctx.request('/api/messages/unread', { cookie: acme.cookies.manager })).body as UnreadCounts).byPlan[thread.id]).toBe(2);
    const res = await ctx.request(`/api/messages/${thread.id}/read`, { method: 'POST', cookie: acme.cookies.manager });
    expect(res.body).toEqual({ marked: 2 });
    expect(((await ctx.request('/api/messages/unread', { cookie: acme.cookies.manager })).body as UnreadCounts).byPlan[thread.id]).toBeUndefined();
  });

  it('stores a client-chosen id once: a replay returns the same message', async () => {
    const id = crypto.randomUUID();
    const thread = await plan(acme.company.id, acme.newHire.id, acme.manager.id, acme.admin.id);
    const first = await send(acme.cookies.newHire, { id, planId: thread.id, content: 'Sent offline' });
    const replay = await send(acme.cookies.newHire, { id, planId: thread.id, content: 'Sent offline' });
    expect(first.status).toBe(201);
    expect(replay.body).toEqual(first.body);
    expect((await list(acme.cookies.newHire, thread.id)).body).toHaveLength(1);
    expect((await send(acme.cookies.manager, { id, planId: thread.id, content: 'Taken' })).status).toBe(409);
  });

  it("sends inside a caller's transaction, as the sync engine does", async () => {
    const thread = await plan(acme.company.id, acme.newHire.id, acme.manager.id, acme.admin.id);
    const user = { ...acme.newHire, role: 'new_hire' as const };
    const message = await transaction(db, (tx) => sendMessage(tx, user, { planId: thread.id, content: ' From sync ' }));
    expect(message).toMatchObject({ content: 'From sync', receiverId: acme.manager.id });
    const versionBefore = await companyVersion(acme.company.id);
    await expect(transaction(db, (tx) => sendMessage(tx, user, { planId: thread.id, content: '  ' }))).rejects.toThrow('Message cannot be empty');
    // The refused send rolled back with its version bump.
    expect(await companyVersion(acme.company.id)).toBe(versionBefore);
  });

  it("stamps a message with its company and the company's new version, and bumps it again when read", async () => {
    const thread = await plan(acme.company.id, acme.newHire.id, acme.manager.id, acme.admin.id);
    const versionBefore = (await companyVersion(acme.company.id)) ?? 0;
    const sent = (await send(acme.cookies.manager, { planId: thread.id, content: 'Versioned' })).body as Message;
    const stored = await first(db.select({ companyId: messages.companyId, version: messages.version }).from(messages).where(eq(messages.id, sent.id)));
    expect(stored).toEqual({ companyId: acme.company.id, version: versionBefore + 1 });
    expect(await companyVersion(acme.company.id)).toBe(versionBefore + 1);

    await ctx.request(`/api/messages/${sent.id}/read`, { method: 'PATCH', cookie: acme.cookies.newHire });
    expect(await companyVersion(acme.company.id)).toBe(versionBefore + 2);
    // Reading it again, or opening a conversation with nothing unread, writes nothing.
    await ctx.request(`/api/messages/${sent.id}/read`, { method: 'PATCH', cookie: acme.cookies.newHire });
    expect((await ctx.request(`/api/messages/${thread.id}/read`, { method: 'POST', cookie: acme.cookies.newHire })).body).toEqual({ marked: 0 });
    expect(await companyVersion(acme.company.id)).toBe(versionBefore + 2);
  });

  it('stores a client-chosen id once even when the same send arrives twice at the same time', async () => {
    const id = crypto.randomUUID();
    const thread = await plan(acme.company.id, acme.newHire.id, acme.manager.id, acme.admin.id);
    const body = { id, planId: thread.id, content: 'Sent twice' };
    const versionBefore = (await companyVersion(acme.company.id)) ?? 0;
    const [one, two] = await Promise.all([send(acme.cookies.newHire, body), send(acme.cookies.newHire, body)]);
    expect([one?.status, two?.status]).toEqual([201, 201]);
    expect(two?.body).toEqual(one?.body);
    expect((await list(acme.cookies.newHire, thread.id)).body).toHaveLength(1);
    // Only the first wrote; the replay bumped nothing, so no client is told to pull for it.
    expect(await companyVersion(acme.company.id)).toBe(versionBefore + 1);
  });

  it('lists messages written at the same instant in id order on every engine', async () => {
    const thread = await plan(acme.company.id, acme.newHire.id, acme.manager.id, acme.admin.id);
    const createdAt = '2025-04-01T09:00:00.000Z';
    const ids = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    for (const id of ids) await send(acme.cookies.manager, { id, planId: thread.id, content: `At once ${id}`, createdAt });
    const listed = (await list(acme.cookies.newHire, thread.id)).body as Message[];
    expect(listed.map((message) => message.id)).toEqual([...ids].sort());
    expect(listed.every((message) => message.createdAt === createdAt)).toBe(true);
  });

  it('routes a plan with no manager to the admin who created it', async () => {
    const thread = await plan(acme.company.id, acme.newHire.id, null, acme.admin.id);
    const fromHire = await send(acme.cookies.newHire, { planId: thread.id, content: 'Who do I ask?' });
    expect(fromHire.body.receiverId).toBe(acme.admin.id);
    const unread = (await ctx.request('/api/messages/unread', { cookie: acme.cookies.admin })).body as UnreadCounts;
    expect(unread.byPlan[thread.id]).toBe(1);
    const reply = await send(acme.cookies.admin, { planId: thread.id, content: 'Me!' });
    expect(reply.body.receiverId).toBe(acme.newHire.id);
  });
});

describe('staff notes', () => {
  const inbox = async (cookie: string) => (await ctx.request('/api/messages/unread', { cookie })).body as UnreadCounts;

  it('stores a note between two staff members as a staff note the plan’s new hire never reads', async () => {
    const thread = await plan(acme.company.id, acme.newHire.id, acme.manager.id, acme.admin.id);
    const hello = (await send(acme.cookies.manager, { planId: thread.id, content: 'Welcome!' })).body as Message;
    expect(hello.audience).toBe('plan');
    const hireUnreadBefore = await inbox(acme.cookies.newHire);

    // From "View Messages" an admin writes to the plan's manager (the default receiver).
    const note = await send(acme.cookies.admin, { planId: thread.id, content: 'Keep an eye on their laptop order' });
    expect(note.status).toBe(201);
    expect(note.body).toMatchObject({ receiverId: acme.manager.id, audience: 'staff' });
    // The manager answers the admin: still between staff.
    const reply = await send(acme.cookies.manager, { planId: thread.id, content: 'Will do', receiverId: acme.admin.id });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ receiverId: acme.admin.id, audience: 'staff' });
    const stored = await db.select({ id: messages.id, audience: messages.audience }).from(messages).where(eq(messages.planId, thread.id));
    expect(new Map(stored.map((row) => [row.id, row.audience]))).toEqual(
      new Map([
        [hello.id, 'plan'],
        [note.body.id, 'staff'],
        [reply.body.id, 'staff'],
      ]),
    );

    // Admins and the plan's manager read the whole conversation, staff notes marked as such.
    for (const cookie of [acme.cookies.admin, acme.cookies.manager]) {
      const listed = (await list(cookie, thread.id)).body as Message[];
      expect(listed.map((message) => [message.content, message.audience])).toEqual([
        ['Welcome!', 'plan'],
        ['Keep an eye on their laptop order', 'staff'],
        ['Will do', 'staff'],
      ]);
    }
    // The new hire: not in the list, not in a poll, not in the badge, not readable by id.
    expect(((await list(acme.cookies.newHire, thread.id)).body as Message[]).map((message) => message.id)).toEqual([hello.id]);
    expect((await list(acme.cookies.newHire, thread.id, hello.createdAt)).body).toEqual([]);
    expect(await inbox(acme.cookies.newHire)).toEqual(hireUnreadBefore);
    expect((await ctx.request(`/api/messages/${note.body.id}/read`, { method: 'PATCH', cookie: acme.cookies.newHire })).status).toBe(404);
    expect((await ctx.request(`/api/messages/${thread.id}/read`, { method: 'POST', cookie: acme.cookies.newHire })).body).toEqual({ marked: 1 });
    // The staff notes count for their receivers.
    expect((await inbox(acme.cookies.manager)).byPlan[thread.id]).toBe(1);
    expect((await inbox(acme.cookies.admin)).byPlan[thread.id]).toBe(1);
  });

  it('keeps every message with the new hire on either side a plan message', async () => {
    const thread = await plan(acme.company.id, acme.newHire.id, acme.manager.id, acme.admin.id);
    const toHire = await send(acme.cookies.admin, { planId: thread.id, content: 'Hello from HR', receiverId: acme.newHire.id });
    const fromHire = await send(acme.cookies.newHire, { planId: thread.id, content: 'Hi' });
    expect([toHire.body.audience, fromHire.body.audience]).toEqual(['plan', 'plan']);
    // The new hire writes to the plan's staff side only, never to an admin directly.
    expect((await send(acme.cookies.newHire, { planId: thread.id, content: 'Psst', receiverId: acme.admin.id })).status).toBe(400);
  });

  it('lets staff note only people who can read the plan: not another manager, nor another company’s admin', async () => {
    const thread = await plan(acme.company.id, acme.newHire.id, acme.manager.id, acme.admin.id);
    expect((await send(acme.cookies.admin, { planId: thread.id, content: 'FYI', receiverId: otherManager.id })).status).toBe(400);
    expect((await send(acme.cookies.manager, { planId: thread.id, content: 'FYI', receiverId: rival.admin.id })).status).toBe(400);
  });
});
