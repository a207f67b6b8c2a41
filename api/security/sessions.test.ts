// Session and account checks of ASVS 4 L2 (V2.2, V3) that api/auth/auth.test.ts does not already make.
// Already there: sign-in rotates the id; POST/GET logout, password reset and deleting one's own account
// end sessions; a password change ends every session and gives this device a new id; wrong passwords
// slow an account down but never lock the owner out; forgot-password and resend answer the same for any
// email; unknown email and wrong password give the same 401; sign-up's 409. Deleting a person as admin
// ends their sessions: api/team/team.test.ts.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ALREADY_EXISTS } from '../../shared/errors.ts';
import { createTeamMember } from '../auth/auth.queries.ts';
import { ABSOLUTE_TIMEOUT_MS, IDLE_TIMEOUT_MS, sessionCookieName, sessionKey } from '../auth/sessions.ts';
import { first } from '../db/client.ts';
import { sessions } from '../db/schema.ts';
import { TEST_PASSWORD, createTestContext, type TestContext } from '../test/harness.ts';

const HOUR_MS = 60 * 60 * 1000;

/** A fresh session of the user, as its id and Cookie header. */
async function signIn(ctx: TestContext, userId: string) {
  const cookie = await ctx.cookieFor(userId);
  return { sid: cookie.slice(cookie.indexOf('=') + 1), cookie };
}

/** The table keys a session by the SHA-256 of its id, never the id itself. */
const sessionRow = (ctx: TestContext, sid: string) =>
  first(
    ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.sid, sessionKey(sid))),
  );

/** Moves a session in time: when it was created, and when it goes idle. */
async function setSessionTimes(ctx: TestContext, sid: string, times: { createdAt?: number; expire?: number }) {
  const row = await sessionRow(ctx, sid);
  if (!row) throw new Error('no such session');
  await ctx.db
    .update(sessions)
    .set({
      ...(times.expire !== undefined ? { expire: times.expire } : {}),
      ...(times.createdAt !== undefined ? { sess: { ...row.sess, createdAt: new Date(times.createdAt).toISOString() } } : {}),
    })
    .where(eq(sessions.sid, sessionKey(sid)));
}

const whoAmI = (ctx: TestContext, cookie: string) => ctx.request('/api/auth/user', { cookie });

describe('session expiry (ASVS 3.3)', () => {
  it('an idle session ends: past its idle expiry the cookie gets 401 and the server forgets the session', async () => {
    const ctx = await createTestContext();
    const { newHire } = await ctx.createCompany();
    const { sid, cookie } = await signIn(ctx, newHire.id);
    expect((await whoAmI(ctx, cookie)).status).toBe(200);

    await setSessionTimes(ctx, sid, { expire: Date.now() - 1000 });
    const res = await whoAmI(ctx, cookie);
    expect(res.status).toBe(401);
    expect(res.body.message).toEqual(expect.any(String));
    expect(await sessionRow(ctx, sid)).toBeUndefined();
  });

  it('using a session pushes its idle expiry forward, but never past its absolute expiry', async () => {
    const ctx = await createTestContext();
    const { manager } = await ctx.createCompany();

    // Last used six days ago: one day of idle time left.
    const recent = await signIn(ctx, manager.id);
    await setSessionTimes(ctx, recent.sid, { createdAt: Date.now() - 6 * 24 * HOUR_MS, expire: Date.now() + 24 * HOUR_MS });
    const before = (await sessionRow(ctx, recent.sid))?.expire ?? 0;
    expect((await whoAmI(ctx, recent.cookie)).status).toBe(200);
    expect((await sessionRow(ctx, recent.sid))?.expire).toBeGreaterThan(before);

    // Two hours before its absolute end: the idle expiry is capped there, not a week on.
    const old = await signIn(ctx, manager.id);
    const createdAt = Date.now() - ABSOLUTE_TIMEOUT_MS + 2 * HOUR_MS;
    await setSessionTimes(ctx, old.sid, { createdAt, expire: Date.now() + HOUR_MS });
    expect((await whoAmI(ctx, old.cookie)).status).toBe(200);
    const capped = (await sessionRow(ctx, old.sid))?.expire ?? Number.POSITIVE_INFINITY;
    expect(capped).toBeLessThanOrEqual(createdAt + ABSOLUTE_TIMEOUT_MS);
    expect(capped).toBeLessThan(Date.now() + IDLE_TIMEOUT_MS);
  });

  it('the absolute expiry ends even a session in constant use', async () => {
    const ctx = await createTestContext();
    const { admin } = await ctx.createCompany();
    const { sid, cookie } = await signIn(ctx, admin.id);
    // Started 30 days and a minute ago, used a moment ago (so not idle).
    await setSessionTimes(ctx, sid, { createdAt: Date.now() - ABSOLUTE_TIMEOUT_MS - 60_000, expire: Date.now() + IDLE_TIMEOUT_MS });
    expect((await whoAmI(ctx, cookie)).status).toBe(401);
    expect(await sessionRow(ctx, sid)).toBeUndefined();
    // Not only for the account route: every route refuses it.
    expect((await ctx.request('/api/onboarding-plans', { cookie })).status).toBe(401);
  });

  it('an unknown session id is simply not signed in, and creates nothing', async () => {
    const ctx = await createTestContext();
    const forged = `${sessionCookieName(false)}=${'ab'.repeat(16)}`;
    const res = await whoAmI(ctx, forged);
    expect(res.status).toBe(401);
    expect(await ctx.db.select().from(sessions)).toEqual([]);
  });
});

