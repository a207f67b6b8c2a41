// The outbox (decision 010): a row is sent once however many deliverers run, a dedupe key queues once,
// a failing send is retried with backoff and given up after MAX_OUTBOX_ATTEMPTS.
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PushPayload } from '../../shared/notifications.ts';
import { first } from '../db/client.ts';
import { outbox } from '../db/schema.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import type { Mail, Mailer } from './mailer.ts';
import { deliverOutbox, enqueueEmail, enqueuePush, MAX_OUTBOX_ATTEMPTS, OUTBOX_LEASE_MS, retryDelayMs, type PushSender } from './outbox.ts';

const T0 = new Date('2026-12-01T08:00:00Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const mailTo = (to: string, subject = 'Hello'): Mail => ({ to, subject, text: `Hi ${to}`, html: `<p>Hi ${to}</p>`, headers: { 'X-Test': '1' } });

let ctx: TestContext;
let sent: Mail[];
/** Fails while `failuresLeft` > 0; each send takes a little while, so two deliverers overlap. */
let failuresLeft: number;
const mailer: Mailer = {
  async send(mail) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (failuresLeft > 0) {
      failuresLeft -= 1;
      throw new Error('SMTP 421 try later');
    }
    sent.push(mail);
  },
};
const deliver = (now: Date, extra: Partial<Parameters<typeof deliverOutbox>[0]> = {}) => deliverOutbox({ db: ctx.db, mailer, config: ctx.config, now, ...extra });
const rowOf = async (id: string | null) =>
  first(
    ctx.db
      .select()
      .from(outbox)
      .where(eq(outbox.id, id ?? '')),
  );

beforeEach(async () => {
  ctx = await createTestContext();
  sent = [];
  failuresLeft = 0;
  // Failures are logged for operators; the tests read them from the rows instead.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('enqueue', () => {
  it('queues a dedupe key once: the second enqueue answers null and adds nothing', async () => {
    const firstId = await enqueueEmail(ctx.db, { kind: 'morning_digest', to: 'ana@example.test', dedupeKey: 'digest:ana:2026-12-01', mail: mailTo('ana@example.test') });
    const again = await enqueueEmail(ctx.db, { kind: 'morning_digest', to: 'ana@example.test', dedupeKey: 'digest:ana:2026-12-01', mail: mailTo('ana@example.test', 'Other') });
    expect(firstId).toEqual(expect.any(String));
    expect(again).toBeNull();
    expect(await ctx.db.select().from(outbox)).toHaveLength(1);
    // Without a key every enqueue is its own row.
    await enqueueEmail(ctx.db, { kind: 'verification', to: 'bo@example.test', mail: mailTo('bo@example.test') });
    await enqueueEmail(ctx.db, { kind: 'verification', to: 'bo@example.test', mail: mailTo('bo@example.test') });
    expect(await ctx.db.select().from(outbox)).toHaveLength(3);
  });

  it('stores the rendered mail with its headers, and sends it as it was queued', async () => {
    const id = await enqueueEmail(ctx.db, { kind: 'weekly_summary', to: 'ana@example.test', mail: mailTo('ana@example.test', 'Stuck plans') });
    expect(await rowOf(id)).toMatchObject({ channel: 'email', recipient: 'ana@example.test', status: 'pending', attempts: 0 });
    await deliver(T0);
    expect(sent).toEqual([mailTo('ana@example.test', 'Stuck plans')]);
  });
});

