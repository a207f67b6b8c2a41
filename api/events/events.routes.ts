// GET /api/events: the change stream (Server-Sent Events, shared/events.ts). A signed-in person gets
// `ready` once the stream listens (with the pokes that reached them just before: recent-changes.ts),
// then a `change` per poke that reaches them (audience.ts), and a `ping`
// every keepAliveMs (the client takes a silent stream for dead), at which the session is checked again:
// signed out or revoked ends the stream. A poke carries no content; the client reads through the routes that check access.
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { CHANGE_EVENT, PING_EVENT, READY_EVENT, type ReadyData } from '../../shared/events.ts';
import { readSessionUser } from '../auth/sessions.ts';
import type { AppEnv } from '../lib/env.ts';
import { currentUser, requireUser } from '../middleware/auth.ts';
import type { ChangeSubscriber } from './bus.ts';

/**
 * Events written but not yet taken by the client. A client that stops reading has its stream closed at
 * this many rather than buffered without end; it reconnects, and `ready` makes it refetch.
 */
export const MAX_UNSENT_EVENTS = 100;

const sseEvent = (event: string, data: string) => `event: ${event}\ndata: ${data}\n\n`;
const PING = sseEvent(PING_EVENT, '');
const readyEvent = (data: ReadyData) => sseEvent(READY_EVENT, JSON.stringify(data));

export const eventsRoutes = new Hono<AppEnv>().get('/', requireUser, (c) => {
  const { db, changes } = c.var.deps;
  const sessionId = c.var.sessionId;
  let person = currentUser(c);
  // Proxies such as nginx buffer responses unless told not to; a buffered stream delivers nothing.
  c.header('X-Accel-Buffering', 'no');

  return streamSSE(c, async (stream) => {
    let ended = false;
    let unsent = 0;
    let wake = () => {};
    const end = () => {
      ended = true;
      wake();
    };
    stream.onAbort(end);
    const write = (text: string) => {
      if (ended) return;
      if (unsent >= MAX_UNSENT_EVENTS) return end();
      unsent += 1;
      // StreamingApi.write hands the chunk to the writer at once, so events keep their order.
      void stream.write(text).finally(() => (unsent -= 1));
    };
    // `ready` comes first: a poke delivered while the subscription was being made is among the missed
    // ones `ready` lists (or covered by the refetch of everything), so it is dropped rather than sent ahead.
    let ready = false;
    const subscriber: ChangeSubscriber = {
      get person() {
        return person;
      },
      poke: (poke) => ready && write(sseEvent(CHANGE_EVENT, JSON.stringify(poke))),
      resync: () => ready && write(readyEvent({})),
      close: end,
    };

    let unsubscribe: () => void;
    try {
      unsubscribe = await changes.subscribe(subscriber);
    } catch {
      // The bus cannot listen now (shutting down, or the database unreachable): the client retries.
      return;
    }
    let timer: NodeJS.Timeout | undefined;
    try {
      ready = true;
      const missed = changes.missedBy(person);
      write(readyEvent(missed ? { missed } : {}));
      while (!ended) {
        await new Promise<void>((resolve) => {
          wake = resolve;
          timer = setTimeout(resolve, changes.keepAliveMs);
        });
        clearTimeout(timer);
        if (ended) break;
        write(PING);
        // A database hiccup keeps the stream; a session that is gone (signed out, expired, revoked) ends it.
        const current = sessionId ? await readSessionUser(db, sessionId).catch(() => person) : null;
        if (!current || current.id !== person.id) break;
        person = current;
      }
    } finally {
      clearTimeout(timer);
      unsubscribe();
    }
  });
});
