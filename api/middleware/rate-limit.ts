// Rate limits for sign-in, sign-up, forgot-password, reset, resend and invitations (DESIGN.md section 5),
// counted in the database so that several API instances behind one address share them (section 9).
import { isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { eq, lt, sql } from 'drizzle-orm';
import { ERROR_CODE } from '../../shared/errors.ts';
import type { Config } from '../config.ts';
import { type Db, first } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';
import { AppError } from '../lib/app-error.ts';
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
    const window = await first(
      db
        .select()
        .from(rateLimits)
        .where(eq(rateLimits.key, this.rowKey(key))),
    );
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
}

/**
 * A progressive delay between attempts, for guesses that must be slowed without handing anyone a way to
 * lock the owner out: the first `free` attempts in a row go through, then each further one must come at
 * least `delayAfter(n)` after the previous attempt (doubling from `baseMs` to `capMs`). Not a lock: once the
 * wait has passed, the next attempt is heard, whatever happened in between.
 *
 * One row per key in `rate_limits`: `count` is the attempts in a row, `resetAt` is when they are
 * forgotten (the last attempt + `memoryMs`), so the last attempt was at `resetAt - memoryMs`, and the
 * hourly sweep removes forgotten rows like ended windows. An attempt is claimed before it is judged, in
 * one conditional upsert, so parallel requests cannot slip several guesses into one slot; a success
 * clears the key.
 */
export class ProgressiveDelay {
  constructor(
    readonly name: string,
    readonly free: number,
    readonly baseMs: number,
    readonly capMs: number,
    readonly memoryMs: number,
  ) {}

  private rowKey(key: string): string {
    return `${this.name}:${key}`;
  }

  /** How long after the previous attempt the next one may come, once `attempts` have been made. */
  delayAfter(attempts: number): number {
    return attempts < this.free ? 0 : Math.min(this.capMs, this.baseMs * 2 ** (attempts - this.free));
  }

  /** delayAfter(count) for count >= free, in SQL: a CASE over the few steps, the same on both engines. */
  private delaySql() {
    const steps: string[] = [];
    for (let attempts = this.free; this.delayAfter(attempts) < this.capMs; attempts++) {
      steps.push(`when ${attempts} then ${this.delayAfter(attempts)}`);
    }
    // Code's own integers, inlined: PostgreSQL cannot type bare parameters in a CASE.
    return sql`(case ${rateLimits.count} ${sql.raw(steps.join(' '))} else ${sql.raw(String(this.capMs))} end)`;
  }

  /** Claims one attempt for the key: 0 when it may go ahead (and is counted), else the seconds to wait. */
  async claim(db: Db, key: string, now = Date.now()): Promise<number> {
    const memory = sql.raw(String(this.memoryMs));
    const forgotten = sql`${rateLimits.resetAt} <= ${now}`;
    // The free attempts by count alone: requests at once read their clocks in any order.
    const due = sql`(${rateLimits.count} < ${sql.raw(String(this.free))} or ${rateLimits.resetAt} - ${memory} + ${this.delaySql()} <= ${now})`;
    const claimed = await db
      .insert(rateLimits)
      .values({ key: this.rowKey(key), count: 1, resetAt: now + this.memoryMs })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: { count: sql`case when ${forgotten} then 1 else ${rateLimits.count} + 1 end`, resetAt: now + this.memoryMs },
        setWhere: sql`${forgotten} or ${due}`,
      })
      .returning({ count: rateLimits.count });
    if (claimed.length > 0) return 0;
    const row = await first(
      db
        .select()
        .from(rateLimits)
        .where(eq(rateLimits.key, this.rowKey(key))),
    );
    const dueAt = row ? row.resetAt - this.memoryMs + this.delayAfter(row.count) : now;
    return Math.max(1, Math.ceil((dueAt - now) / 1000));
  }

  async clear(db: Db, key: string): Promise<void> {
    await db.delete(rateLimits).where(eq(rateLimits.key, this.rowKey(key)));
  }
}

/** Windows that have ended count for nothing; the hourly sweep removes them. */
export async function purgeExpiredRateLimits(db: Db, now = Date.now()): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, now));
}

