// A sign-in step in progress (SSO redirect, passkey ceremony, second factor, TOTP enrolment): its state
// lives server-side in auth_flows for a few minutes, bound to this browser by an HttpOnly cookie that
// holds a random token (the table keeps its SHA-256). Taking a flow deletes it, so each is used once.
import { and, eq, lt } from 'drizzle-orm';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Db } from '../db/client.ts';
import { authFlows } from '../db/schema.ts';
import type { AppEnv } from '../lib/env.ts';
import { hashToken, newToken } from './tokens.ts';

export type AuthFlowPurpose = typeof authFlows.$inferSelect.purpose;
export type AuthFlow = { userId: string | null; data: Record<string, unknown> };

/** Long enough to finish at an identity provider or an authenticator, short enough to be useless later. */
export const AUTH_FLOW_TTL_MS = 10 * 60 * 1000;

function cookieName(c: Context<AppEnv>, purpose: AuthFlowPurpose): string {
  const name = `kickoff_flow_${purpose}`;
  return c.var.deps.config.secureCookies ? `__Host-${name}` : name;
}

/** Starts a flow of this purpose for this browser (replacing any earlier one of the same purpose). */
export async function openAuthFlow(c: Context<AppEnv>, purpose: AuthFlowPurpose, flow: AuthFlow, ttlMs = AUTH_FLOW_TTL_MS): Promise<void> {
  const { db, config } = c.var.deps;
  const previous = getCookie(c, cookieName(c, purpose));
  if (previous) await db.delete(authFlows).where(eq(authFlows.id, hashToken(previous)));
  const { token, tokenHash } = newToken();
  const expiresAt = new Date(Date.now() + ttlMs).toISOString();
  await db.insert(authFlows).values({ id: tokenHash, purpose, userId: flow.userId, data: flow.data, expiresAt });
  // Lax: an identity provider's redirect back to us is a top-level GET, which Lax cookies accompany.
  setCookie(c, cookieName(c, purpose), token, { httpOnly: true, sameSite: 'Lax', secure: config.secureCookies, path: '/', maxAge: Math.ceil(ttlMs / 1000) });
}

/** This browser's live flow of this purpose, removed as it is read; null when missing or expired. */
export async function takeAuthFlow(c: Context<AppEnv>, purpose: AuthFlowPurpose): Promise<AuthFlow | null> {
  const token = getCookie(c, cookieName(c, purpose));
  if (!token) return null;
  deleteCookie(c, cookieName(c, purpose), { path: '/', secure: c.var.deps.config.secureCookies });
  const [row] = await c.var.deps.db
    .delete(authFlows)
    .where(and(eq(authFlows.id, hashToken(token)), eq(authFlows.purpose, purpose)))
    .returning({ userId: authFlows.userId, data: authFlows.data, expiresAt: authFlows.expiresAt });
  if (!row || Date.parse(row.expiresAt) <= Date.now()) return null;
  return { userId: row.userId, data: row.data };
}

export async function purgeExpiredAuthFlows(db: Db, now = Date.now()): Promise<void> {
  await db.delete(authFlows).where(lt(authFlows.expiresAt, new Date(now).toISOString()));
}