describe('session ids at rest (ASVS 3.2.3)', () => {
  it('the sessions table holds no raw session id: a copy of it signs nobody in', async () => {
    const ctx = await createTestContext();
    const { admin } = await ctx.createCompany();
    const res = await ctx.request('/api/auth/login', { method: 'POST', body: { email: admin.email, password: TEST_PASSWORD } });
    const sid = /kickoff_sid=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1] ?? '';
    expect(sid).toMatch(/^[0-9a-f]{32}$/);
    const stored = (await ctx.db.select({ sid: sessions.sid }).from(sessions)).map((row) => row.sid);
    expect(stored).toContain(sessionKey(sid));
    expect(stored.every((key) => /^[0-9a-f]{64}$/.test(key))).toBe(true);
    expect(stored).not.toContain(sid);
    // What a leaked database or backup holds is no cookie.
    for (const key of stored) expect((await whoAmI(ctx, `${sessionCookieName(false)}=${key}`)).status).toBe(401);
    expect((await whoAmI(ctx, `${sessionCookieName(false)}=${sid}`)).status).toBe(200);
  });
});

describe('signing out (ASVS 3.3.1)', () => {
  it('removes this device’s session row on the server and leaves the person’s other devices signed in', async () => {
    const ctx = await createTestContext();
    const { newHire } = await ctx.createCompany();
    const phone = await signIn(ctx, newHire.id);
    const laptop = await signIn(ctx, newHire.id);

    expect((await ctx.request('/api/auth/logout', { method: 'POST', cookie: phone.cookie })).status).toBe(204);
    expect(await sessionRow(ctx, phone.sid)).toBeUndefined();
    // A copy of the old cookie is worth nothing now, on any route.
    expect((await ctx.request('/api/sync/pull?clientId=6f1c2a36-5d0e-4a53-9a70-1b2c3d4e5f60', { cookie: phone.cookie })).status).toBe(401);
    expect((await whoAmI(ctx, laptop.cookie)).status).toBe(200);
  });
});

