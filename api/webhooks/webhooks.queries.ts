// A company's webhook endpoints (admins only): list, create, change, delete, test; each one's delivery
// log and resend. Every query is scoped to the caller's company: another company's id is a 404.
import { randomBytes } from 'node:crypto';
import { and, desc, eq, lt, or } from 'drizzle-orm';
import {
  WEBHOOK_DELIVERIES_PAGE,
  WEBHOOK_TEST_EVENT,
  type WebhookDeliveryEvent,
  type WebhookDeliveryPage,
  type WebhookDeliveryView,
  type WebhookEndpointCreate,
  type WebhookEndpointUpdate,
  type WebhookEndpointView,
  type WebhookEvent,
} from '../../shared/webhooks.ts';
import type { Config } from '../config.ts';
import { type Db, first } from '../db/client.ts';
import { webhookDeliveries, webhookEndpoints } from '../db/schema.ts';
import { badRequest, conflict, found } from '../lib/app-error.ts';
import type { CurrentUser } from '../lib/env.ts';
import { assertDeliverableUrl, RefusedAddressError } from './address-guard.ts';
import { deliverWebhooks, type WebhookPost } from './delivery.ts';
import { enqueueWebhookEvent } from './webhook-events.ts';

type EndpointRow = typeof webhookEndpoints.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** What the routes need besides the database: where links point, whether private addresses are allowed, how to POST. */
export type WebhookDeps = { db: Db; config: Pick<Config, 'appUrl' | 'webhooks'>; post?: WebhookPost };

/** A Standard Webhooks signing secret: 'whsec_' and 32 random bytes in base64. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** A 400 on the URL field when deliveries could not go there (not http(s), or a private address in production). */
async function assertUrl(url: string, allowPrivate: boolean): Promise<void> {
  try {
    await assertDeliverableUrl(url, allowPrivate);
  } catch (error) {
    if (error instanceof RefusedAddressError) throw badRequest(error.message, [{ path: 'url', message: error.message }]);
    throw error;
  }
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function toDeliveryView(row: DeliveryRow): WebhookDeliveryView {
  return {
    id: row.id,
    event: row.event as WebhookDeliveryEvent,
    status: row.status,
    attempts: row.attempts,
    statusCode: row.lastStatusCode,
    error: row.lastError,
    createdAt: row.createdAt,
    lastAttemptAt: iso(row.lastAttemptAt),
    nextAttemptAt: row.status === 'pending' ? iso(row.nextAttemptAt) : null,
    deliveredAt: iso(row.deliveredAt),
  };
}

async function lastDelivery(db: Db, endpointId: string): Promise<WebhookEndpointView['lastDelivery']> {
  const row = await first(
    db
      .select({
        status: webhookDeliveries.status,
        statusCode: webhookDeliveries.lastStatusCode,
        createdAt: webhookDeliveries.createdAt,
        lastAttemptAt: webhookDeliveries.lastAttemptAt,
      })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpointId))
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(1),
  );
  return row ? { status: row.status, statusCode: row.statusCode, at: iso(row.lastAttemptAt) ?? row.createdAt } : null;
}

async function toEndpointView(db: Db, row: EndpointRow): Promise<WebhookEndpointView> {
  return {
    id: row.id,
    kind: row.kind,
    url: row.url,
    description: row.description,
    events: row.events as WebhookEvent[],
    secret: row.secret,
    enabled: row.enabled,
    disabledAt: row.disabledAt,
    disabledReason: row.disabledReason,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    lastDelivery: await lastDelivery(db, row.id),
  };
}

async function companyEndpoint(db: Db, admin: CurrentUser, endpointId: string): Promise<EndpointRow> {
  return found(
    await first(
      db
        .select()
        .from(webhookEndpoints)
        .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.companyId, admin.companyId))),
    ),
    'Webhook endpoint',
  );
}

/** GET /api/webhooks: the company's endpoints, oldest first, each with its newest delivery's outcome. */
export async function findWebhookEndpoints(db: Db, admin: CurrentUser): Promise<WebhookEndpointView[]> {
  const rows = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.companyId, admin.companyId)).orderBy(webhookEndpoints.createdAt, webhookEndpoints.id);
  return Promise.all(rows.map((row) => toEndpointView(db, row)));
}

export async function getWebhookEndpoint(db: Db, admin: CurrentUser, endpointId: string): Promise<WebhookEndpointView> {
  return toEndpointView(db, await companyEndpoint(db, admin, endpointId));
}

/** POST /api/webhooks: a new endpoint with a fresh signing secret (answered, so the admin can verify signatures). */
export async function createWebhookEndpoint(deps: WebhookDeps, admin: CurrentUser, input: WebhookEndpointCreate): Promise<WebhookEndpointView> {
  await assertUrl(input.url, deps.config.webhooks.allowPrivate);
  const [row] = await deps.db
    .insert(webhookEndpoints)
    .values({
      companyId: admin.companyId,
      kind: input.kind,
      url: input.url,
      description: input.description,
      events: input.events,
      secret: newWebhookSecret(),
      createdBy: admin.id,
    })
    .returning();
  return toEndpointView(deps.db, found(row));
}

