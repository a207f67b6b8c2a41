// Every mail and push notification is a row first, then sent (decision 010): a sender enqueues (with a
// dedupe key when "once" matters), and deliverOutbox claims due rows with a lease, sends them, and marks
// them sent or schedules a retry with backoff. A sent row is never claimed again; of two instances (or
// two calls) delivering at once, only the one whose UPDATE claimed a row sends it.
import { and, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { PushPayload } from '../../shared/notifications.ts';
import type { Config } from '../config.ts';
import type { Db, Tx } from '../db/client.ts';
import { outbox } from '../db/schema.ts';
import { doublingDelayMs } from '../lib/backoff.ts';
import { sendPushToUser } from '../push/push-sender.ts';
import type { Mail, Mailer } from './mailer.ts';

/** Sends one push to each of a person's subscriptions (api/push/push-sender.ts `sendPushToUser`). */
export type PushSender = (db: Db, config: Config, userId: string, payload: PushPayload) => Promise<{ delivered: number; removed: number }>;

/** After this many failed attempts a row is 'failed' and left for admins to see. */
export const MAX_OUTBOX_ATTEMPTS = 8;
const FIRST_RETRY_MS = 60_000;
const LONGEST_RETRY_MS = 60 * 60_000;
/**
 * How long a claim holds a row. Longer than any send takes (nodemailer gives up on a silent server well
 * before), so a live sender never loses its row; a crashed one's rows are due again after it.
 */
export const OUTBOX_LEASE_MS = 15 * 60_000;
const CLAIM_BATCH = 20;

/** The wait before the next attempt after `failures` failed ones: 1 min, 2, 4, … at most 1 h. */
export function retryDelayMs(failures: number): number {
  return doublingDelayMs(failures, FIRST_RETRY_MS, LONGEST_RETRY_MS);
}

type EmailPayload = Omit<Mail, 'to'>;

/**
 * Queues one email. Returns the row's id, or null when a row with `dedupeKey` exists already (it was
 * queued before: by this run, another instance, or before a restart). Due at once (next_attempt_at 0).
 */
export async function enqueueEmail(
  db: Db | Tx,
  entry: { kind: string; to: string; userId?: string | null; companyId?: string | null; dedupeKey?: string | null; mail: Mail },
): Promise<string | null> {
  const { to, ...rendered } = entry.mail;
  const payload: EmailPayload = rendered;
  const [row] = await db
    .insert(outbox)
    .values({
      channel: 'email',
      kind: entry.kind,
      userId: entry.userId ?? null,
      companyId: entry.companyId ?? null,
      recipient: to,
      payload: JSON.stringify(payload),
      dedupeKey: entry.dedupeKey ?? null,
      nextAttemptAt: 0,
    })
    .onConflictDoNothing({ target: outbox.dedupeKey })
    .returning({ id: outbox.id });
  return row?.id ?? null;
}

/** Queues one push notification to every device of `userId`; null when `dedupeKey` was queued before. */
export async function enqueuePush(
  db: Db | Tx,
  entry: { kind: string; userId: string; companyId: string; dedupeKey?: string | null; payload: PushPayload },
): Promise<string | null> {
  const [row] = await db
    .insert(outbox)
    .values({
      channel: 'push',
      kind: entry.kind,
      userId: entry.userId,
      companyId: entry.companyId,
      recipient: null,
      payload: JSON.stringify(entry.payload),
      dedupeKey: entry.dedupeKey ?? null,
      nextAttemptAt: 0,
    })
    .onConflictDoNothing({ target: outbox.dedupeKey })
    .returning({ id: outbox.id });
  return row?.id ?? null;
}

export type DeliverOptions = {
  db: Db;
  mailer: Mailer;
  config: Config;
  now: Date;
  /** Only these rows (a route sending its mail at once); otherwise every due row. */
  ids?: readonly string[];
  /** How push rows are sent: `sendPushToUser` unless a test gives its own. */
  sendPush?: PushSender;
};

export type DeliveryResult = { sent: number; failed: number; retrying: number };

type OutboxRow = typeof outbox.$inferSelect;

/** Claims up to one batch of due rows (of `ids` when given) by leasing them, in one atomic UPDATE. */
async function claimDue(db: Db, nowMs: number, ids: readonly string[] | undefined): Promise<OutboxRow[]> {
  const due = and(eq(outbox.status, 'pending'), lte(outbox.nextAttemptAt, nowMs), or(isNull(outbox.leaseUntil), lt(outbox.leaseUntil, nowMs)));
  // The conditions are repeated on the UPDATE itself: under PostgreSQL's READ COMMITTED a second claimer
  // waiting on the row lock re-checks them against the first one's lease and skips the row.
  const batch = ids
    ? inArray(outbox.id, [...ids])
    : inArray(outbox.id, db.select({ id: outbox.id }).from(outbox).where(due).orderBy(outbox.nextAttemptAt, outbox.createdAt).limit(CLAIM_BATCH));
  return db
    .update(outbox)
    .set({ leaseUntil: nowMs + OUTBOX_LEASE_MS })
    .where(and(batch, due))
    .returning();
}

async function send(row: OutboxRow, options: DeliverOptions): Promise<void> {
  if (row.channel === 'email') {
    if (!row.recipient) throw new Error('email row without a recipient');
    const mail = JSON.parse(row.payload) as EmailPayload;
    await options.mailer.send({ ...mail, to: row.recipient });
    return;
  }
  if (!row.userId) throw new Error('push row without a user');
  const sendPush = options.sendPush ?? sendPushToUser;
  await sendPush(options.db, options.config, row.userId, JSON.parse(row.payload) as PushPayload);
}

/** Records one row's outcome; `error` undefined means it was sent. */
async function settle(db: Db, row: OutboxRow, nowMs: number, error: unknown): Promise<keyof DeliveryResult> {
  if (error === undefined) {
    await db
      .update(outbox)
      .set({ status: 'sent', sentAt: nowMs, leaseUntil: null })
      .where(and(eq(outbox.id, row.id), eq(outbox.status, 'pending')));
    return 'sent';
  }
  const attempts = row.attempts + 1;
  const gaveUp = attempts >= MAX_OUTBOX_ATTEMPTS;
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
  console.error(`Outbox ${row.channel} ${row.id} (${row.kind}) failed, attempt ${attempts}${gaveUp ? ', giving up' : ''}: ${message}`);
  await db
    .update(outbox)
    .set({
      attempts: sql`${outbox.attempts} + 1`,
      status: gaveUp ? 'failed' : 'pending',
      nextAttemptAt: gaveUp ? row.nextAttemptAt : nowMs + retryDelayMs(attempts),
      leaseUntil: null,
      lastError: message,
    })
    .where(and(eq(outbox.id, row.id), eq(outbox.status, 'pending')));
  return gaveUp ? 'failed' : 'retrying';
}

/**
 * Sends what is due at `now` (or just `ids`), one claimed batch after another until none is left. A
 * failed send never throws out of here: it is counted, kept with its error and retried later.
 */
export async function deliverOutbox(options: DeliverOptions): Promise<DeliveryResult> {
  const result: DeliveryResult = { sent: 0, failed: 0, retrying: 0 };
  const nowMs = options.now.getTime();
  for (;;) {
    const claimed = await claimDue(options.db, nowMs, options.ids);
    for (const row of claimed) {
      let error: unknown;
      try {
        await send(row, options);
      } catch (caught) {
        error = caught ?? new Error('send failed');
      }
      result[await settle(options.db, row, nowMs, error)] += 1;
    }
    // A list of ids is claimed once; otherwise every claimed row left the due set (sent or rescheduled).
    if (options.ids || claimed.length === 0) return result;
  }
}

const inFlight = new Set<Promise<unknown>>();

/**
 * Delivers `ids` without making the caller wait (forgot-password must not answer later for an account
 * that exists). Failures stay pending for the outbox job. `settleBackgroundDeliveries` waits for them
 * (graceful shutdown, tests).
 */
export function deliverInBackground(options: Omit<DeliverOptions, 'ids'>, ids: readonly string[]): void {
  const delivery = deliverOutbox({ ...options, ids }).catch((error: unknown) => {
    console.error('Outbox delivery failed:', error instanceof Error ? error.message : error);
  });
  inFlight.add(delivery);
  void delivery.finally(() => inFlight.delete(delivery));
}

export async function settleBackgroundDeliveries(): Promise<void> {
  while (inFlight.size > 0) await Promise.all([...inFlight]);
}
