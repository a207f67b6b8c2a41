// API keys (issue 21): made by admins and shown once, kept as SHA-256, sent as a Bearer token that acts as
// their creator within the key's scope, never mixed with a cookie, limited per key, revocable.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ApiKeyView, CreatedApiKey } from '../../shared/api-keys.ts';
import { apiKeys, rateLimits, users } from '../db/schema.ts';
import { insertTemplate } from '../onboarding/test-fixtures.ts';
import { createTestContext } from '../test/harness.ts';
import { API_KEY_REQUESTS_PER_MINUTE, apiKeyLimiter } from './api-key-auth.ts';
import { apiKeyHash } from './api-keys.queries.ts';

const ctx = await createTestContext();
const acme = await ctx.createCompany('Acme');
const rival = await ctx.createCompany('Rival');

async function createKey(cookie: string, name: string, scope: 'read' | 'write'): Promise<CreatedApiKey> {
  const res = await ctx.request('/api/api-keys', { method: 'POST', cookie, body: { name, scope } });
  expect(res.status, res.text).toBe(201);
  return res.body as CreatedApiKey;
}

const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });
const withKey = (key: string, path: string, options: { method?: string; body?: unknown; cookie?: string; headers?: Record<string, string> } = {}) =>
  ctx.request(path, { ...options, headers: { ...bearer(key), ...options.headers } });

async function planOf(company: typeof acme) {
  const template = await insertTemplate(ctx.db, company.company.id, { createdBy: company.admin.id });
  const res = await ctx.request('/api/onboarding-plans', {
    method: 'POST',
    cookie: company.cookies.admin,
    body: { newHireId: company.newHire.id, templateId: template.id, startDate: '2026-12-07' },
  });
  expect(res.status, res.text).toBe(201);
  return (res.body as { id: string }).id;
}

const rivalPlan = await planOf(rival);
const acmePlan = await planOf(acme);