/** PATCH /api/webhooks/:id: URL, events, description; `enabled: true` turns a disabled endpoint back on (clearing why). */
export async function updateWebhookEndpoint(deps: WebhookDeps, admin: CurrentUser, endpointId: string, input: WebhookEndpointUpdate): Promise<WebhookEndpointView> {
  await companyEndpoint(deps.db, admin, endpointId);
  if (input.url !== undefined) await assertUrl(input.url, deps.config.webhooks.allowPrivate);
  const now = new Date().toISOString();
  const switched =
    input.enabled === undefined
      ? {}
      : input.enabled
        ? { enabled: true, disabledAt: null, disabledReason: null }
        : { enabled: false, disabledAt: now, disabledReason: 'Turned off by an admin.' };
  const [row] = await deps.db
    .update(webhookEndpoints)
    .set({
      ...(input.url !== undefined ? { url: input.url } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.events !== undefined ? { events: input.events } : {}),
      ...switched,
      updatedAt: now,
    })
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.companyId, admin.companyId)))
    .returning();
  return toEndpointView(deps.db, found(row, 'Webhook endpoint'));
}

/** DELETE /api/webhooks/:id: the endpoint and its delivery log. */
export async function deleteWebhookEndpoint(db: Db, admin: CurrentUser, endpointId: string): Promise<void> {
  const [row] = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.companyId, admin.companyId)))
    .returning({ id: webhookEndpoints.id });
  found(row, 'Webhook endpoint');
}

function assertEnabled(endpoint: EndpointRow): void {
  if (!endpoint.enabled) throw conflict('This endpoint is turned off. Turn it back on first.');
}

async function companyDelivery(db: Db, admin: CurrentUser, endpointId: string, deliveryId: string): Promise<DeliveryRow> {
  return found(
    await first(
      db
        .select()
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.companyId, admin.companyId))),
    ),
    'Delivery',
  );
}

/**
 * POST /api/webhooks/:id/test: queues a `webhook.test` event for this endpoint (whatever events it
 * wants) and sends it at once; answers the delivery as it stands after that attempt.
 */
export async function sendTestEvent(deps: WebhookDeps, admin: CurrentUser, endpointId: string): Promise<WebhookDeliveryView> {
  const endpoint = await companyEndpoint(deps.db, admin, endpointId);
  assertEnabled(endpoint);
  const now = new Date();
  const [id] = await enqueueWebhookEvent(
    deps.db,
    admin.companyId,
    WEBHOOK_TEST_EVENT,
    async () => ({ message: 'A test event from Kickoff: your endpoint receives and verifies webhooks.' }),
    {
      endpointIds: [endpoint.id],
      now,
    },
  );
  await deliverWebhooks({ ...deps, now, ids: [found(id)] });
  return toDeliveryView(await companyDelivery(deps.db, admin, endpointId, found(id)));
}

/**
 * POST /api/webhooks/:id/deliveries/:deliveryId/resend: the same payload with the same `webhook-id`
 * (receivers dedupe on it), attempted now; answers the delivery after that attempt. When it fails it
 * is retried as usual for the rest of its day.
 */
export async function resendDelivery(deps: WebhookDeps, admin: CurrentUser, endpointId: string, deliveryId: string): Promise<WebhookDeliveryView> {
  assertEnabled(await companyEndpoint(deps.db, admin, endpointId));
  await companyDelivery(deps.db, admin, endpointId, deliveryId);
  const now = new Date();
  await deps.db.update(webhookDeliveries).set({ status: 'pending', nextAttemptAt: now.getTime(), leaseUntil: null }).where(eq(webhookDeliveries.id, deliveryId));
  await deliverWebhooks({ ...deps, now, ids: [deliveryId] });
  return toDeliveryView(await companyDelivery(deps.db, admin, endpointId, deliveryId));
}

/** GET /api/webhooks/:id/deliveries?before=…: the log, newest first, WEBHOOK_DELIVERIES_PAGE at a time. */
export async function findDeliveries(db: Db, admin: CurrentUser, endpointId: string, before?: string): Promise<WebhookDeliveryPage> {
  await companyEndpoint(db, admin, endpointId);
  const cursor = before
    ? await first(
        db
          .select({ id: webhookDeliveries.id, createdAt: webhookDeliveries.createdAt })
          .from(webhookDeliveries)
          .where(and(eq(webhookDeliveries.id, before), eq(webhookDeliveries.endpointId, endpointId))),
      )
    : undefined;
  if (before && !cursor) throw badRequest('This page of the log does not exist.', [{ path: 'before', message: 'Unknown delivery' }]);
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.endpointId, endpointId),
        eq(webhookDeliveries.companyId, admin.companyId),
        cursor ? or(lt(webhookDeliveries.createdAt, cursor.createdAt), and(eq(webhookDeliveries.createdAt, cursor.createdAt), lt(webhookDeliveries.id, cursor.id))) : undefined,
      ),
    )
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(WEBHOOK_DELIVERIES_PAGE + 1);
  const page = rows.slice(0, WEBHOOK_DELIVERIES_PAGE);
  return { deliveries: page.map(toDeliveryView), next: rows.length > WEBHOOK_DELIVERIES_PAGE ? (page.at(-1)?.id ?? null) : null };
}
