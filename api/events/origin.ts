// Which client made a write: its pokes name it (`origin`, shared/events.ts) so that client skips a poke
// about its own write. Read from CLIENT_HEADER once per request and kept for the request's async work
// (AsyncLocalStorage), so the publish helpers read it without a parameter through every write route.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import { CLIENT_HEADER } from '../../shared/events.ts';
import { ClientIdSchema } from '../../shared/sync.ts';

const writingClients = new AsyncLocalStorage<string>();

/** Middleware for every /api route: a request naming a well-formed client id runs with it. */
export const rememberWritingClient: MiddlewareHandler = (c, next) => {
  const clientId = c.req.header(CLIENT_HEADER);
  return clientId && v.is(ClientIdSchema, clientId) ? writingClients.run(clientId, next) : next();
};

/** The client whose request is being served, when it named itself. */
export const writingClient = (): string | undefined => writingClients.getStore();
