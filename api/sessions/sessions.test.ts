// Active sessions (issue 24): a person lists their own live sessions (device, how they began, last seen,
// this one marked) and signs any of them out; nobody else can see or end them; the session id rotates at
// every sign-in and at a password change.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { SessionView, SignedOutSessions } from '../../shared/sessions.ts';
import { ABSOLUTE_TIMEOUT_MS, IDLE_TIMEOUT_MS, sessionKey } from '../auth/sessions.ts';
import { sessions } from '../db/schema.ts';
import { TEST_PASSWORD, createTestContext } from '../test/harness.ts';

const ctx = await createTestContext();

const CHROME_ANDROID = 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const HOUR_MS = 60 * 60 * 1000;

/** The raw session id a response's Set-Cookie carries (throws when there is none). */
function sidFrom(headers: Headers): string {
  const match = (headers.get('set-cookie') ?? '').match(/kickoff_sid=([^;]+)/);
  if (!match?.[1]) throw new Error(`no session cookie in ${headers.get('set-cookie')}`);
  return match[1];
}
const cookieOf = (sid: string) => `kickoff_sid=${sid}`;
const rawSid = (cookie: string) => cookie.slice(cookie.indexOf('=') + 1);

/** Signs in with the password from a browser of this user agent; `cookie`: the browser's cookie before. */
async function signIn(email: string, userAgent: string, cookie?: string) {
  const res = await ctx.request('/api/auth/login', { method: 'POST', cookie, body: { email, password: TEST_PASSWORD }, headers: { 'User-Agent': userAgent } });
  expect(res.status, res.text).toBe(200);
  const sid = sidFrom(res.headers);
  return { sid, cookie: cookieOf(sid), id: sessionKey(sid) };
}

async function listOf(cookie: string): Promise<SessionView[]> {
  const res = await ctx.request('/api/users/me/sessions', { cookie });
  expect(res.status, res.text).toBe(200);
  return res.body as SessionView[];
}

const whoAmI = async (cookie: string) => (await ctx.request('/api/auth/user', { cookie })).status;
const signOut = (cookie: string, id: string) => ctx.request(`/api/users/me/sessions/${id}`, { method: 'DELETE', cookie });

