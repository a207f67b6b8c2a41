// Sending queued webhook deliveries (issue 21, decision 013), the mail outbox's model: claim due rows with
// a lease in one UPDATE ... RETURNING, send each (signed per Standard Webhooks, or as a chat message),
// then record delivered or schedule a retry with backoff. After a day of failures a delivery is failed;
// an endpoint none of whose deliveries got through that day is turned off and its admins are mailed.
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { and, eq, gte, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import type { WebhookKind, WebhookPayload } from '../../shared/webhooks.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { users, webhookDeliveries, webhookEndpoints } from '../db/schema.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { doublingDelayMs } from '../lib/backoff.ts';
import { guardedLookup, isPublicAddress, PRIVATE_ADDRESS_MESSAGE, RefusedAddressError } from './address-guard.ts';
import { chatBody } from './chat-messages.ts';
import { webhookDisabledMail } from './webhook-disabled-mail.tsx';
import { onWebhooksQueued } from './webhook-events.ts';

/** A receiver that has not answered by then has failed this attempt. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Retries go on this long after the event, then the delivery is failed. */
export const WEBHOOK_RETRY_FOR_MS = 24 * 60 * 60_000;
const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 60 * 60_000;
/** Longer than a send can take (the timeout), so a live sender never loses its row. */
export const WEBHOOK_LEASE_MS = 5 * 60_000;
const CLAIM_BATCH = 20;

/** The wait after `failures` failed attempts: 30 s, 1 min, 2 min, … at most 1 h. */
export function webhookRetryDelayMs(failures: number): number {
  return doublingDelayMs(failures, FIRST_RETRY_MS, LONGEST_RETRY_MS);
}

/** One HTTP POST; answers the status code, or throws when no answer came (refused address, timeout, network). */
export type WebhookPost = (request: { url: string; body: string; headers: Record<string, string>; allowPrivate: boolean }) => Promise<number>;

/**
 * POSTs with node:http(s) rather than fetch: its `lookup` hook makes the connection go to the address the
 * SSRF guard checked (fetch resolves on its own, so a second DNS answer could differ). No pooled
 * sockets, so every attempt resolves afresh.
 */
export const postWebhook: WebhookPost = ({ url, body, headers, allowPrivate }) =>
  new Promise((resolve, reject) => {
    const target = new URL(url);
    const host = target.hostname.replace(/^\[(.*)\]$/, '$1');
    // An address literal is connected to without a lookup: checked here.
    if (!allowPrivate && isIP(host) && !isPublicAddress(host)) return reject(new RefusedAddressError(PRIVATE_ADDRESS_MESSAGE));
    const send = target.protocol === 'https:' ? httpsRequest : target.protocol === 'http:' ? httpRequest : undefined;
    if (!send) return reject(new RefusedAddressError('Only http:// and https:// URLs can receive webhooks.'));
    const outgoing = send(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        agent: false,
        lookup: allowPrivate ? undefined : guardedLookup,
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      },
      (response: IncomingMessage) => {
        // The status decides; the body is never read, so a receiver that drips one cannot hold the sender.
        resolve(response.statusCode ?? 0);
        response.destroy();
      },
    );
    outgoing.on('error', (error) => reject(error.name === 'AbortError' || error.name === 'TimeoutError' ? new Error(`No answer within ${WEBHOOK_TIMEOUT_MS / 1000} s`) : error));
    outgoing.end(body);
  });

export type DeliverWebhooksOptions = {
  db: Db;
  config: Pick<Config, 'appUrl' | 'webhooks'>;
  now: Date;
  /** Only these deliveries, at once (the test and resend routes); otherwise every due one. */
  ids?: readonly string[];
  /** How a request goes out; `postWebhook` unless a test gives its own. */
  post?: WebhookPost;
};

export type WebhookDeliveryResult = { delivered: number; failed: number; retrying: number };

type DeliveryRow = typeof webhookDeliveries.$inferSelect;
type EndpointRow = Pick<typeof webhookEndpoints.$inferSelect, 'id' | 'companyId' | 'kind' | 'url' | 'secret' | 'enabled'>;

const enabledEndpoints = (db: Db) => db.select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(eq(webhookEndpoints.enabled, true));

