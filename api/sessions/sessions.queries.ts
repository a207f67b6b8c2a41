// Active sessions (issue 24): a person's live sessions, listed for them and signed out one by one or all but
// this one. The mechanics of a session (cookie, expiry, rotation) are api/auth/sessions.ts.
//
// A session is named by its stored key, the SHA-256 of the cookie's random id (sessionKey). Showing it to the
// session's owner gives nothing away: the cookie cannot be worked back from it (128 random bits behind a
// one-way hash), and it is never accepted as a credential (a cookie holding it is hashed again and matches
// no row). Every query here is scoped to the owner's user id, so another person's key is simply not found.
import { and, eq, gt, ne } from 'drizzle-orm';
import { describeUserAgent, SESSION_ID_PATTERN, type SessionMethod, type SessionView } from '../../shared/sessions.ts';
import { ABSOLUTE_TIMEOUT_MS, IDLE_TIMEOUT_MS, type SessionMethod as StoredMethod, sessionKey } from '../auth/sessions.ts';
import type { Db } from '../db/client.ts';
import { sessions } from '../db/schema.ts';

// The shared list of methods is the column's: a value added to one and not the other fails the typecheck.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const methodsMatch: Same<SessionMethod, StoredMethod> = true;
void methodsMatch;

/**
 * When a session was last used. `last_seen_at` moves with the idle expiry; a session from before that
 * column has only its expiry, which was set IDLE_TIMEOUT_MS after its last use (unless the absolute expiry
 * capped it: then this reads a little early), and never before it began.
 */
function lastSeen(row: { lastSeenAt: string | null; expire: number }, createdAt: string): string {
  if (row.lastSeenAt) return row.lastSeenAt;
  return new Date(Math.max(Date.parse(createdAt), row.expire - IDLE_TIMEOUT_MS)).toISOString();
}

/**
 * GET /api/users/me/sessions: the person's sessions that still work (neither idle nor past their absolute
 * expiry), this one (`currentSid`, the cookie's raw id) first, then the most recently used.
 */
export async function listUserSessions(db: Db, userId: string, currentSid: string | undefined, now = Date.now()): Promise<SessionView[]> {
  const rows = await db
    .select({
      sid: sessions.sid,
      sess: sessions.sess,
      expire: sessions.expire,
      userAgent: sessions.userAgent,
      method: sessions.method,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expire, now)));
  const current = currentSid ? sessionKey(currentSid) : undefined;
  return rows
    .filter((row) => Date.parse(row.sess.createdAt) + ABSOLUTE_TIMEOUT_MS > now)
    .map((row): SessionView => {
      // Sessions from before issue 24 carry their start only in `sess`.
      const createdAt = row.createdAt ?? row.sess.createdAt;
      return {
        id: row.sid,
        device: describeUserAgent(row.userAgent),
        method: row.method,
        createdAt,
        lastSeenAt: lastSeen(row, createdAt),
        current: row.sid === current,
      };
    })
    .sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt) || a.id.localeCompare(b.id));
}

/** Ends one of the person's sessions by its id; false when they have none by that id (another person's included). */
export async function endUserSession(db: Db, userId: string, id: string): Promise<boolean> {
  if (!SESSION_ID_PATTERN.test(id)) return false;
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.sid, id), eq(sessions.userId, userId)))
    .returning({ sid: sessions.sid });
  return ended.length > 0;
}

/** Ends every session of the person but `keepSid` (the cookie's raw id); answers how many ended. */
export async function endOtherSessions(db: Db, userId: string, keepSid: string): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.sid, sessionKey(keepSid))))
    .returning({ sid: sessions.sid });
  return ended.length;
}
