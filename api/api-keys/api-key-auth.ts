// Requests that carry an API key (issue 21): `Authorization: Bearer kk_...` authenticates by the key alone
// (the session cookie is not even read), acts as the admin who made it, and is limited per key and by the
// key's scope. The one rule of what a key may not do is here (`apiKeyRefusal`).
import type { Context } from 'hono';
import { API_KEY_PATTERN, type ApiKeyScope } from '../../shared/api-keys.ts';
import { ERROR_CODE } from '../../shared/errors.ts';
import { AppError, forbidden } from '../lib/app-error.ts';
import type { AppEnv } from '../lib/env.ts';
import { RateLimiter } from '../middleware/rate-limit.ts';
import { apiKeyHash, findKeyCaller, touchApiKey } from './api-keys.queries.ts';

/** Requests per key per minute, counted in the database so every instance shares the count. */
export const API_KEY_REQUESTS_PER_MINUTE = 600;
export const apiKeyLimiter = new RateLimiter('api-key', API_KEY_REQUESTS_PER_MINUTE, 60_000);

const BEARER = /^Bearer(?:\s+(.*))?$/i;

/**
 * Whether the request presents an API key: an Authorization header of the Bearer scheme. Browsers never
 * add one by themselves (a cross-site page would need a CORS preflight the API never grants), so such a
 * request needs no same-origin check; any other scheme (a proxy's Basic auth, say) is left alone.
 */
export function carriesApiKey(c: Context<AppEnv>): boolean {
  const authorization = c.req.header('authorization');
  return authorization !== undefined && BEARER.test(authorization.trim());
}

const READ_METHODS = new Set(['GET', 'HEAD']);

/**
 * Routes no key may drive, whatever its scope: the keys themselves, signing in and out and the account
 * (password, profile, reminders), money, and what belongs to a person's devices (push, offline sync, the
 * change stream). `unsafeOnly`: reading stays allowed (the subscription's status).
 */
const KEY_REFUSED: ReadonlyArray<{ prefix: string; unsafeOnly?: true; message: string }> = [
  { prefix: '/api/api-keys', message: 'API keys cannot create, list or revoke API keys. Sign in to Kickoff to manage them.' },
  { prefix: '/api/auth', message: 'API keys cannot sign in, sign out or manage accounts.' },
  { prefix: '/api/users/me', message: 'API keys cannot change an account, its password or its profile.' },
  { prefix: '/api/company/second-factor', message: 'API keys cannot change how people sign in.' },
  { prefix: '/api/sso', message: 'API keys cannot change single sign-on. Sign in to Kickoff to manage it.' },
  { prefix: '/api/notifications/preferences', message: 'API keys cannot change a person’s reminder settings.' },
  { prefix: '/api/payments', message: 'API keys cannot make or read payments.' },
  { prefix: '/api/subscription', unsafeOnly: true, message: 'API keys cannot change the subscription.' },
  { prefix: '/api/push', message: 'API keys cannot subscribe devices to push notifications.' },
  { prefix: '/api/sync', message: 'API keys cannot use offline sync.' },
  { prefix: '/api/events', message: 'API keys cannot open the change stream.' },
];

/** Why a key of this scope may not make this request, or undefined when it may. */
export function apiKeyRefusal(scope: ApiKeyScope, method: string, path: string): string | undefined {
  const read = READ_METHODS.has(method.toUpperCase());
  for (const rule of KEY_REFUSED) {
    if ((path === rule.prefix || path.startsWith(`${rule.prefix}/`)) && !(rule.unsafeOnly && read)) return rule.message;
  }
  if (scope === 'read' && !read) return 'This API key is read-only: it can only make GET requests. Create a key with write access to change data.';
  return undefined;
}

const invalidKey = (message: string) =>
  new AppError(401, message, { code: ERROR_CODE.unauthorized, headers: { 'WWW-Authenticate': 'Bearer realm="kickoff", error="invalid_token"' } });

function tooManyKeyRequests(retryAfterSeconds: number): AppError {
  return new AppError(429, `Too many requests with this API key (at most ${API_KEY_REQUESTS_PER_MINUTE} a minute). Please try again in ${retryAfterSeconds} s.`, {
    code: ERROR_CODE.rateLimited,
    headers: { 'Retry-After': String(retryAfterSeconds) },
  });
}

/**
 * Authenticates the request by its key (carriesApiKey is true): sets `user` to the key's creator and
 * `apiKey`, or throws 401 (malformed, unknown or revoked key, or a creator no longer an admin of its
 * company), 429 (over the key's limit) or 403 (apiKeyRefusal). Never falls back to the cookie.
 */
export async function authenticateApiKey(c: Context<AppEnv>): Promise<void> {
  const { db } = c.var.deps;
  const token = BEARER.exec(c.req.header('authorization')?.trim() ?? '')?.[1]?.trim() ?? '';
  if (!API_KEY_PATTERN.test(token)) throw invalidKey('Invalid API key. Send it as "Authorization: Bearer kk_…".');
  const caller = await findKeyCaller(db, apiKeyHash(token));
  if (!caller) throw invalidKey('Invalid API key.');
  if (caller.key.revokedAt !== null) throw invalidKey('This API key has been revoked.');
  if (caller.user.role !== 'admin' || caller.user.companyId !== caller.keyCompanyId) {
    throw invalidKey('This API key no longer works: the person who created it is no longer an admin.');
  }

  const wait = await apiKeyLimiter.retryAfter(db, caller.key.id);
  if (wait > 0) throw tooManyKeyRequests(wait);
  await apiKeyLimiter.hit(db, caller.key.id);
  await touchApiKey(db, caller.key.id, caller.key.lastUsedAt);

  const refusal = apiKeyRefusal(caller.key.scope, c.req.method, c.req.path);
  if (refusal) throw forbidden(refusal);
  c.set('user', caller.user);
  c.set('apiKey', { id: caller.key.id, scope: caller.key.scope });
}
