// Unread-message mails: only after 10 minutes unread, several messages in one mail, a message read in
// time never mailed, and no message in two mails.
import { eq, inArray } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { messages } from '../db/schema.ts';
import { setPreference } from '../notifications/preferences.queries.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { APP_URL, queuedMails, reminderCompany } from './reminder-fixtures.ts';
import { sendUnreadMessageMails } from './unread-messages.ts';

let ctx: TestContext;
let acme: Awaited<ReturnType<typeof reminderCompany>>;
let planId: string;

const run = (at: string) => sendUnreadMessageMails({ db: ctx.db, now: new Date(at), appUrl: APP_URL });

async function message(
  from: { id: string },
  to: { id: string },
  content: string,
  createdAt: string,
  options: { audience?: 'plan' | 'staff'; plan?: string; companyId?: string } = {},
) {
  const [row] = await ctx.db
    .insert(messages)
    .values({
      senderId: from.id,
      receiverId: to.id,
      planId: options.plan ?? planId,
      companyId: options.companyId ?? acme.id,
      content,
      createdAt,
      audience: options.audience ?? 'plan',
    })
    .returning({ id: messages.id });
  if (!row) throw new Error('no message inserted');
  return row.id;
}

async function notified(ids: string[]): Promise<boolean[]> {
  const rows = await ctx.db.select({ id: messages.id, emailNotified: messages.emailNotified }).from(messages).where(inArray(messages.id, ids));
  return ids.map((id) => rows.find((row) => row.id === id)?.emailNotified ?? false);
}

beforeEach(async () => {
  ctx = await createTestContext();
  acme = await reminderCompany(ctx, 'Acme');
  planId = (
    await acme.plan(acme.newHire, { startDate: '2026-12-01', managerId: acme.manager.id, sections: [{ title: 'Week 1', dayStart: 1, dayEnd: 7, order: 1, tasks: ['Hello'] }] })
  ).id;
});

describe('sendUnreadMessageMails', () => {
  it('waits 10 minutes, then mails the receiver once with the message and a link to their dashboard', async () => {
    const id = await message(acme.manager, acme.newHire, 'Welcome! Your laptop is on your desk.', '2026-12-01T08:00:00.000Z');
    expect(await run('2026-12-01T08:09:59Z')).toEqual({ enqueued: 0 });
    expect(await notified([id])).toEqual([false]);

    expect(await run('2026-12-01T08:10:00Z')).toEqual({ enqueued: 1 });
    const [queued] = await queuedMails(ctx, 'unread_messages');
    expect(queued?.recipient).toBe(acme.newHire.email);
    expect(queued?.dedupeKey).toBe(`unread:${acme.newHire.id}:${id}`);
    expect(queued?.mail.subject).toBe('Acme manager sent you a message');
    expect(queued?.mail.text).toContain('Welcome! Your laptop is on your desk.');
    expect(queued?.mail.text).toContain(`${APP_URL}/new-hire-dashboard`);
    expect(queued?.mail.headers?.['List-Unsubscribe']).toContain('/api/notifications/unsubscribe?token=');
    expect(await notified([id])).toEqual([true]);

    expect(await run('2026-12-01T08:11:00Z')).toEqual({ enqueued: 0 });
    expect(await queuedMails(ctx)).toHaveLength(1);
  });

  it('puts every waiting message of a receiver in one mail, and a later one in the next', async () => {
    const first = await message(acme.newHire, acme.manager, 'Where do I find the VPN settings?', '2026-12-01T08:00:00.000Z');
    const note = await message(acme.admin, acme.manager, 'Their badge is ready at reception.', '2026-12-01T08:03:00.000Z', { audience: 'staff' });
    const long = await message(acme.newHire, acme.manager, `Also: ${'the printer on floor two is jammed again '.repeat(8)}`, '2026-12-01T08:05:00.000Z');
    const later = await message(acme.newHire, acme.manager, 'Found it, thanks!', '2026-12-01T08:12:00.000Z');

    expect(await run('2026-12-01T08:15:00Z')).toEqual({ enqueued: 1 });
    const [batch] = await queuedMails(ctx, 'unread_messages');
    expect(batch?.dedupeKey).toBe(`unread:${acme.manager.id}:${long}`);
    expect(batch?.mail.subject).toBe('3 unread messages');
    const text = batch?.mail.text ?? '';
    expect(text).toContain('Acme newhire');
    expect(text).toContain('Acme Admin');
    expect(text).toContain('Where do I find the VPN settings?');
    expect(text).toContain('Their badge is ready at reception.');
    expect(text).toContain('Also: the printer on floor two is jammed again the printer');
    expect(text).toMatch(/jammed again the printer on floor two is[^\n]*…/);
    expect(text).not.toContain('Found it');
    expect(text).toContain(`${APP_URL}/manager-dashboard`);
    expect(await notified([first, note, long, later])).toEqual([true, true, true, false]);

    expect(await run('2026-12-01T08:22:00Z')).toEqual({ enqueued: 1 });
    const mails = await queuedMails(ctx, 'unread_messages');
    expect(mails).toHaveLength(2);
    expect(mails.find((queued) => queued.dedupeKey === `unread:${acme.manager.id}:${later}`)?.mail.subject).toBe('Acme newhire sent you a message');
    expect(await notified([later])).toEqual([true]);
  });

  it('never mails a message read within the 10 minutes', async () => {
    const read = await message(acme.manager, acme.newHire, 'Lunch at noon?', '2026-12-01T08:00:00.000Z');
    await ctx.db.update(messages).set({ isRead: true }).where(eq(messages.id, read));
    expect(await run('2026-12-01T08:20:00Z')).toEqual({ enqueued: 0 });
    expect(await queuedMails(ctx)).toEqual([]);
  });

  it('marks the messages of someone who turned these mails off without mailing them', async () => {
    await setPreference(ctx.db, acme.newHire, 'unread_messages', false);
    const id = await message(acme.manager, acme.newHire, 'See you Monday', '2026-12-01T08:00:00.000Z');
    expect(await run('2026-12-01T08:20:00Z')).toEqual({ enqueued: 0 });
    expect(await queuedMails(ctx)).toEqual([]);
    expect(await notified([id])).toEqual([true]);
  });

  it('mails the receivers of every company in one run, each their own messages', async () => {
    const other = await reminderCompany(ctx, 'Other');
    const otherPlan = (
      await other.plan(other.newHire, { startDate: '2026-12-01', managerId: other.manager.id, sections: [{ title: 'Week 1', dayStart: 1, dayEnd: 7, order: 1, tasks: ['Hello'] }] })
    ).id;
    await message(acme.manager, acme.newHire, 'Acme news', '2026-12-01T08:00:00.000Z');
    await message(other.manager, other.newHire, 'Other news', '2026-12-01T08:00:00.000Z', { plan: otherPlan, companyId: other.id });
    expect(await run('2026-12-01T08:20:00Z')).toEqual({ enqueued: 2 });
    const mails = await queuedMails(ctx, 'unread_messages');
    const acmeMail = mails.find((queued) => queued.userId === acme.newHire.id);
    const otherMail = mails.find((queued) => queued.userId === other.newHire.id);
    expect([acmeMail?.companyId, otherMail?.companyId]).toEqual([acme.id, other.id]);
    expect(acmeMail?.mail.text).toContain('Acme news');
    expect(acmeMail?.mail.text).not.toContain('Other news');
    expect(otherMail?.mail.text).toContain('Other news');
  });
});
