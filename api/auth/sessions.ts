// Server-side sessions in the `sessions` table behind an HttpOnly cookie (DESIGN.md section 5). The cookie
// holds the random id; the table holds only its SHA-256 (`sid`), so a leaked database or backup hands
// out no live session.
import { randomBytes } from 'node:crypto';
import { and, eq, lt, ne, sql } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { authenticateApiKey, carriesApiKey } from '../api-keys/api-key-auth.ts';
import type { Db } from '../db/client.ts';
import { preparedFor } from '../db/prepared.ts';
import { companies, sessions, users } from '../db/schema.ts';
import type { AppEnv, CurrentUser } from '../lib/env.ts';
import { SECOND_FACTOR_SESSION_METHODS, secondFactorApplies } from '../../shared/two-factor.ts';
import { hashToken } from './tokens.ts';

export const IDLE_TIMEOUT_MS = 7 * 24 * 60 * 60 * 1000;
export const ABSOLUTE_TIMEOUT_MS = 30 * 24 * 60 * 60 * 1000;
/** Refresh the idle expiry at most this often, so reads stay reads. */
const TOUCH_INTERVAL_MS = 60 * 60 * 1000;

/** `secure` is config.secureCookies: the `__Host-` name needs the Secure attribute. */
export function sessionCookieName(secure: boolean): string {
  return secure ? '__Host-kickoff_sid' : 'kickoff_sid';
}

/** What `sessions.sid` holds for a session id: its SHA-256, hex. */
export const sessionKey = (sid: string): string => hashToken(sid);

/** How a session began, for the person's list of their sessions. */
export type SessionMethod = NonNullable<typeof sessions.$inferInsert.method>;
export type SessionOrigin = { method?: SessionMethod; userAgent?: string; now?: number };

/** A new session of the user; returns its id for the cookie (the table keeps only sessionKey of it). */
export async function createSession(db: Db, userId: string, { method, userAgent, now = Date.now() }: SessionOrigin = {}): Promise<string> {
  const sid = randomBytes(16).toString('hex');
  const at = new Date(now).toISOString();
  await db.insert(sessions).values({
    sid: sessionKey(sid),
    userId,
    sess: { userId, createdAt: at },
    expire: now + IDLE_TIMEOUT_MS,
    method,
    userAgent: userAgent?.slice(0, 512),
    createdAt: at,
    lastSeenAt: at,
  });
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
      method: sessions.method,
      requireSecondFactor: companies.requireSecondFactor,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(sessions.sid, sql.placeholder('sid')))
    .prepare('sessions.user'),
  touch: db
    .update(sessions)
    .set({ expire: sql`${sql.placeholder('expire')}`, lastSeenAt: sql`${sql.placeholder('lastSeenAt')}` })
    .where(eq(sessions.sid, sql.placeholder('sid')))
    .prepare('sessions.touch'),
  destroy: db
    .delete(sessions)
    .where(eq(sessions.sid, sql.placeholder('sid')))
    .prepare('sessions.destroy'),
}));

/**
 * The signed-in user of a session, in one query joining the session to its user; null when the
 * session is missing or expired (an expired row is removed). The idle expiry is pushed forward at
 * most once per TOUCH_INTERVAL_MS, so a read stays a read.
 */
export async function readSessionUser(db: Db, sid: string, now = Date.now()): Promise<CurrentUser | null> {
  return (await readSession(db, sid, now))?.user ?? null;
}

/**
 * A session: its user, how it began, and whether it still owes a second factor (the company requires
 * one of admins and managers, issue 24, and this session did not begin with one). The same one query.
 */
export type SessionRead = { user: CurrentUser; method: SessionMethod | null; secondFactorMissing: boolean };

export async function readSession(db: Db, sid: string, now = Date.now()): Promise<SessionRead | null> {
  const statement = statements(db);
  const key = sessionKey(sid);
  const [row] = await statement.sessionUser.execute({ sid: key });
  if (!row) return null;
  const absoluteEnd = Date.parse(row.sess.createdAt) + ABSOLUTE_TIMEOUT_MS;
  if (row.expire <= now || absoluteEnd <= now) {
    await statement.destroy.execute({ sid: key });
    return null;
  }
  if (row.expire - now < IDLE_TIMEOUT_MS - TOUCH_INTERVAL_MS) {
    await statement.touch.execute({ sid: key, expire: Math.min(now + IDLE_TIMEOUT_MS, absoluteEnd), lastSeenAt: new Date(now).toISOString() });
  }
  const verified = (SECOND_FACTOR_SESSION_METHODS as readonly string[]).includes(row.method ?? '');
  return { user: row.user, method: row.method, secondFactorMissing: row.requireSecondFactor && secondFactorApplies(row.user.role) && !verified };
}

export async function destroySession(db: Db, sid: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.sid, sessionKey(sid)));
}

/** Ends every session of a user, or every one but the session `keepSid` (a raw id, as in the cookie). */
export async function destroyUserSessions(db: Db, userId: string, keepSid?: string): Promise<void> {
  await db.delete(sessions).where(keepSid ? and(eq(sessions.userId, userId), ne(sessions.sid, sessionKey(keepSid))) : eq(sessions.userId, userId));
}

export async function purgeExpiredSessions(db: Db, now = Date.now()): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expire, now));
}

export function getSessionId(c: Context<AppEnv>): string | undefined {
  return getCookie(c, sessionCookieName(c.var.deps.config.secureCookies));
}

/**
 * Middleware: the session cookie's user, when there is one, for requireUser, requireRole and currentUser.
 * A request with an API key is authenticated by the key alone: its cookie is never read (issue 21).
 */
export const loadUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (carriesApiKey(c)) {
    await authenticateApiKey(c);
    return next();
  }
  const sid = getSessionId(c);
  if (sid) {
    const session = await readSession(c.var.deps.db, sid);
    if (session) {
      c.set('user', session.user);
      c.set('sessionId', sid);
      c.set('sessionMethod', session.method);
      c.set('secondFactorMissing', session.secondFactorMissing);
    }
  }
  await next();
};

/** Starts a fresh session (a new id at every sign-in and step-up) and sets its cookie. */
export async function startSession(c: Context<AppEnv>, userId: string, method: SessionMethod): Promise<void> {
  const { db, config } = c.var.deps;
  const previous = getSessionId(c);
  if (previous) await destroySession(db, previous);
  const sid = await createSession(db, userId, { method, userAgent: c.req.header('user-agent') });
  const secure = config.secureCookies;
  setCookie(c, sessionCookieName(secure), sid, {
    httpOnly: true,
    sameSite: 'Lax',
    secure,
    path: '/',
    maxAge: ABSOLUTE_TIMEOUT_MS / 1000,
  });
}

/**
 * After a password change: every session of the user ends, this device's included, and it gets a new one,
 * begun as this one was (a session signed in with a second factor stays one).
 */
export async function rotateUserSessions(c: Context<AppEnv>, userId: string): Promise<void> {
  await destroyUserSessions(c.var.deps.db, userId);
  await startSession(c, userId, c.var.sessionMethod ?? 'password');
}

export async function endSession(c: Context<AppEnv>): Promise<void> {
  const sid = getSessionId(c);
  if (sid) await destroySession(c.var.deps.db, sid);
  const secure = c.var.deps.config.secureCookies;
  deleteCookie(c, sessionCookieName(secure), { path: '/', secure });
}
