// Emitting webhook events (issue 21, decision 013): the use-case functions (plan created, task ticked on
// the web or through sync, invitation, deletion, message) call `enqueueWebhookEvent` with their own
// transaction, so a delivery row exists exactly when the change committed (a transactional outbox).
import { and, eq, sql } from 'drizzle-orm';
import { percent } from '../../shared/progress.ts';
import type { WebhookEvent, WebhookEventData, WebhookPayload, WebhookPerson, WebhookPlan } from '../../shared/webhooks.ts';
import { first, type Db, type Tx } from '../db/client.ts';
import { preparedFor } from '../db/prepared.ts';
import { onboardingPlans, templates, users, webhookDeliveries, webhookEndpoints } from '../db/schema.ts';

type Kick = () => void;
let kick: Kick | undefined;

/**
 * The server's delivery worker (delivery.ts `startWebhookKicks`) listens here, so a queued event goes
 * out within moments instead of at the next minute's job. Without one (tests, the CLI) nothing happens.
 */
export function onWebhooksQueued(listener: Kick | undefined): void {
  kick = listener;
}

// Every tick that completes a task asks: prepared once per connection.
const statements = preparedFor((db) => ({
  enabled: db
    .select({ id: webhookEndpoints.id, events: webhookEndpoints.events })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.companyId, sql.placeholder('companyId')), eq(webhookEndpoints.enabled, true)))
    .prepare('webhooks.endpoints.enabled'),
}));

export type EnabledEndpoint = { id: string; events: string[] };

/**
 * The company's endpoints that are on, with the events each wants. A write that may emit events reads
 * them with its other statements (a tick sends it with its writes) and passes `subscribedTo` as `endpointIds`.
 */
export function enabledEndpoints(tx: Db | Tx, companyId: string): Promise<EnabledEndpoint[]> {
  return statements(tx).enabled.execute({ companyId });
}

/** The ids of the endpoints that want `event`. */
export function subscribedTo(endpoints: EnabledEndpoint[], event: string): string[] {
  return endpoints.filter((endpoint) => endpoint.events.includes(event)).map((endpoint) => endpoint.id);
}

/** The endpoints of the company that are on and want `event`. */
async function subscribedEndpoints(tx: Db | Tx, companyId: string, event: string): Promise<string[]> {
  return subscribedTo(await enabledEndpoints(tx, companyId), event);
}

/**
 * Queues `event` for each enabled endpoint of the company subscribed to it, in the caller's transaction.
 * `data` is read only when some endpoint wants the event (most companies have none: a tick stays cheap).
 * Answers the deliveries' ids (the `webhook-id` each receiver sees).
 */
export async function enqueueWebhookEvent<E extends WebhookEvent | 'webhook.test'>(
  tx: Db | Tx,
  companyId: string,
  event: E,
  data: () => Promise<WebhookEventData[E]>,
  options: { endpointIds?: string[]; now?: Date } = {},
): Promise<string[]> {
  const endpointIds = options.endpointIds ?? (await subscribedEndpoints(tx, companyId, event));
  if (endpointIds.length === 0) return [];
  const now = options.now ?? new Date();
  const payload: WebhookPayload<E> = { type: event, timestamp: now.toISOString(), data: await data() };
  const text = JSON.stringify(payload);
  const rows = await tx
    .insert(webhookDeliveries)
    .values(endpointIds.map((endpointId) => ({ companyId, endpointId, event, payload: text, nextAttemptAt: now.getTime(), createdAt: now.toISOString() })))
    .returning({ id: webhookDeliveries.id });
  kick?.();
  return rows.map((row) => row.id);
}

/** A person as payloads name them: never a password hash or a token. */
export async function webhookPerson(tx: Db | Tx, userId: string): Promise<WebhookPerson> {
  const person = await first(tx.select({ id: users.id, fullName: users.fullName, email: users.email, role: users.role }).from(users).where(eq(users.id, userId)));
  if (!person) throw new Error(`webhookPerson: no user ${userId}`);
  return toWebhookPerson(person);
}

export function toWebhookPerson(person: { id: string; fullName: string | null; email: string; role: string }): WebhookPerson {
  return { id: person.id, name: person.fullName?.trim() || person.email, email: person.email, role: person.role };
}

/** A plan as payloads describe it: its person, template and progress as of the caller's transaction. */
export async function webhookPlan(tx: Db | Tx, planId: string): Promise<WebhookPlan> {
  const plan = await first(
    tx
      .select({
        id: onboardingPlans.id,
        kind: onboardingPlans.kind,
        startDate: onboardingPlans.startDate,
        newHireId: onboardingPlans.newHireId,
        managerId: onboardingPlans.managerId,
        tasksDone: onboardingPlans.tasksDone,
        tasksTotal: onboardingPlans.tasksTotal,
        templateTitle: sql<string | null>`${templates.title}`,
      })
      .from(onboardingPlans)
      .leftJoin(templates, eq(templates.id, onboardingPlans.templateId))
      .where(eq(onboardingPlans.id, planId)),
  );
  if (!plan) throw new Error(`webhookPlan: no plan ${planId}`);
  return {
    id: plan.id,
    kind: plan.kind,
    templateTitle: plan.templateTitle ?? `${plan.kind === 'onboarding' ? 'Onboarding' : 'Offboarding'} plan`,
    startDate: plan.startDate,
    person: await webhookPerson(tx, plan.newHireId),
    managerId: plan.managerId,
    progress: percent(plan.tasksDone, plan.tasksTotal),
  };
}