const SECOND = 1000;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const limits = {
  /** Every sign-in attempt per address: bounds the Argon2 work one address can cause. */
  signInPerAddress: new RateLimiter('sign-in/address', 300, 15 * MINUTE),
  /** Failed sign-ins per address: credential stuffing across many accounts. */
  signInFailuresPerAddress: new RateLimiter('sign-in-failures/address', 50, 15 * MINUTE),
  /**
   * Password attempts on one account from one address (api/auth/password-attempts.ts): 10 in a row,
   * then 15 s between attempts, doubling to 5 minutes. Another address is not slowed by these.
   */
  passwordAttemptsPerAccountAddress: new ProgressiveDelay('password-attempts/account+address', 10, 15 * SECOND, 5 * MINUTE, 24 * HOUR),
  /**
   * Password attempts on one account from every address it has not signed in from: guessing spread
   * over many addresses. 30 in a row, then the same schedule.
   */
  passwordAttemptsPerAccount: new ProgressiveDelay('password-attempts/account', 30, 15 * SECOND, 5 * MINUTE, 24 * HOUR),
  signUpPerAddress: new RateLimiter('sign-up/address', 50, 60 * MINUTE),
  signUpPerAccount: new RateLimiter('sign-up/account', 5, 60 * MINUTE),
  forgotPerAddress: new RateLimiter('forgot/address', 20, 15 * MINUTE),
  forgotPerAccount: new RateLimiter('forgot/account', 5, 15 * MINUTE),
  resendPerAddress: new RateLimiter('resend/address', 20, 15 * MINUTE),
  resendPerAccount: new RateLimiter('resend/account', 5, 15 * MINUTE),
  /** Reset-link submissions per address: a made-up token costs a lookup, and only this many. */
  resetPerAddress: new RateLimiter('reset/address', 20, 15 * MINUTE),
  /** Invitations and resends, each of which mails someone: per inviter, company, address and recipient. */
  invitesPerInviter: new RateLimiter('invites/inviter', 20, MINUTE),
  invitesPerCompany: new RateLimiter('invites/company', 100, HOUR),
  invitesPerAddress: new RateLimiter('invites/address', 60, HOUR),
  invitesPerRecipient: new RateLimiter('invites/recipient', 5, HOUR),
  /**
   * PayHere notifies per address that applied nothing (forged, replayed, outside the paid period).
   * PayHere's own server sends next to none of these; 100 bounds what one address can make us read
   * and record (the verified ones are a small row each).
   */
  payhereNotifyUnappliedPerAddress: new RateLimiter('payhere-notify-unapplied/address', 100, 15 * MINUTE),
  /**
   * Second-factor codes (issue 24: sign-in's second step, enrolment, turning it off, new recovery codes):
   * each try matches 3 of a million codes (one step either side), so 10 tries per person in 15 minutes and
   * 30 a day leave someone who has the password about 1 chance in 11,000 a day; per address, the same
   * across many people.
   */
  secondFactorPerUser: new RateLimiter('second-factor/user', 10, 15 * MINUTE),
  secondFactorPerUserDaily: new RateLimiter('second-factor/user-daily', 30, 24 * HOUR),
  secondFactorPerAddress: new RateLimiter('second-factor/address', 50, 15 * MINUTE),
};

/**
 * The caller's address: the socket's, or X-Forwarded-For's last hop only behind a trusted proxy
 * (TRUST_PROXY); undefined when there is no socket (app.request() in tests).
 */
export function requestAddress(c: Context<AppEnv>): string | undefined {
  const { config } = c.var.deps;
  const forwarded = c.req.header('x-forwarded-for');
  if (config.trustProxy) {
    const last = forwarded?.split(',').at(-1)?.trim();
    if (last) return last;
  } else if (forwarded) {
    warnUntrustedForwarding(config);
  }
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

/**
 * The caller's address as the limits count it (requestAddress); an IPv6 address by its /64 (one
 * subscriber's allocation, whose 2^64 addresses would otherwise each get a fresh allowance).
 */
export function clientAddress(c: Context<AppEnv>): string {
  return limitedAddress(requestAddress(c) ?? 'unknown');
}

/** IPv4 as it is (also when written IPv4-mapped, ::ffff:a.b.c.d); IPv6 as its /64 prefix. */
export function limitedAddress(address: string): string {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(bare);
  if (mapped?.[1]) return mapped[1];
  if (isIP(bare) !== 6) return bare;
  const [head = '', tail] = bare.toLowerCase().split('::');
  const words = (part: string | undefined) => (part ? part.split(':').flatMap(hextets) : []);
  const front = words(head);
  const back = words(tail);
  const groups = tail === undefined ? front : [...front, ...Array<string>(8 - front.length - back.length).fill('0'), ...back];
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

/** One IPv6 group, or the two an embedded IPv4 tail (64:ff9b::192.0.2.1) stands for. */
function hextets(part: string): string[] {
  if (!part.includes('.')) return [part];
  const [a = 0, b = 0, c = 0, d = 0] = part.split('.').map(Number);
  return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
}

const warnedConfigs = new WeakSet<Config>();

/**
 * A proxy in front but TRUST_PROXY=false: every client counts as the proxy's one address, so one abuser
 * spends everybody's allowance. Said once per configuration, not per request (a client may send the
 * header itself to flood the log).
 */
function warnUntrustedForwarding(config: Config): void {
  if (warnedConfigs.has(config)) return;
  warnedConfigs.add(config);
  console.warn(
    'X-Forwarded-For arrived but TRUST_PROXY=false, so rate limits count the connecting address. Behind a reverse proxy that sets this header, set TRUST_PROXY=true; otherwise a client sent it and it is ignored.',
  );
}

export const accountKey = (email: string) => email.trim().toLowerCase();

export function tooManyRequests(retryAfterSeconds: number): AppError {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return new AppError(429, `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, {
    code: ERROR_CODE.rateLimited,
    headers: { 'Retry-After': String(retryAfterSeconds) },
  });
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
