// The change bus on PostgreSQL: a poke crosses instances as a NOTIFY on one channel (payload: the
// company, the poke, its audience), and each process keeps ONE LISTEN connection of its own: a pg.Client
// opened from the database's URL with the first stream, not a client taken from the request pool. A
// dropped connection is reopened with backoff, and the streams are told to refetch what they missed.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as v from 'valibot';
import { EVENTS_KEEPALIVE_MS } from '../../shared/events.ts';
import { type Db, rows } from '../db/client.ts';
import { type Change, ChangeSchema } from './audience.ts';
import { type ChangeBus, type ChangeBusOptions, Subscribers } from './bus.ts';

export const CHANGES_CHANNEL = 'kickoff_changes';
/** The LISTEN connection's application_name: operators (and the tests) can find it in pg_stat_activity. */
export const LISTENER_NAME = 'kickoff-change-listener';
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. */
export const MAX_NOTIFY_BYTES = 7_900;

const RECONNECT_MIN_MS = 100;
const RECONNECT_MAX_MS = 10_000;
/** The LISTEN connection runs a query this often, so one that died silently is found and replaced. */
const HEARTBEAT_MS = 30_000;
const QUERY_TIMEOUT_MS = 10_000;

/** The change as NOTIFY payloads under the size limit: a large plan audience is split over several. */
export function notifyPayloads(change: Change): string[] {
  const payload = JSON.stringify(change);
  if (Buffer.byteLength(payload) < MAX_NOTIFY_BYTES) return [payload];
  const { audience } = change;
  if (!('plans' in audience) || audience.plans.length < 2) throw new Error(`A change too large for one NOTIFY: ${payload.slice(0, 200)}`);
  const half = Math.ceil(audience.plans.length / 2);
  return [audience.plans.slice(0, half), audience.plans.slice(half)].flatMap((plans) => notifyPayloads({ ...change, audience: { ...audience, plans } }));
}

export function postgresChangeBus(db: Db, url: string, options: ChangeBusOptions = {}): ChangeBus {
  const subscribers = new Subscribers(options.now);
  let listener: pg.Client | undefined;
  let connecting: Promise<void> | undefined;
  let retry: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  let failures = 0;
  let closed = false;

  function deliver(payload: string | undefined): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload ?? '');
    } catch {
      parsed = undefined;
    }
    const change = v.safeParse(ChangeSchema, parsed);
    if (change.success) subscribers.deliver(change.output);
    else console.error('Change bus: ignored a malformed notification on', CHANGES_CHANNEL);
  }

  async function open(): Promise<void> {
    const client = new pg.Client({ connectionString: url, application_name: LISTENER_NAME, keepAlive: true, query_timeout: QUERY_TIMEOUT_MS });
    client.on('notification', (message) => {
      if (message.channel === CHANGES_CHANNEL) deliver(message.payload);
    });
    client.on('error', (error) => {
      if (client === listener) console.error(`Change bus: the LISTEN connection failed (${error.message}); reconnecting.`);
      lost(client);
    });
    client.on('end', () => lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGES_CHANNEL}`);
    } catch (error) {
      client.end().catch(() => undefined);
      throw error;
    }
    if (closed) {
      await client.end().catch(() => undefined);
      throw new Error('The change bus is closed');
    }
    listener = client;
    subscribers.recent.listening();
    failures = 0;
    heartbeat = setInterval(() => void client.query('SELECT 1').catch(() => lost(client)), HEARTBEAT_MS);
    heartbeat.unref();
  }

  /** The one attempt in flight, shared by every stream waiting for it. */
  function listen(): Promise<void> {
    connecting ??= open().catch((error: unknown) => {
      connecting = undefined;
      reconnectLater();
      throw error;
    });
    return connecting;
  }

  function lost(client: pg.Client): void {
    if (client !== listener) return;
    listener = undefined;
    subscribers.recent.deaf();
    connecting = undefined;
    clearInterval(heartbeat);
    client.end().catch(() => undefined);
    reconnectLater();
  }

  /** Backoff doubling from 100 ms to 10 s, jittered; only while streams are open (otherwise the next stream opens it). */
  function reconnectLater(): void {
    if (closed || retry || subscribers.size === 0) return;
    const delay = Math.min(RECONNECT_MIN_MS * 2 ** failures, RECONNECT_MAX_MS) * (0.5 + Math.random() / 2);
    failures += 1;
    retry = setTimeout(() => {
      retry = undefined;
      if (closed || subscribers.size === 0) return;
      listen().then(
        () => subscribers.resyncAll(),
        () => undefined,
      );
    }, delay);
    retry.unref();
  }

  return {
    keepAliveMs: options.keepAliveMs ?? EVENTS_KEEPALIVE_MS,
    get streamCount() {
      return subscribers.size;
    },
    publish: async (change) => {
      try {
        for (const payload of notifyPayloads(change)) await rows(db, sql`SELECT pg_notify(${CHANGES_CHANNEL}, ${payload})`);
      } catch (error) {
        console.error('Change bus: a poke was not sent:', error);
      }
    },
    subscribe: async (subscriber) => {
      if (closed) throw new Error('The change bus is closed');
      // While reconnecting, a new stream is refused at once: its client retries with backoff instead of
      // each one starting a connection attempt of its own.
      if (retry) throw new Error('The change bus is reconnecting to the database');
      const unsubscribe = subscribers.add(subscriber);
      try {
        await listen();
      } catch (error) {
        unsubscribe();
        throw error;
      }
      return unsubscribe;
    },
    missedBy: (person) => subscribers.recent.missedBy(person),
    close: async () => {
      closed = true;
      subscribers.recent.deaf();
      clearTimeout(retry);
      clearInterval(heartbeat);
      subscribers.closeAll();
      const client = listener;
      listener = undefined;
      await connecting?.catch(() => undefined);
      await client?.end().catch(() => undefined);
    },
  };
}
