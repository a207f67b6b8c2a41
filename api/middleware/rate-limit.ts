// In-memory rate limits for sign-in, sign-up, forgot-password and resend (DESIGN.md section 5).
// One process serves the app, so memory is enough; a restart forgets the counts, which only helps the caller.
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { AppError } from '../lib/app-error.ts';
import type { AppDeps, AppEnv } from '../lib/env.ts';

type Window = { count: number; resetAt: number };

/** A fixed-window counter per key. */
export class RateLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  /** Seconds until the key may try again, or 0 while it is under the limit. Does not count. */
  retryAfter(key: string, now = Date.now()): number {
    const window = this.windows.get(key);
    if (!window || window.resetAt <= now || window.count < this.limit) return 0;
    return Math.max(1, Math.ceil((window.resetAt - now) / 1000));
  }

  /** Counts one hit for the key. */
  hit(key: string, now = Date.now()): void {
    const window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      this.windows.set(key, { count: 1, resetAt: now + this.windowMs });
      if (this.windows.size > 10_000) this.prune(now);
    } else {
      window.count += 1;
    }
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private prune(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

const MINUTE = 60_000;

function createLimiters() {
  return {
    /** Every sign-in attempt per address: bounds the Argon2 work one address can cause. */
    signInPerAddress: new RateLimiter(300, 15 * MINUTE),
    /** Failed sign-ins per address: credential stuffing across many accounts. */
    signInFailuresPerAddress: new RateLimiter(50, 15 * MINUTE),
    /** Wrong passwords in a row per account (cleared by a success): 10, then a 15-minute pause. */
    signInFailuresPerAccount: new RateLimiter(10, 15 * MINUTE),
    signUpPerAddress: new RateLimiter(50, 60 * MINUTE),
    signUpPerAccount: new RateLimiter(5, 60 * MINUTE),
    forgotPerAddress: new RateLimiter(20, 15 * MINUTE),
    forgotPerAccount: new RateLimiter(5, 15 * MINUTE),
    resendPerAddress: new RateLimiter(20, 15 * MINUTE),
    resendPerAccount: new RateLimiter(5, 15 * MINUTE),
  };
}
export type Limiters = ReturnType<typeof createLimiters>;

// One set per app instance, so each test's app starts with clean counts.
const limitersByApp = new WeakMap<AppDeps, Limiters>();

export function limiters(c: Context<AppEnv>): Limiters {
  const deps = c.var.deps;
  let found = limitersByApp.get(deps);
  if (!found) {
    found = createLimiters();
    limitersByApp.set(deps, found);
  }
  return found;
}

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
export function consume(...checks: Array<[RateLimiter, string]>): void {
  assertNotLimited(...checks);
  for (const [limiter, key] of checks) limiter.hit(key);
}

/** Throws 429 when any of the limiters is exhausted for its key, without counting. */
export function assertNotLimited(...checks: Array<[RateLimiter, string]>): void {
  const wait = Math.max(0, ...checks.map(([limiter, key]) => limiter.retryAfter(key)));
  if (wait > 0) throw tooManyRequests(wait);
}