describe('GET /api/users/me/sessions', () => {
  it('lists only my live sessions, with their device, how they began, and this one marked; never a cookie’s value', async () => {
    const acme = await ctx.createCompany('Acme');
    const rival = await ctx.createCompany('Rival');
    const phone = await signIn(acme.admin.email, CHROME_ANDROID);
    const laptop = await signIn(acme.admin.email, FIREFOX_WINDOWS);
    await signIn(acme.manager.email, FIREFOX_WINDOWS);
    await signIn(rival.admin.email, CHROME_ANDROID);

    const res = await ctx.request('/api/users/me/sessions', { cookie: laptop.cookie });
    const list = res.body as SessionView[];
    // The harness's session (made with no browser, as before sessions recorded one) and the two sign-ins.
    expect(list.map((session) => session.id).sort()).toEqual([phone.id, laptop.id, sessionKey(rawSid(acme.cookies.admin))].sort());
    expect(list[0]).toMatchObject({ id: laptop.id, current: true, method: 'password', device: { description: 'Firefox on Windows', kind: 'computer' } });
    expect(list.find((session) => session.id === phone.id)).toMatchObject({ current: false, method: 'password', device: { description: 'Chrome on Android', kind: 'phone' } });
    expect(list.find((session) => session.id === sessionKey(rawSid(acme.cookies.admin)))).toMatchObject({
      current: false,
      method: null,
      device: { description: 'Unknown device' },
    });
    for (const session of list) {
      expect(Date.parse(session.createdAt)).toBeGreaterThan(Date.now() - 60_000);
      expect(session.lastSeenAt >= session.createdAt).toBe(true);
    }
    for (const sid of [phone.sid, laptop.sid, rawSid(acme.cookies.admin)]) expect(res.text).not.toContain(sid);

    // The user agent is what the browser sent, kept with the session.
    const [row] = await ctx.db.select().from(sessions).where(eq(sessions.sid, phone.id));
    expect(row).toMatchObject({ userAgent: CHROME_ANDROID, method: 'password', userId: acme.admin.id });
  });

  it('shows a session from before this change sensibly, and leaves out idle and worn-out ones', async () => {
    const { admin, cookies } = await ctx.createCompany('Legacy');
    const now = Date.now();
    const began = new Date(now - 3 * 24 * HOUR_MS).toISOString();
    const legacy = { sid: sessionKey('legacy-session'), userId: admin.id, sess: { userId: admin.id, createdAt: began }, expire: now - 2 * HOUR_MS + IDLE_TIMEOUT_MS };
    await ctx.db.insert(sessions).values([
      legacy,
      { sid: sessionKey('idle-session'), userId: admin.id, sess: { userId: admin.id, createdAt: began }, expire: now - 1000 },
      // Still within its idle expiry, but begun longer ago than the absolute limit.
      { sid: sessionKey('old-session'), userId: admin.id, sess: { userId: admin.id, createdAt: new Date(now - ABSOLUTE_TIMEOUT_MS - 1000).toISOString() }, expire: now + HOUR_MS },
    ]);
    const list = await listOf(cookies.admin);
    expect(list.map((session) => session.id)).toEqual([sessionKey(rawSid(cookies.admin)), legacy.sid]);
    const shown = list[1];
    expect(shown).toMatchObject({ method: null, current: false, createdAt: began, device: { description: 'Unknown device', kind: 'unknown' } });
    // Its last use is when its idle expiry was set: two hours ago.
    expect(Math.abs(Date.parse(shown?.lastSeenAt ?? '') - (now - 2 * HOUR_MS))).toBeLessThan(1000);
  });

  it('needs a session: signed out is 401, an API key is refused', async () => {
    expect((await ctx.request('/api/users/me/sessions')).status).toBe(401);
    expect((await ctx.request('/api/users/me/sessions', { cookie: 'kickoff_sid=not-a-session' })).status).toBe(401);
    const { cookies } = await ctx.createCompany('Keys');
    const created = await ctx.request('/api/api-keys', { method: 'POST', cookie: cookies.admin, body: { name: 'Reporting', scope: 'write' } });
    const key = (created.body as { key: string }).key;
    for (const method of ['GET', 'DELETE']) {
      expect((await ctx.request('/api/users/me/sessions', { method, headers: { Authorization: `Bearer ${key}` } })).status).toBe(403);
    }
  });
});

describe('DELETE /api/users/me/sessions/:id', () => {
  it('signs that session out: its cookie gets 401 at once, mine still works', async () => {
    const { admin, cookies } = await ctx.createCompany('Single');
    const other = await signIn(admin.email, CHROME_ANDROID);
    const res = await signOut(cookies.admin, other.id);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ id: other.id, current: false });
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(await whoAmI(other.cookie)).toBe(401);
    expect(await whoAmI(cookies.admin)).toBe(200);
    expect((await listOf(cookies.admin)).map((session) => session.id)).toEqual([sessionKey(rawSid(cookies.admin))]);
    // Gone is gone: the same id again is not found.
    expect((await signOut(cookies.admin, other.id)).status).toBe(404);
  });

  it('another person, of my company or another, can neither see nor end my session (404); nor can made-up ids', async () => {
    const acme = await ctx.createCompany('Mine');
    const rival = await ctx.createCompany('Theirs');
    const mine = await signIn(acme.newHire.email, CHROME_ANDROID);
    for (const cookie of [acme.cookies.manager, acme.cookies.admin, rival.cookies.admin]) {
      expect((await listOf(cookie)).map((session) => session.id)).not.toContain(mine.id);
      const res = await signOut(cookie, mine.id);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Session not found');
    }
    // Not the cookie's raw id either, nor an id of another shape.
    for (const id of [mine.sid, 'f'.repeat(64), 'F'.repeat(64), 'x'.repeat(300)]) expect((await signOut(acme.cookies.newHire, id)).status).toBe(404);
    expect(await whoAmI(mine.cookie)).toBe(200);
  });

  it('signing out this session ends it as signing out does, and clears the cookie', async () => {
    const { admin } = await ctx.createCompany('Self');
    const me = await signIn(admin.email, FIREFOX_WINDOWS);
    const res = await signOut(me.cookie, me.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: me.id, current: true });
    expect(res.headers.get('set-cookie')).toMatch(/kickoff_sid=;/);
    expect(await whoAmI(me.cookie)).toBe(401);
  });

  it('is rate limited per person', async () => {
    const { cookies } = await ctx.createCompany('Busy');
    for (let i = 0; i < 30; i += 1) expect((await signOut(cookies.admin, `${i}`.padStart(64, '0'))).status).toBe(404);
    const limited = await signOut(cookies.admin, 'a'.repeat(64));
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await ctx.request('/api/users/me/sessions', { method: 'DELETE', cookie: cookies.admin })).status).toBe(429);
    // Reading the list is not limited.
    expect((await ctx.request('/api/users/me/sessions', { cookie: cookies.admin })).status).toBe(200);
  });
});