describe('session cookie (ASVS 3.4)', () => {
  it('in production is __Host- prefixed, Secure, HttpOnly, SameSite=Lax, host-only, and carries 128 random bits', async () => {
    const ctx = await createTestContext({ NODE_ENV: 'production' });
    const { admin } = await ctx.createCompany();
    const res = await ctx.request('/api/auth/login', { method: 'POST', body: { email: admin.email, password: TEST_PASSWORD } });
    expect(res.status).toBe(200);
    const setCookie = res.headers.get('set-cookie') ?? '';
    const match = setCookie.match(/^__Host-kickoff_sid=([^;]+)/);
    expect(match?.[1]).toMatch(/^[0-9a-f]{32}$/);
    expect(setCookie).toMatch(/;\s*Secure/i);
    expect(setCookie).toMatch(/;\s*HttpOnly/i);
    expect(setCookie).toMatch(/;\s*SameSite=Lax/i);
    expect(setCookie).toMatch(/;\s*Path=\//i);
    expect(setCookie).not.toMatch(/Domain=/i);

    const cookie = `__Host-kickoff_sid=${match?.[1]}`;
    expect((await whoAmI(ctx, cookie)).status).toBe(200);
    // The development name means nothing in production.
    expect((await whoAmI(ctx, `kickoff_sid=${match?.[1]}`)).status).toBe(401);
  });
});

describe('no account enumeration (ASVS 2.2, 3.2)', () => {
  it('sign-in answers an invited person who has no password yet exactly like an unknown email', async () => {
    const ctx = await createTestContext();
    const { company, admin } = await ctx.createCompany();
    const invited = await createTeamMember(ctx.db, { companyId: company.id, email: 'invited@example.test', role: 'new_hire' });
    const attempt = (email: string) => ctx.request('/api/auth/login', { method: 'POST', body: { email, password: 'Guess#Pass1' } });

    const unknown = await attempt('nobody@example.test');
    for (const res of [await attempt(invited.email), await attempt(admin.email.toUpperCase())]) {
      expect(res.status).toBe(401);
      expect(res.text).toBe(unknown.text);
      expect(res.headers.get('set-cookie')).toBeNull();
    }
  });

  it('forgot-password answers an invited person, an address in capitals and an unknown email alike', async () => {
    const ctx = await createTestContext();
    const { company, admin } = await ctx.createCompany();
    await createTeamMember(ctx.db, { companyId: company.id, email: 'invited@example.test', role: 'new_hire' });
    const ask = (email: string) => ctx.request('/api/auth/forgot-password', { method: 'POST', body: { email } });

    const unknown = await ask('nobody@example.test');
    expect(unknown.status).toBe(200);
    for (const res of [await ask('invited@example.test'), await ask(admin.email.toUpperCase())]) {
      expect(res.status).toBe(unknown.status);
      expect(res.text).toBe(unknown.text);
    }
  });

  it('sign-up’s 409 "already exists" is rate limited per address, before the email is even looked up', async () => {
    const ctx = await createTestContext();
    const { company } = await ctx.createCompany();
    const taken: string[] = [];
    for (let i = 0; i < 60; i++) {
      taken.push((await createTeamMember(ctx.db, { companyId: company.id, email: `taken${i}@example.test`, role: 'new_hire' })).email);
    }
    const signUp = (email: string) =>
      ctx.request('/api/auth/signup', {
        method: 'POST',
        body: { fullName: 'Probe Person', email, password: 'Str0ng!pass', companyName: 'Probe', companyAddress: '1 Probe Road' },
      });

    const statuses: number[] = [];
    let limited;
    for (const email of taken) {
      const res = await signUp(email);
      statuses.push(res.status);
      if (res.status === 429) {
        limited = res;
        break;
      }
      expect(res.status).toBe(409);
      expect(res.body.message).toContain(ALREADY_EXISTS);
    }
    expect(limited?.status, `statuses: ${statuses.join(',')}`).toBe(429);
    expect(limited?.headers.get('content-type')).toContain('application/json');
    expect(Number(limited?.headers.get('retry-after'))).toBeGreaterThan(0);
    // Once limited, a free email gets the very same answer: the 429 tells nothing about who exists.
    const free = await signUp('free-address@example.test');
    expect(free.status).toBe(429);
    expect(free.body.message).toBe(limited?.body.message);
  });

  it('sign-up probing one email repeatedly is limited per account too', async () => {
    const ctx = await createTestContext({ TRUST_PROXY: 'true' });
    const { admin } = await ctx.createCompany();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      // A different client address each time: only the per-account limit can stop this.
      const res = await ctx.request('/api/auth/signup', {
        method: 'POST',
        headers: { 'X-Forwarded-For': `198.51.100.${i}` },
        body: { fullName: 'Probe Person', email: admin.email, password: 'Str0ng!pass', companyName: 'Probe', companyAddress: '1 Probe Road' },
      });
      statuses.push(res.status);
    }
    expect(statuses.filter((status) => status === 409).length).toBeGreaterThan(0);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(statuses.indexOf(429)).every((status) => status === 429)).toBe(true);
  });
});