/** Claims up to a batch of due deliveries of enabled endpoints (of `ids` when given) by leasing them, in one UPDATE. */
async function claimDue(db: Db, nowMs: number, ids: readonly string[] | undefined): Promise<DeliveryRow[]> {
  const due = and(
    eq(webhookDeliveries.status, 'pending'),
    lte(webhookDeliveries.nextAttemptAt, nowMs),
    or(isNull(webhookDeliveries.leaseUntil), lt(webhookDeliveries.leaseUntil, nowMs)),
    inArray(webhookDeliveries.endpointId, enabledEndpoints(db)),
  );
  // Repeated on the UPDATE: under PostgreSQL's READ COMMITTED a second claimer re-checks them and skips a leased row.
  const batch = ids
    ? inArray(webhookDeliveries.id, [...ids])
    : inArray(
        webhookDeliveries.id,
        db.select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(due).orderBy(webhookDeliveries.nextAttemptAt, webhookDeliveries.createdAt).limit(CLAIM_BATCH),
      );
  return db
    .update(webhookDeliveries)
    .set({ leaseUntil: nowMs + WEBHOOK_LEASE_MS })
    .where(and(batch, due))
    .returning();
}

/** The body and headers an endpoint of `kind` gets: the payload as queued, or its chat message; signed either way. */
export function webhookRequest(endpoint: Pick<EndpointRow, 'kind' | 'secret'>, delivery: Pick<DeliveryRow, 'id' | 'payload'>, appUrl: string, now: Date) {
  const kind: WebhookKind = endpoint.kind;
  const body = kind === 'webhook' ? delivery.payload : JSON.stringify(chatBody(kind, JSON.parse(delivery.payload) as WebhookPayload, appUrl));
  const timestamp = new Date(Math.floor(now.getTime() / 1000) * 1000);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': 'Kickoff-Webhooks/1.0',
    'webhook-id': delivery.id,
    'webhook-timestamp': String(timestamp.getTime() / 1000),
    'webhook-signature': new Webhook(endpoint.secret).sign(delivery.id, timestamp, body),
  };
  return { body, headers };
}

type Outcome = { statusCode: number | null; error: string | null };

async function attempt(endpoint: EndpointRow, row: DeliveryRow, options: DeliverWebhooksOptions): Promise<Outcome> {
  try {
    const { body, headers } = webhookRequest(endpoint, row, options.config.appUrl, options.now);
    const statusCode = await (options.post ?? postWebhook)({ url: endpoint.url, body, headers, allowPrivate: options.config.webhooks.allowPrivate });
    return { statusCode, error: statusCode >= 200 && statusCode < 300 ? null : `HTTP ${statusCode}` };
  } catch (error) {
    return { statusCode: null, error: (error instanceof Error ? error.message : String(error)).slice(0, 500) || 'The request failed' };
  }
}

/** Records one attempt; a delivery past its day of retries is failed (and may turn its endpoint off). */
async function settle(options: DeliverWebhooksOptions, endpoint: EndpointRow, row: DeliveryRow, outcome: Outcome): Promise<keyof WebhookDeliveryResult> {
  const { db } = options;
  const nowMs = options.now.getTime();
  const mine = and(eq(webhookDeliveries.id, row.id), eq(webhookDeliveries.status, 'pending'));
  const attempt = { attempts: sql`${webhookDeliveries.attempts} + 1`, lastStatusCode: outcome.statusCode, lastAttemptAt: nowMs, leaseUntil: null };
  if (outcome.error === null) {
    await db
      .update(webhookDeliveries)
      .set({ ...attempt, status: 'delivered', deliveredAt: nowMs, lastError: null })
      .where(mine);
    return 'delivered';
  }
  const gaveUp = nowMs - Date.parse(row.createdAt) >= WEBHOOK_RETRY_FOR_MS;
  await db
    .update(webhookDeliveries)
    .set({ ...attempt, status: gaveUp ? 'failed' : 'pending', nextAttemptAt: gaveUp ? row.nextAttemptAt : nowMs + webhookRetryDelayMs(row.attempts + 1), lastError: outcome.error })
    .where(mine);
  // A resend an admin asked for (ids) records its answer but never turns the endpoint off on its own.
  if (gaveUp && !options.ids) await disableWhenFailingForADay(options, endpoint, row, outcome.error);
  return gaveUp ? 'failed' : 'retrying';
}

/**
 * Turns the endpoint off when nothing reached it since this failed delivery was queued a day ago, fails
 * its other waiting deliveries, and mails the company's admins (through the mail outbox). Of two
 * instances settling at once, only the one whose UPDATE turned it off mails.
 */
