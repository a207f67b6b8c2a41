// The change stream (GET /api/events, Server-Sent Events): the server pokes a signed-in client when
// something it may see changed; the client refetches or pulls. A poke carries no content, so a
// client only ever reads data through the routes that check its access.

export const CHANGE_TOPICS = ['messages', 'plans', 'tasks', 'templates', 'team', 'company', 'subscription'] as const;
export type ChangeTopic = (typeof CHANGE_TOPICS)[number];

/** The `data` of an SSE event named `change` (JSON). `planId` when the change belongs to one plan. */
export type ChangePoke = { topic: ChangeTopic; planId?: string };

/** SSE event names: `ready` once the stream is open (the client refetches what it may have missed), `change` per poke. */
export const CHANGE_EVENT = 'change';
export const READY_EVENT = 'ready';

/** A comment line this often keeps proxies from closing an idle stream and shows a dead one. */
export const EVENTS_KEEPALIVE_MS = 20_000;

/** Polling is the fallback: this often while the stream is up or down ... */
export const FALLBACK_POLL_MS = 60_000;
/** ... and this often in an open conversation while the stream is down. */
export const CONVERSATION_FALLBACK_POLL_MS = 3_000;
