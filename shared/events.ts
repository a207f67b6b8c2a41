// The change stream (GET /api/events, Server-Sent Events): the server pokes a signed-in client when
// something it may see changed; the client refetches or pulls. A poke carries no content, so a
// client only ever reads data through the routes that check its access.

export const CHANGE_TOPICS = ['messages', 'plans', 'tasks', 'templates', 'team', 'company', 'subscription'] as const;
export type ChangeTopic = (typeof CHANGE_TOPICS)[number];

/**
 * The `data` of an SSE event named `change` (JSON). `planId` when the change belongs to one plan;
 * `origin` when the write came from a client that named itself (`CLIENT_HEADER`): that client has
 * already refreshed what it wrote, so it skips the poke; every other tab and device acts on it.
 */
export type ChangePoke = { topic: ChangeTopic; planId?: string; origin?: string };

/**
 * The request header naming the writing client: a tab's REST requests send the tab's id, the new
 * hire's sync engine its sync clientId. A UUID (as `ClientIdSchema`); anything else is ignored.
 */
export const CLIENT_HEADER = 'X-Kickoff-Client';

/**
 * SSE event names: `ready` once the stream is open (the client refetches what it may have missed,
 * ReadyData), `change` per poke, `ping` every EVENTS_KEEPALIVE_MS while nothing else is said.
 */
export const CHANGE_EVENT = 'change';
export const READY_EVENT = 'ready';
export const PING_EVENT = 'ping';

/**
 * The `data` of `ready` (JSON). A read answered while the stream was opening may have been made before a
 * change the stream was not yet listening for: `missed` lists the pokes that reached this person in the
 * last RECENT_CHANGES_MS before it listened, so the client reads those again instead of everything.
 * Absent when the server cannot tell (it has listened for less than that, or lost track since): then
 * every read made before `ready` may be stale.
 */
export type ReadyData = { missed?: ChangePoke[] };

/** How far back `ready` lists what a person missed: far longer than a read takes to be answered. */
export const RECENT_CHANGES_MS = 10_000;

/**
 * A `ping` this often keeps proxies from closing an idle stream and lets the client notice a dead one
 * (an event, not a comment: EventSource hides comments).
 */
export const EVENTS_KEEPALIVE_MS = 20_000;
/** A stream silent this long (two and a half pings) is taken for dead: the client reconnects. */
export const EVENTS_SILENCE_LIMIT_MS = (EVENTS_KEEPALIVE_MS * 5) / 2;

/** Polling is the fallback: this often while the stream is up or down ... */
export const FALLBACK_POLL_MS = 60_000;
/** ... and this often in an open conversation while the stream is down. */
export const CONVERSATION_FALLBACK_POLL_MS = 3_000;