describe('deliverOutbox', () => {
  it('sends each row once when two deliverers run at the same time, and never again', async () => {
    for (let i = 0; i < 30; i += 1) await enqueueEmail(ctx.db, { kind: 'morning_digest', to: `p${i}@example.test`, mail: mailTo(`p${i}@example.test`) });
    const results = await Promise.all([deliver(T0), deliver(T0)]);
    expect(results.reduce((sum, result) => sum + result.sent, 0)).toBe(30);
    expect(sent).toHaveLength(30);
    expect(new Set(sent.map((mail) => mail.to)).size).toBe(30);

    expect(await deliver(at(OUTBOX_LEASE_MS * 2))).toEqual({ sent: 0, failed: 0, retrying: 0 });
    expect(sent).toHaveLength(30);
    const rows = await ctx.db.select().from(outbox);
    expect(rows.every((row) => row.status === 'sent' && row.sentAt === T0.getTime() && row.leaseUntil === null)).toBe(true);
  });

  it('with ids, sends only those rows', async () => {
    const mine = await enqueueEmail(ctx.db, { kind: 'verification', to: 'me@example.test', mail: mailTo('me@example.test') });
    await enqueueEmail(ctx.db, { kind: 'morning_digest', to: 'other@example.test', mail: mailTo('other@example.test') });
    expect(await deliver(T0, { ids: [mine ?? ''] })).toEqual({ sent: 1, failed: 0, retrying: 0 });
    expect(sent.map((mail) => mail.to)).toEqual(['me@example.test']);
  });

  it('leaves a row another deliverer holds until its lease ends (a crashed instance’s rows come back)', async () => {
    const id = await enqueueEmail(ctx.db, { kind: 'morning_digest', to: 'ana@example.test', mail: mailTo('ana@example.test') });
    await ctx.db
      .update(outbox)
      .set({ leaseUntil: T0.getTime() + OUTBOX_LEASE_MS })
      .where(eq(outbox.id, id ?? ''));
    expect((await deliver(T0)).sent).toBe(0);
    expect((await deliver(at(OUTBOX_LEASE_MS + 1))).sent).toBe(1);
  });

  it('retries a failed send with growing backoff, keeps the error, then sends it once', async () => {
    failuresLeft = 2;
    const id = await enqueueEmail(ctx.db, { kind: 'morning_digest', to: 'ana@example.test', mail: mailTo('ana@example.test') });

    expect(await deliver(T0)).toEqual({ sent: 0, failed: 0, retrying: 1 });
    expect(await rowOf(id)).toMatchObject({ status: 'pending', attempts: 1, nextAttemptAt: T0.getTime() + 60_000, lastError: 'SMTP 421 try later', leaseUntil: null });

    expect(await deliver(at(59_999))).toEqual({ sent: 0, failed: 0, retrying: 0 });
    expect(await deliver(at(60_000))).toEqual({ sent: 0, failed: 0, retrying: 1 });
    expect(await rowOf(id)).toMatchObject({ attempts: 2, nextAttemptAt: T0.getTime() + 60_000 + 120_000 });

    expect(await deliver(at(180_000))).toEqual({ sent: 1, failed: 0, retrying: 0 });
    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 2, sentAt: T0.getTime() + 180_000, lastError: 'SMTP 421 try later' });
    expect(sent).toHaveLength(1);
  });

  it('gives a row up as failed after the last attempt, and sends it no more', async () => {
    failuresLeft = Number.POSITIVE_INFINITY;
    const id = await enqueueEmail(ctx.db, { kind: 'morning_digest', to: 'ana@example.test', mail: mailTo('ana@example.test') });
    const outcomes = [];
    for (let attempt = 0; attempt < MAX_OUTBOX_ATTEMPTS; attempt += 1) outcomes.push(await deliver(at(attempt * 2 * 60 * 60_000)));
    expect(outcomes.slice(0, -1).every((outcome) => outcome.retrying === 1)).toBe(true);
    expect(outcomes.at(-1)).toEqual({ sent: 0, failed: 1, retrying: 0 });
    expect(await rowOf(id)).toMatchObject({ status: 'failed', attempts: MAX_OUTBOX_ATTEMPTS, lastError: 'SMTP 421 try later' });

    failuresLeft = 0;
    expect(await deliver(at(100 * 60 * 60_000))).toEqual({ sent: 0, failed: 0, retrying: 0 });
    expect(sent).toEqual([]);
  });

  it('waits 1, 2, 4 … minutes between attempts, at most an hour', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((failures) => retryDelayMs(failures) / 60_000)).toEqual([1, 2, 4, 8, 16, 32, 60, 60]);
  });

  it('sends a push row through the push sender, once per dedupe key', async () => {
    const { newHire } = await ctx.createCompany();
    const payload: PushPayload = { title: 'Your manager replied', body: 'See the message', url: '/messages', tag: 'reply' };
    const pushed: { userId: string; payload: PushPayload }[] = [];
    const sendPush: PushSender = async (_db, _config, userId, body) => {
      pushed.push({ userId, payload: body });
      return { delivered: 1, removed: 0 };
    };
    const id = await enqueuePush(ctx.db, { kind: 'unread_messages', userId: newHire.id, companyId: newHire.companyId, dedupeKey: 'reply:m1', payload });
    expect(await enqueuePush(ctx.db, { kind: 'unread_messages', userId: newHire.id, companyId: newHire.companyId, dedupeKey: 'reply:m1', payload })).toBeNull();
    expect(await rowOf(id)).toMatchObject({ channel: 'push', recipient: null, userId: newHire.id });

    expect(await deliver(T0, { sendPush })).toEqual({ sent: 1, failed: 0, retrying: 0 });
    expect(pushed).toEqual([{ userId: newHire.id, payload }]);
    expect(sent).toEqual([]);
  });

  it('retries a push the push service refused like a mail', async () => {
    const { newHire } = await ctx.createCompany();
    const sendPush: PushSender = () => Promise.reject(new Error('push service 503'));
    const id = await enqueuePush(ctx.db, { kind: 'morning_digest', userId: newHire.id, companyId: newHire.companyId, payload: { title: 't', body: 'b', url: '/' } });
    expect(await deliver(T0, { sendPush })).toEqual({ sent: 0, failed: 0, retrying: 1 });
    expect(await rowOf(id)).toMatchObject({ status: 'pending', attempts: 1, lastError: 'push service 503' });
  });
});
