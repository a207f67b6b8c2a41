// Webhooks and chat notifications (issue 21, decision 013): the events a company's endpoints can hear,
// the endpoint kinds, the API contract of /api/webhooks and the payloads each event carries.
import * as v from 'valibot';

export const WEBHOOK_EVENTS = ['plan.created', 'plan.completed', 'task.completed', 'user.invited', 'user.deleted', 'message.created'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** `POST /api/webhooks/:id/test` queues this one: a sample the receiver can check its verification with. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
/** What a delivery's `event` can be: a real event, or the test. */
export type WebhookDeliveryEvent = WebhookEvent | typeof WEBHOOK_TEST_EVENT;

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, { label: string; description: string }> = {
  'plan.created': { label: 'Plan created', description: 'An onboarding or offboarding plan was assigned to someone.' },
  'plan.completed': { label: 'Plan completed', description: 'Every task of a plan is done.' },
  'task.completed': { label: 'Task completed', description: 'Someone ticked a task (on the web or offline).' },
  'user.invited': { label: 'Person invited', description: 'A manager or new hire was invited.' },
  'user.deleted': { label: 'Person deleted', description: 'An admin deleted someone’s account.' },
  'message.created': { label: 'Message sent', description: 'A message was sent on a plan’s conversation.' },
};

export const WEBHOOK_KINDS = ['webhook', 'slack', 'teams', 'mattermost'] as const;
export type WebhookKind = (typeof WEBHOOK_KINDS)[number];

export const WEBHOOK_KIND_LABELS: Record<WebhookKind, { label: string; description: string }> = {
  webhook: { label: 'Webhook', description: 'Signed JSON (Standard Webhooks) for your own systems.' },
  slack: { label: 'Slack', description: 'A readable message through a Slack incoming webhook.' },
  teams: { label: 'Microsoft Teams', description: 'An Adaptive Card through a Teams Workflows webhook.' },
  mattermost: { label: 'Mattermost', description: 'A readable message through a Mattermost incoming webhook.' },
};

export const WEBHOOK_LIMITS = { url: 2000, description: 200 } as const;
/** How many deliveries one page of the log holds. */
export const WEBHOOK_DELIVERIES_PAGE = 50;

export const WEBHOOK_URL_MESSAGE = 'Please enter an http:// or https:// URL';
export const WEBHOOK_EVENTS_MESSAGE = 'Please choose at least one event';

/** Whether a URL's scheme is one a delivery can go to (the server also refuses private addresses in production). */
export function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

const UrlSchema = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty(WEBHOOK_URL_MESSAGE),
  v.maxLength(WEBHOOK_LIMITS.url, `A URL can be at most ${WEBHOOK_LIMITS.url} characters`),
  v.check(isHttpUrl, WEBHOOK_URL_MESSAGE),
);
const EventsSchema = v.pipe(
  v.array(v.picklist(WEBHOOK_EVENTS, 'Unknown event')),
  v.minLength(1, WEBHOOK_EVENTS_MESSAGE),
  v.transform((events) => WEBHOOK_EVENTS.filter((event) => events.includes(event))),
);
const DescriptionSchema = v.pipe(v.string(), v.trim(), v.maxLength(WEBHOOK_LIMITS.description, `A description can be at most ${WEBHOOK_LIMITS.description} characters`));

/** POST /api/webhooks. */
export const WebhookEndpointCreateSchema = v.strictObject({
  kind: v.picklist(WEBHOOK_KINDS, 'Please choose Webhook, Slack, Microsoft Teams or Mattermost'),
  url: UrlSchema,
  description: v.optional(DescriptionSchema, ''),
  events: EventsSchema,
});
export type WebhookEndpointCreate = v.InferOutput<typeof WebhookEndpointCreateSchema>;
export type WebhookEndpointCreateInput = v.InferInput<typeof WebhookEndpointCreateSchema>;

/** PATCH /api/webhooks/:id: what is sent changes; `enabled: true` re-enables a disabled endpoint. */
export const WebhookEndpointUpdateSchema = v.strictObject({
  url: v.optional(UrlSchema),
  description: v.optional(DescriptionSchema),
  events: v.optional(EventsSchema),
  enabled: v.optional(v.boolean()),
});
export type WebhookEndpointUpdate = v.InferOutput<typeof WebhookEndpointUpdateSchema>;

export const WebhookDeliveriesQuerySchema = v.strictObject({
  /** The log's next page: the `next` cursor of the previous answer. */
  before: v.optional(v.pipe(v.string(), v.maxLength(100))),
});

export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed';

/** One endpoint as admins see it; the secret is theirs to copy (it verifies signatures). */
export type WebhookEndpointView = {
  id: string;
  kind: WebhookKind;
  url: string;
  description: string;
  events: WebhookEvent[];
  secret: string;
  enabled: boolean;
  disabledAt: string | null;
  disabledReason: string | null;
  createdAt: string;
  updatedAt: string;
  lastDelivery: { status: WebhookDeliveryStatus; statusCode: number | null; at: string } | null;
};

/** One row of an endpoint's delivery log; times are ISO. */
export type WebhookDeliveryView = {
  id: string;
  event: WebhookDeliveryEvent;
  status: WebhookDeliveryStatus;
  attempts: number;
  statusCode: number | null;
  error: string | null;
  createdAt: string;
  lastAttemptAt: string | null;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
};
export type WebhookDeliveryPage = { deliveries: WebhookDeliveryView[]; next: string | null };

// ---- payloads (Standard Webhooks: { type, timestamp, data }) ----

export type WebhookPerson = { id: string; name: string; email: string; role: string };
export type WebhookPlan = {
  id: string;
  kind: 'onboarding' | 'offboarding';
  templateTitle: string;
  startDate: string;
  person: WebhookPerson;
  managerId: string | null;
  /** Percent of the plan's tasks done (shared/progress.ts). */
  progress: number;
};

export type WebhookEventData = {
  'plan.created': { plan: WebhookPlan };
  'plan.completed': { plan: WebhookPlan };
  'task.completed': { task: { id: string; title: string; completedBy: WebhookPerson | null }; plan: WebhookPlan };
  'user.invited': { user: WebhookPerson & { managerId: string | null }; invitedBy: WebhookPerson };
  'user.deleted': { user: WebhookPerson; deletedBy: WebhookPerson };
  'message.created': { message: { id: string; content: string; sender: WebhookPerson }; plan: WebhookPlan };
  'webhook.test': { message: string };
};

export type WebhookPayload<E extends WebhookDeliveryEvent = WebhookDeliveryEvent> = { type: E; timestamp: string; data: WebhookEventData[E] };
