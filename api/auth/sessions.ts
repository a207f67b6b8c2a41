// Server-side sessions in the `sessions` table behind an HttpOnly cookie (DESIGN.md section 5).
import { randomBytes } from 'node:crypto';
import { and, eq, lt, ne, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Db } from '../db/client.ts';
import { preparedFor } from '../db/prepared.ts';
import { sessions, users } from '../db/schema.ts';
import type { AppEnv, CurrentUser } from '../lib/env.ts';

export const IDLE_TIMEOUT_MS = 7 * 24 * 60 * 60 * 1000;
export const ABSOLUTE_TIMEOUT_MS = 30 * 24 * 60 * 60 * 1000;
/** Refresh the idle expiry at most this often, so reads stay reads. */
const TOUCH_INTERVAL_MS = 60 * 60 * 1000;

export function sessionCookieName(production: boolean): string {
  return production ? '__Host-kickoff_sid' : 'kickoff_sid';
}

export async function createSession(db: Db, userId: string, now = Date.now()): Promise<string> {
  const sid = randomBytes(16).toString('hex');
  await db
    .insert(sessions)
    .values({ sid, userId, sess: { userId, createdAt: new Date(now).toISOString() }, expire: now + IDLE_TIMEOUT_MS });
  return sid;
}

// Prepared once per database: this lookup runs on every API request.
const statements = preparedFor((db) => ({
  sessionUser: db
    .select({
      expire: sessions.expire,
      sess: sessions.sess,
      user: {
        id: users.id,
        email: users.email,
        role: users.role,
        companyId: users.companyId,
        fullName: users.fullName,
        managerId: users.managerId,
      },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.sid, sql.placeholder('sid')))
    .prepare('sessions.user'),
  touch: db
    .update(sessions)
    .set({ expire: sql`${sql.placeholder('expire')}` })
    .where(eq(sessions.sid, sql.placeholder('sid')))
    .prepare('sessions.touch'),
  destroy: db.delete(sessions).where(eq(sessions.sid, sql.placeholder('sid'))).prepare('sessions.destroy'),
}));

/**
 * The signed-in user of a session, in one query joining the session to its user; null when the
 * session is missing or expired (an expired row is removed). The idle expiry is pushed forward at
 * most once per TOUCH_INTERVAL_MS, so a read stays a read.
 */
export async function readSessionUser(db: Db, sid: string, now = Date.now()): Promise<CurrentUser | null> {
  const statement = statements(db);
  const [row] = await statement.sessionUser.execute({ sid });
  if (!row) return null;
  const absoluteEnd = Date.parse(row.sess.createdAt) + ABSOLUTE_TIMEOUT_MS;
  if (row.expire <= now || absoluteEnd <= now) {
    await statement.destroy.execute({ sid });
    return null;
  }
  if (row.expire - now < IDLE_TIMEOUT_MS - TOUCH_INTERVAL_MS) {
    await statement.touch.execute({ sid, expire: Math.min(now + IDLE_TIMEOUT_MS, absoluteEnd) });
  }
  return row.user;
}

export async function destroySession(db: Db, sid: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.sid, sid));
}

/** Ends every session of a user, or every one but `keepSid` (after a password change). */
export async function destroyUserSessions(db: Db, userId: string, keepSid?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(keepSid ? and(eq(sessions.userId, userId), ne(sessions.sid, keepSid)) : eq(sessions.userId, userId));
}

export async function purgeExpiredSessions(db: Db, now = Date.now()): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expire, now));
}

export function getSessionId(c: Context<AppEnv>): string | undefined {
  return getCookie(c, sessionCookieName(c.var.deps.config.env === 'production'));
}

/** Starts a fresh session (a new id at every sign-in) and sets its cookie. */
export async function startSession(c: Context<AppEnv>, userId: string): Promise<void> {
  const { db, config } = c.var.deps;
  const previous = getSessionId(c);
  if (previous) await destroySession(db, previous);
  const sid = await createSession(db, userId);
  const production = config.env === 'production';
  setCookie(c, sessionCookieName(production), sid, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: production,
    path: '/',
    maxAge: ABSOLUTE_TIMEOUT_MS / 1000,
  });
}

export async function endSession(c: Context<AppEnv>): Promise<void> {
  const sid = getSessionId(c);
  if (sid) await destroySession(c.var.deps.db, sid);
  const production = c.var.deps.config.env === 'production';
  deleteCookie(c, sessionCookieName(production), { path: '/', secure: production });
}