describe('managing keys', () => {
  it('is for signed-in admins only', async () => {
    for (const path of ['/api/api-keys']) {
      expect((await ctx.request(path)).status).toBe(401);
      expect((await ctx.request(path, { cookie: acme.cookies.manager })).status).toBe(403);
      expect((await ctx.request(path, { cookie: acme.cookies.newHire })).status).toBe(403);
    }
    expect((await ctx.request('/api/api-keys', { method: 'POST', cookie: acme.cookies.manager, body: { name: 'Mine', scope: 'read' } })).status).toBe(403);
  });

  it('shows the key once and keeps only its SHA-256', async () => {
    const created = await createKey(acme.cookies.admin, '  HR system  ', 'write');
    expect(created.key).toMatch(/^kk_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({ name: 'HR system', scope: 'write', prefix: created.key.slice(0, 9), lastUsedAt: null, revokedAt: null });
    expect(created.createdBy).toEqual({ id: acme.admin.id, name: 'Acme Admin' });

    const [row] = await ctx.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(row?.keyHash).toBe(apiKeyHash(created.key));
    expect(row?.keyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(Object.values(row ?? {}).some((value) => typeof value === 'string' && value.includes(created.key.slice(3)))).toBe(false);

    const list = await ctx.request('/api/api-keys', { cookie: acme.cookies.admin });
    expect(list.status).toBe(200);
    expect(list.text).not.toContain(created.key);
    expect(list.text).not.toContain(row?.keyHash);
    const listed = (list.body as ApiKeyView[]).find((key) => key.id === created.id);
    expect(listed).toEqual({ ...created, key: undefined, lastUsedAt: null });
    expect(Object.keys(listed ?? {})).not.toContain('key');
  });

  it('refuses a bad name or scope with the field named', async () => {
    const res = await ctx.request('/api/api-keys', { method: 'POST', cookie: acme.cookies.admin, body: { name: ' ', scope: 'admin' } });
    expect(res.status).toBe(400);
    expect(res.body.issues.map((issue: { path: string }) => issue.path)).toEqual(expect.arrayContaining(['name', 'scope']));
    const long = await ctx.request('/api/api-keys', { method: 'POST', cookie: acme.cookies.admin, body: { name: 'x'.repeat(81), scope: 'read' } });
    expect(long.status).toBe(400);
  });

  it('lists only the company’s own keys, and another company’s key cannot be revoked (404)', async () => {
    const rivalKey = await createKey(rival.cookies.admin, 'Rival CRM', 'read');
    const acmeList = (await ctx.request('/api/api-keys', { cookie: acme.cookies.admin })).body as ApiKeyView[];
    expect(acmeList.map((key) => key.id)).not.toContain(rivalKey.id);
    const res = await ctx.request(`/api/api-keys/${rivalKey.id}`, { method: 'DELETE', cookie: acme.cookies.admin });
    expect(res.status).toBe(404);
    expect((await withKey(rivalKey.key, '/api/users')).status).toBe(200);
    expect((await ctx.request('/api/api-keys/not-a-key', { method: 'DELETE', cookie: acme.cookies.admin })).status).toBe(404);
  });
});

describe('a request with a key', () => {
  it('acts as its creator for a GET and a POST, with no Origin header, ignoring another person’s session cookie', async () => {
    const { key } = await createKey(acme.cookies.admin, 'IT system', 'write');
    // Rival's admin's cookie rides along: it is not read, so the request is Acme's admin's.
    const users = await withKey(key, '/api/users', { cookie: rival.cookies.admin });
    expect(users.status).toBe(200);
    expect((users.body as { id: string }[]).map((user) => user.id)).toEqual(expect.arrayContaining([acme.admin.id, acme.manager.id, acme.newHire.id]));
    expect(users.text).not.toContain(rival.admin.id);

    const template = await withKey(key, '/api/templates', {
      method: 'POST',
      cookie: acme.cookies.newHire,
      body: { title: 'Made by the IT system', duration: 14, sections: [{ title: 'Week One', dayStart: 1, dayEnd: 7, tasks: [{ title: 'Laptop', type: 'checklist' }] }] },
    });
    expect(template.status, template.text).toBe(201);
    expect(template.body).toMatchObject({ title: 'Made by the IT system', companyId: acme.company.id, createdBy: acme.admin.id });
  });

  it('passes with a cross-site Origin header (a key is no browser’s ambient credential)', async () => {
    const { key } = await createKey(acme.cookies.admin, 'Zapier', 'write');
    const res = await withKey(key, `/api/onboarding-plans/${acmePlan}`, {
      method: 'PATCH',
      body: { currentPhase: 'Week Two' },
      headers: { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
    });
    expect(res.status, res.text).toBe(200);
    // The same request with a cookie instead is refused.
    const cookieRes = await ctx.request(`/api/onboarding-plans/${acmePlan}`, {
      method: 'PATCH',
      cookie: acme.cookies.admin,
      body: { currentPhase: 'Week Three' },
      headers: { Origin: 'https://evil.example' },
    });
    expect(cookieRes.status).toBe(403);
  });

  it('of a read key may GET but not change anything (403)', async () => {
    const { key } = await createKey(acme.cookies.admin, 'Dashboard', 'read');
    expect((await withKey(key, '/api/onboarding-plans')).status).toBe(200);
    const res = await withKey(key, '/api/templates', { method: 'POST', body: { title: 'Nope', duration: 7, sections: [] } });
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/read-only/);
    expect((await withKey(key, `/api/onboarding-plans/${acmePlan}`, { method: 'DELETE' })).status).toBe(403);
    expect((await ctx.request(`/api/onboarding-plans/${acmePlan}`, { cookie: acme.cookies.admin })).status).toBe(200);
  });

  it('never reaches another company’s data: 404 as for its creator', async () => {
    const { key } = await createKey(acme.cookies.admin, 'Reporting', 'write');
    const res = await withKey(key, `/api/onboarding-plans/${rivalPlan}`);
    expect(res.status).toBe(404);
    expect((await withKey(key, `/api/onboarding-plans/${rivalPlan}`, { method: 'DELETE' })).status).toBe(404);
    expect((await withKey(key, `/api/onboarding-plans/${acmePlan}`)).status).toBe(200);
  });

  it('answers 401 for an unknown, malformed or revoked key, and never falls back to the cookie', async () => {
    const unknown = await withKey(`kk_${'A'.repeat(43)}`, '/api/users', { cookie: acme.cookies.admin });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toMatchObject({ code: 'unauthorized', message: 'Invalid API key.' });
    expect(unknown.headers.get('WWW-Authenticate')).toMatch(/^Bearer/);
    expect((await ctx.request('/api/users', { cookie: acme.cookies.admin, headers: { Authorization: 'Bearer nonsense' } })).status).toBe(401);
    expect((await ctx.request('/api/users', { cookie: acme.cookies.admin, headers: { Authorization: 'Bearer' } })).status).toBe(401);

    const created = await createKey(acme.cookies.admin, 'Old integration', 'write');
    expect((await withKey(created.key, '/api/users')).status).toBe(200);
    const revoked = await ctx.request(`/api/api-keys/${created.id}`, { method: 'DELETE', cookie: acme.cookies.admin });
    expect(revoked.status).toBe(200);
    expect((revoked.body as ApiKeyView).revokedAt).toEqual(expect.any(String));
    const after = await withKey(created.key, '/api/users', { cookie: acme.cookies.admin });
    expect(after.status).toBe(401);
    expect(after.body.message).toMatch(/revoked/);
    // Revoking again keeps the first time.
    const again = await ctx.request(`/api/api-keys/${created.id}`, { method: 'DELETE', cookie: acme.cookies.admin });
    expect((again.body as ApiKeyView).revokedAt).toBe((revoked.body as ApiKeyView).revokedAt);
  });

  it('leaves a request with another scheme (a proxy’s Basic auth) to its cookie', async () => {
    const res = await ctx.request('/api/auth/user', { cookie: acme.cookies.admin, headers: { Authorization: 'Basic dXNlcjpwYXNz' } });
    expect(res.status).toBe(200);
  });

  it('may not manage keys, sign in or out, change the account, pay, push, sync or stream (403)', async () => {
    const { key } = await createKey(acme.cookies.admin, 'Everything', 'write');
    const refused: Array<[string, string, unknown?]> = [
      ['GET', '/api/api-keys'],
      ['POST', '/api/api-keys', { name: 'Child key', scope: 'write' }],
      ['GET', '/api/auth/user'],
      ['POST', '/api/auth/logout'],
      ['POST', '/api/auth/login', { email: acme.admin.email, password: 'Test#Pass1' }],
      ['POST', '/api/users/me/password', { currentPassword: 'Test#Pass1', newPassword: 'Next@Pass1' }],
      ['PATCH', '/api/users/me', { fullName: 'Robot' }],
      ['DELETE', '/api/users/me', { password: 'Test#Pass1' }],
      ['PUT', '/api/notifications/preferences', { morning_digest: false, weekly_summary: true, start_mails: true, unread_messages: true }],
      ['POST', '/api/payments/create', { planType: 'business', currency: 'LKR', billingPeriod: 'yearly', userDetails: { email: 'payer@example.test' } }],
      ['POST', '/api/subscription/cancel', { reason: 'other' }],
      ['POST', '/api/push/subscriptions', { endpoint: 'https://push.example.test/x', keys: { p256dh: 'a'.repeat(40), auth: 'b'.repeat(16) } }],
      ['POST', '/api/sync/push', { clientId: crypto.randomUUID(), mutations: [] }],
      ['GET', `/api/sync/pull?clientId=${crypto.randomUUID()}&cursor=0`],
      ['GET', '/api/events'],
    ];
    for (const [method, path, body] of refused) {
      const res = await withKey(key, path, { method, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.message, `${method} ${path}`).toMatch(/^API keys cannot/);
    }
    // Reading the subscription's status is not a change.
    expect((await withKey(key, '/api/subscription/status')).status).toBe(200);
    expect((await ctx.request('/api/api-keys', { cookie: acme.cookies.admin })).status).toBe(200);
  });

  it('cannot slip past that rule by writing the path another way', async () => {
    const { key } = await createKey(acme.cookies.admin, 'Sneaky', 'write');
    for (const path of ['/api/%61pi-keys', '/api/api-keys/', '/api//api-keys', '/api/API-KEYS', '/api/auth/%75ser', '/api/./auth/user', '/api/sync/%70ull?cursor=0']) {
      const res = await withKey(key, path);
      expect([403, 404], `${path}: ${res.text}`).toContain(res.status);
    }
  });

  it('stops working when its creator is no longer an admin (401)', async () => {
    const other = await ctx.createCompany('Demoted');
    const { key } = await createKey(other.cookies.admin, 'Legacy', 'write');
    expect((await withKey(key, '/api/users')).status).toBe(200);
    await ctx.db.update(users).set({ role: 'manager' }).where(eq(users.id, other.admin.id));
    const res = await withKey(key, '/api/users');
    expect(res.status).toBe(401);
    expect(res.body.message).toMatch(/no longer an admin/);
  });

  it('records when it was last used, at most once a minute', async () => {
    const created = await createKey(acme.cookies.admin, 'Poller', 'read');
    await withKey(created.key, '/api/users');
    const [first] = await ctx.db.select({ lastUsedAt: apiKeys.lastUsedAt }).from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(first?.lastUsedAt).toEqual(expect.any(String));
    await withKey(created.key, '/api/users');
    const [second] = await ctx.db.select({ lastUsedAt: apiKeys.lastUsedAt }).from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(second?.lastUsedAt).toBe(first?.lastUsedAt);
    const listed = ((await ctx.request('/api/api-keys', { cookie: acme.cookies.admin })).body as ApiKeyView[]).find((key) => key.id === created.id);
    expect(listed?.lastUsedAt).toBe(first?.lastUsedAt);
  });

  it(`is limited to ${API_KEY_REQUESTS_PER_MINUTE} requests a minute per key: then 429 with Retry-After`, async () => {
    const limited = await createKey(acme.cookies.admin, 'Chatty', 'read');
    const other = await createKey(acme.cookies.admin, 'Quiet', 'read');
    // The minute's window as the limiter keeps it, one request short of full.
    await apiKeyLimiter.hit(ctx.db, limited.id);
    await ctx.db
      .update(rateLimits)
      .set({ count: API_KEY_REQUESTS_PER_MINUTE - 1 })
      .where(eq(rateLimits.key, `${apiKeyLimiter.name}:${limited.id}`));
    expect((await withKey(limited.key, '/api/users')).status).toBe(200);
    const res = await withKey(limited.key, '/api/users');
    expect(res.status).toBe(429);
    expect(res.body.code).toBe('rate_limited');
    const retryAfter = Number(res.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Another key of the same admin, and the admin's own session, are not limited by it.
    expect((await withKey(other.key, '/api/users')).status).toBe(200);
    expect((await ctx.request('/api/users', { cookie: acme.cookies.admin })).status).toBe(200);
  });
});

describe('deleting the creator', () => {
  it('deletes their keys with them', async () => {
    const other = await ctx.createCompany('Leaving');
    const second = await ctx.request('/api/users/invite', {
      method: 'POST',
      cookie: other.cookies.admin,
      body: { email: `second-${crypto.randomUUID().slice(0, 6)}@example.test`, role: 'new_hire' },
    });
    expect(second.status, second.text).toBe(201);
    const created = await createKey(other.cookies.admin, 'Owned', 'write');
    // Their own account, deleted with the password (the last admin may leave only an empty company, so the others go first).
    for (const person of [other.manager.id, other.newHire.id, (second.body as { id: string }).id]) {
      expect((await ctx.request(`/api/users/${person}`, { method: 'DELETE', cookie: other.cookies.admin })).status).toBe(200);
    }
    const gone = await ctx.request('/api/users/me', { method: 'DELETE', cookie: other.cookies.admin, body: { password: 'Test#Pass1' } });
    expect(gone.status, gone.text).toBe(200);
    expect(await ctx.db.select().from(apiKeys).where(eq(apiKeys.id, created.id))).toEqual([]);
    expect((await withKey(created.key, '/api/users')).status).toBe(401);
  });

  it('when an admin deletes another admin, that admin’s keys go too', async () => {
    const other = await ctx.createCompany('Team');
    const invite = await ctx.request('/api/users/invite', {
      method: 'POST',
      cookie: other.cookies.admin,
      body: { email: `ops-${crypto.randomUUID().slice(0, 6)}@example.test`, role: 'new_hire' },
    });
    expect(invite.status, invite.text).toBe(201);
    const secondAdminId = (invite.body as { id: string }).id;
    await ctx.db.update(users).set({ role: 'admin' }).where(eq(users.id, secondAdminId));
    const created = await createKey(await ctx.cookieFor(secondAdminId), 'Ops key', 'write');
    expect((await ctx.request(`/api/users/${secondAdminId}`, { method: 'DELETE', cookie: other.cookies.admin })).status).toBe(200);
    expect(await ctx.db.select().from(apiKeys).where(eq(apiKeys.id, created.id))).toEqual([]);
  });
});
