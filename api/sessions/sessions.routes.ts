// /api/users/me/sessions (issue 24): the signed-in person's active sessions, listed and signed out. Only a
// session may use it: an API key is refused before it gets here (api-key-auth.ts, the /api/users/me rule).
import { Hono, type Context } from 'hono';
import type { SignedOutSessions } from '../../shared/sessions.ts';
import { endSession, sessionKey } from '../auth/sessions.ts';
import { notFound, unauthorized } from '../lib/app-error.ts';
import type { AppEnv } from '../lib/env.ts';
import { currentUser, requireUser } from '../middleware/auth.ts';
import { consume, RateLimiter } from '../middleware/rate-limit.ts';
import { endOtherSessions, endUserSession, listUserSessions } from './sessions.queries.ts';

/**
 * Sign-outs per person: nothing here can be guessed (an id is a SHA-256, and only the caller's own are
 * found), but each is a write, and a stolen session looping over them should not churn the table.
 */
export const sessionSignOutsPerUser = new RateLimiter('session-sign-outs/user', 30, 15 * 60 * 1000);

/** The raw id of the request's own session (after requireUser, a session always; keys never reach here). */
function ownSessionId(c: Context<AppEnv>): string {
  const sid = c.var.sessionId;
  if (!sid) throw unauthorized();
  return sid;
}

export const sessionsRoutes = new Hono<AppEnv>()
  .get('/', requireUser, async (c) => c.json(await listUserSessions(c.var.deps.db, currentUser(c).id, c.var.sessionId)))

  /** Signs out every other session of the person; this one stays. */
  .delete('/', requireUser, async (c) => {
    const { db } = c.var.deps;
    const user = currentUser(c);
    await consume(db, [sessionSignOutsPerUser, user.id]);
    return c.json<SignedOutSessions>({ signedOut: await endOtherSessions(db, user.id, ownSessionId(c)) });
  })

  /** Signs out one session of the person: its device's next request is a 401. This one's also clears the cookie. */
  .delete('/:id', requireUser, async (c) => {
    const { db } = c.var.deps;
    const user = currentUser(c);
    const id = c.req.param('id');
    await consume(db, [sessionSignOutsPerUser, user.id]);
    const current = id === sessionKey(ownSessionId(c));
    if (!(await endUserSession(db, user.id, id))) throw notFound('Session');
    if (current) await endSession(c);
    return c.json({ id, current });
  });