async function disableWhenFailingForADay(options: DeliverWebhooksOptions, endpoint: EndpointRow, row: DeliveryRow, lastError: string): Promise<void> {
  const { db } = options;
  const since = Date.parse(row.createdAt);
  const [success] = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, endpoint.id), eq(webhookDeliveries.status, 'delivered'), gte(webhookDeliveries.deliveredAt, since)))
    .limit(1);
  if (success) return;
  const reason = `No delivery got through for 24 hours (last answer: ${lastError}).`;
  const disabledAt = options.now.toISOString();
  const [disabled] = await db
    .update(webhookEndpoints)
    .set({ enabled: false, disabledAt, disabledReason: reason, updatedAt: disabledAt })
    .where(and(eq(webhookEndpoints.id, endpoint.id), eq(webhookEndpoints.enabled, true)))
    .returning({ id: webhookEndpoints.id });
  if (!disabled) return;
  await db
    .update(webhookDeliveries)
    .set({ status: 'failed', leaseUntil: null, lastError: 'Not sent: the endpoint was turned off' })
    .where(and(eq(webhookDeliveries.endpointId, endpoint.id), eq(webhookDeliveries.status, 'pending')));
  const admins = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.companyId, endpoint.companyId), eq(users.role, 'admin')));
  for (const admin of admins) {
    const mail = await webhookDisabledMail({ to: admin.email, appUrl: options.config.appUrl, url: endpoint.url, reason });
    await enqueueEmail(db, {
      kind: 'webhook_disabled',
      to: admin.email,
      userId: admin.id,
      companyId: endpoint.companyId,
      dedupeKey: `webhook_disabled:${endpoint.id}:${disabledAt}:${admin.id}`,
      mail,
    });
  }
}

/**
 * Sends what is due at `now` (or just `ids`), one claimed batch after another until none is left. A
 * failed send never throws out of here: it is counted, kept with its error and retried later.
 */
export async function deliverWebhooks(options: DeliverWebhooksOptions): Promise<WebhookDeliveryResult> {
  const { db } = options;
  const result: WebhookDeliveryResult = { delivered: 0, failed: 0, retrying: 0 };
  const nowMs = options.now.getTime();
  for (;;) {
    const claimed = await claimDue(db, nowMs, options.ids);
    if (claimed.length > 0) {
      const endpoints = await db
        .select({
          id: webhookEndpoints.id,
          companyId: webhookEndpoints.companyId,
          kind: webhookEndpoints.kind,
          url: webhookEndpoints.url,
          secret: webhookEndpoints.secret,
          enabled: webhookEndpoints.enabled,
        })
        .from(webhookEndpoints)
        .where(inArray(webhookEndpoints.id, [...new Set(claimed.map((row) => row.endpointId))]));
      const byId = new Map(endpoints.map((endpoint) => [endpoint.id, endpoint]));
      await Promise.all(
        claimed.map(async (row) => {
          const endpoint = byId.get(row.endpointId);
          if (!endpoint) return;
          result[await settle(options, endpoint, row, await attempt(endpoint, row, options))] += 1;
        }),
      );
    }
    // A list of ids is claimed once; otherwise every claimed row left the due set (sent or rescheduled).
    if (options.ids || claimed.length === 0) return result;
  }
}

/**
 * In the server: a queued event is sent within moments (after its transaction has committed) instead of
 * at the next minute's job, which stays the safety net for anything a kick misses.
 */
export function startWebhookKicks(options: Omit<DeliverWebhooksOptions, 'now' | 'ids'>): { stop(): Promise<void> } {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  // The kick comes from inside the transaction that queued the event: on PostgreSQL it may not have
  // committed by the first pass, so a pass that found nothing looks once more a little later.
  const run = (again: boolean) => {
    timer = undefined;
    running = running
      .then(async () => {
        const { delivered, failed, retrying } = await deliverWebhooks({ ...options, now: new Date() });
        if (again && delivered + failed + retrying === 0 && !stopped && !timer) {
          timer = setTimeout(() => run(false), 2_000);
          timer.unref();
        }
      })
      .catch((error: unknown) => console.error('Webhook delivery failed:', error instanceof Error ? error.message : error));
  };
  onWebhooksQueued(() => {
    if (stopped || timer) return;
    timer = setTimeout(() => run(true), 250);
    timer.unref();
  });
  return {
    async stop() {
      stopped = true;
      onWebhooksQueued(undefined);
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