describe('DELETE /api/users/me/sessions (sign out every other session)', () => {
  it('ends every other session of mine, keeps mine, and touches nobody else’s', async () => {
    const acme = await ctx.createCompany('Others');
    const phone = await signIn(acme.manager.email, CHROME_ANDROID);
    const laptop = await signIn(acme.manager.email, FIREFOX_WINDOWS);
    const res = await ctx.request('/api/users/me/sessions', { method: 'DELETE', cookie: laptop.cookie });
    expect(res.status, res.text).toBe(200);
    expect(res.body as SignedOutSessions).toEqual({ signedOut: 2 });
    expect(await whoAmI(phone.cookie)).toBe(401);
    expect(await whoAmI(acme.cookies.manager)).toBe(401);
    expect(await whoAmI(laptop.cookie)).toBe(200);
    expect(await whoAmI(acme.cookies.admin)).toBe(200);
    expect((await listOf(laptop.cookie)).map((session) => session.id)).toEqual([laptop.id]);
    const again = await ctx.request('/api/users/me/sessions', { method: 'DELETE', cookie: laptop.cookie });
    expect(again.body).toEqual({ signedOut: 0 });
  });
});

describe('session id rotation', () => {
  it('a sign-in on a signed-in browser gives it a new id and the old one is 401', async () => {
    const { newHire } = await ctx.createCompany('Rotate');
    const before = await signIn(newHire.email, CHROME_ANDROID);
    const after = await signIn(newHire.email, CHROME_ANDROID, before.cookie);
    expect(after.sid).not.toBe(before.sid);
    expect(await whoAmI(before.cookie)).toBe(401);
    expect(await whoAmI(after.cookie)).toBe(200);
    const ids = (await listOf(after.cookie)).map((session) => session.id);
    expect(ids).toContain(after.id);
    expect(ids).not.toContain(before.id);
  });

  it('a password change gives this browser a new id; the old one and every other device are 401', async () => {
    const { manager } = await ctx.createCompany('Password');
    const phone = await signIn(manager.email, CHROME_ANDROID);
    const laptop = await signIn(manager.email, FIREFOX_WINDOWS);
    const res = await ctx.request('/api/users/me/password', {
      method: 'POST',
      cookie: laptop.cookie,
      body: { currentPassword: TEST_PASSWORD, newPassword: 'Next@Pass2' },
      headers: { 'User-Agent': FIREFOX_WINDOWS },
    });
    expect(res.status, res.text).toBe(200);
    const fresh = cookieOf(sidFrom(res.headers));
    expect(fresh).not.toBe(laptop.cookie);
    expect(await whoAmI(laptop.cookie)).toBe(401);
    expect(await whoAmI(phone.cookie)).toBe(401);
    expect(await whoAmI(fresh)).toBe(200);
    const list = await listOf(fresh);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: sessionKey(rawSid(fresh)), current: true, method: 'password', device: { description: 'Firefox on Windows' } });
  });
});
