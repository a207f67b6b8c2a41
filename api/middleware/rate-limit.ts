// Rate limits for sign-in, sign-up, forgot-password and resend (DESIGN.md section 5), counted in the
// database so that several API instances behind one address share them (section 9).
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { AppError } from '../lib/app-error.ts';
import { eq, lt, sql } from 'drizzle-orm';
import { type Db, first } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';
import type { AppEnv } from '../lib/env.ts';

/**
 * A fixed-window counter per key, kept in `rate_limits` so every API instance counts the same hits.
 * One upsert per hit: atomic on both engines, and a window that has ended starts again at 1.
 */
export class RateLimiter {
  constructor(
    readonly name: string,
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  private rowKey(key: string): string {
    return `${this.name}:${key}`;
  }

  /** Seconds until the key may try again, or 0 while it is under the limit. Does not count. */
  async retryAfter(db: Db, key: string, now = Date.now()): Promise<number> {
    const window = await first(db.select().from(rateLimits).where(eq(rateLimits.key, this.rowKey(key))));
    if (!window || window.resetAt <= now || window.count < this.limit) return 0;
    return Math.max(1, Math.ceil((window.resetAt - now) / 1000));
  }

  /** Counts one hit for the key. */
  async hit(db: Db, key: string, now = Date.now()): Promise<void> {
    const ended = sql`${rateLimits.resetAt} <= ${now}`;
    await db
      .insert(rateLimits)
      .values({ key: this.rowKey(key), count: 1, resetAt: now + this.windowMs })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${ended} then 1 else ${rateLimits.count} + 1 end`,
          resetAt: sql`case when ${ended} then ${now + this.windowMs} else ${rateLimits.resetAt} end`,
        },
      });
  }

  async reset(db: Db, key: string): Promise<void> {
    await db.delete(rateLimits).where(eq(rateLimits.key, this.rowKey(key)));
  }
}

/** Windows that have ended count for nothing; the hourly sweep removes them. */
export async function purgeExpiredRateLimits(db: Db, now = Date.now()): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, now));
}

const MINUTE = 60_000;

export const limits = {
  /** Every sign-in attempt per address: bounds the Argon2 work one address can cause. */
  signInPerAddress: new RateLimiter('sign-in/address', 300, 15 * MINUTE),
  /** Failed sign-ins per address: credential stuffing across many accounts. */
  signInFailuresPerAddress: new RateLimiter('sign-in-failures/address', 50, 15 * MINUTE),
  /** Wrong passwords in a row per account (cleared by a success): 10, then a 15-minute pause. */
  signInFailuresPerAccount: new RateLimiter('sign-in-failures/account', 10, 15 * MINUTE),
  signUpPerAddress: new RateLimiter('sign-up/address', 50, 60 * MINUTE),
  signUpPerAccount: new RateLimiter('sign-up/account', 5, 60 * MINUTE),
  forgotPerAddress: new RateLimiter('forgot/address', 20, 15 * MINUTE),
  forgotPerAccount: new RateLimiter('forgot/account', 5, 15 * MINUTE),
  resendPerAddress: new RateLimiter('resend/address', 20, 15 * MINUTE),
  resendPerAccount: new RateLimiter('resend/account', 5, 15 * MINUTE),
};

/** The caller's address: the socket's, or X-Forwarded-For's last hop only behind a trusted proxy. */
export function clientAddress(c: Context<AppEnv>): string {
  if (c.var.deps.config.trustProxy) {
    const forwarded = c.req.header('x-forwarded-for');
    const last = forwarded?.split(',').at(-1)?.trim();
    if (last) return last;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown'; // app.request() in tests has no socket
  }
}

export const accountKey = (email: string) => email.trim().toLowerCase();

export function tooManyRequests(retryAfterSeconds: number): AppError {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return new AppError(
    429,
    `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    undefined,
    { 'Retry-After': String(retryAfterSeconds) },
  );
}

/** Throws 429 when any of the limiters is exhausted for its key; otherwise counts the hit in each. */
export async function consume(db: Db, ...checks: Array<[RateLimiter, string]>): Promise<void> {
  await assertNotLimited(db, ...checks);
  for (const [limiter, key] of checks) await limiter.hit(db, key);
}

/** Throws 429 when any of the limiters is exhausted for its key, without counting. */
export async function assertNotLimited(db: Db, ...checks: Array<[RateLimiter, string]>): Promise<void> {
  const waits = await Promise.all(checks.map(([limiter, key]) => limiter.retryAfter(db, key)));
  const wait = Math.max(0, ...waits);
  if (wait > 0) throw tooManyRequests(wait);
}
