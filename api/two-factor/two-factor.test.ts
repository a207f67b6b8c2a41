// Two-factor authentication (issue 24): enrolment with an authenticator app, sign-in's second step,
// one-time recovery codes, replay and rate limits, the secret sealed at rest, and a company requiring a
// second factor of its admins and managers. Codes are computed here with otpauth, as an app would.
import { eq } from 'drizzle-orm';
import { Secret, TOTP as Totp } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { ERROR_CODE } from '../../shared/errors.ts';
import { RECOVERY_CODE_COUNT, type TotpEnrolment, type TwoFactorStatus } from '../../shared/two-factor.ts';
import { passkeys, recoveryCodes, sessions, users } from '../db/schema.ts';
import { createSession, sessionCookieName, sessionKey } from '../auth/sessions.ts';
import { createTestContext, TEST_PASSWORD } from '../test/harness.ts';
import { recoveryCodeHash } from './two-factor.queries.ts';

const ctx = await createTestContext();
const acme = await ctx.createCompany('Acme');
const rival = await ctx.createCompany('Rival');

/** A browser's cookies: what responses set, sent back with each request. */
class Browser {
  private readonly cookies = new Map<string, string>();

  constructor(cookie?: string) {
    if (cookie) this.set(cookie);
  }

  private set(pair: string) {
    const at = pair.indexOf('=');
    const name = pair.slice(0, at).trim();
    const value = pair.slice(at + 1).trim();
    if (value === '') this.cookies.delete(name);
    else this.cookies.set(name, value);
  }

  get header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  get sid(): string | undefined {
    return this.cookies.get('kickoff_sid');
  }

  async request(path: string, options: { method?: string; body?: unknown } = {}) {
    const res = await ctx.request(path, { ...options, cookie: this.header || undefined });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      this.set(/max-age=0/i.test(cookie) ? `${pair.slice(0, pair.indexOf('='))}=` : pair);
    }
    return res;
  }
}

/** The code an authenticator app shows `steps` periods from now. */
function codeFor(secret: string, steps = 0): string {
  return new Totp({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: Date.now() + steps * 30_000 });
}

/** A code that is wrong now and in the steps either side. */
function wrongCode(secret: string): string {
  const right = new Set([-1, 0, 1].map((steps) => codeFor(secret, steps)));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0');
    if (!right.has(code)) return code;
  }
}

async function signedIn(userId: string) {
  return new Browser(await ctx.cookieFor(userId));
}

/** Turns TOTP on for the person through the API (step 0's code); answers the secret and recovery codes. */
async function enrol(browser: Browser) {
  const start = await browser.request('/api/users/me/two-factor/start', { method: 'POST' });
  expect(start.status, start.text).toBe(200);
  const { secret } = start.body as TotpEnrolment;
  const confirm = await browser.request('/api/users/me/two-factor/confirm', { method: 'POST', body: { code: codeFor(secret) } });
  expect(confirm.status, confirm.text).toBe(200);
  return { secret, recoveryCodes: confirm.body.recoveryCodes as string[] };
}

async function passwordStep(browser: Browser, email: string) {
  const res = await browser.request('/api/auth/login', { method: 'POST', body: { email, password: TEST_PASSWORD } });
  expect(res.status, res.text).toBe(200);
  return res;
}

describe('enrolment', () => {
  it('shows a secret, its link and QR code, refuses a wrong code, and turns on with a right one, sealed at rest', async () => {
    const person = acme.newHire;
    const browser = await signedIn(person.id);
    const before = browser.sid;
    const start = await browser.request('/api/users/me/two-factor/start', { method: 'POST' });
    expect(start.status).toBe(200);
    const enrolment = start.body as TotpEnrolment;
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrolment.uri).toMatch(/^otpauth:\/\/totp\/Kickoff:/);
    expect(enrolment.uri).toContain(`secret=${enrolment.secret}`);
    expect(enrolment.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);

    // Not on until a code confirms it.
    expect(((await browser.request('/api/users/me/two-factor')).body as TwoFactorStatus).totpEnabledAt).toBeNull();
    const wrong = await browser.request('/api/users/me/two-factor/confirm', { method: 'POST', body: { code: wrongCode(enrolment.secret) } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.issues).toEqual([{ path: 'code', message: expect.stringContaining('not right') }]);
    const malformed = await browser.request('/api/users/me/two-factor/confirm', { method: 'POST', body: { code: '12ab' } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.issues[0].path).toBe('code');

    // A mistyped code keeps the set-up: the same secret's code then turns it on.
    const confirm = await browser.request('/api/users/me/two-factor/confirm', { method: 'POST', body: { code: codeFor(enrolment.secret) } });
    expect(confirm.status, confirm.text).toBe(200);
    const codes = confirm.body.recoveryCodes as string[];
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);

    // Enrolling steps the session up: a new id, the old one over.
    expect(browser.sid).toBeDefined();
    expect(browser.sid).not.toBe(before);
    expect((await ctx.request('/api/auth/user', { cookie: `kickoff_sid=${before}` })).status).toBe(401);
    const [session] = await ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.sid, sessionKey(browser.sid ?? '')));
    expect(session?.method).toBe('second_factor');

    const status = (await browser.request('/api/users/me/two-factor')).body as TwoFactorStatus;
    expect(status).toMatchObject({ recoveryCodesLeft: RECOVERY_CODE_COUNT, required: false, sessionVerified: true });
    expect(status.totpEnabledAt).not.toBeNull();

    // Sealed: the column holds neither the secret nor anything that reads as it; recovery codes only as hashes.
    const [row] = await ctx.db.select({ totpSecret: users.totpSecret }).from(users).where(eq(users.id, person.id));
    expect(row?.totpSecret).toMatch(/^v1\./);
    expect(row?.totpSecret).not.toContain(enrolment.secret);
    expect(row?.totpSecret?.toLowerCase()).not.toContain(enrolment.secret.toLowerCase().slice(0, 8));
    const stored = await ctx.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, person.id));
    expect(stored).toHaveLength(RECOVERY_CODE_COUNT);
    const plain = codes.map((code) => code.replaceAll('-', ''));
    for (const { codeHash } of stored) expect(plain.some((code) => codeHash.includes(code))).toBe(false);
    expect(stored.map((r) => r.codeHash).sort()).toEqual(plain.map((code) => recoveryCodeHash(person.id, code)).sort());

    // Once on, a second set-up is refused until it is turned off.
    expect((await browser.request('/api/users/me/two-factor/start', { method: 'POST' })).status).toBe(409);
  });

  it('refuses a confirmation without this browser’s set-up, and a set-up begun by someone else', async () => {
    const admin = await signedIn(rival.admin.id);
    const start = await admin.request('/api/users/me/two-factor/start', { method: 'POST' });
    const { secret } = start.body as TotpEnrolment;
    // Another person's browser has no such flow.
    const other = await signedIn(rival.manager.id);
    const stolen = await other.request('/api/users/me/two-factor/confirm', { method: 'POST', body: { code: codeFor(secret) } });
    expect(stolen.status).toBe(400);
    expect(stolen.body.message).toContain('expired');
    expect((await other.request('/api/users/me/two-factor')).body.totpEnabledAt).toBeNull();
  });
});

describe('signing in with a second factor', () => {
  it('asks for the code after the password, signs in with it (a new session id), and refuses it a second time', async () => {
    const person = acme.manager;
    const { secret } = await enrol(await signedIn(person.id));

    // A browser holding an older session of this person: the second factor replaces it.
    const browser = await signedIn(person.id);
    const older = browser.sid;
    const login = await passwordStep(browser, person.email);
    expect(login.body).toEqual({ secondFactor: { methods: ['totp'] } });
    expect(login.headers.getSetCookie().some((cookie) => cookie.startsWith('kickoff_sid='))).toBe(false);

    // Without a flow of this browser, the step is refused.
    const elsewhere = await new Browser().request('/api/auth/second-factor', { method: 'POST', body: { code: codeFor(secret, 1) } });
    expect(elsewhere.status).toBe(401);

    const wrong = await browser.request('/api/auth/second-factor', { method: 'POST', body: { code: wrongCode(secret) } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.issues[0].path).toBe('code');

    const code = codeFor(secret, 1);
    const ok = await browser.request('/api/auth/second-factor', { method: 'POST', body: { code } });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.user).toMatchObject({ id: person.id, email: person.email });
    expect(browser.sid).toBeDefined();
    expect(browser.sid).not.toBe(older);
    expect((await ctx.request('/api/auth/user', { cookie: `kickoff_sid=${older}` })).status).toBe(401);
    expect((await browser.request('/api/auth/user')).status).toBe(200);

    // The same code again, in its step: refused.
    const again = new Browser();
    await passwordStep(again, person.email);
    const replay = await again.request('/api/auth/second-factor', { method: 'POST', body: { code } });
    expect(replay.status).toBe(400);
    expect(again.sid).toBeUndefined();
  });

  it('takes a recovery code once, and refuses the same one the second time', async () => {
    const person = rival.manager;
    const { recoveryCodes: codes } = await enrol(await signedIn(person.id));
    const [code = '', other = ''] = codes;

    const first = new Browser();
    await passwordStep(first, person.email);
    const used = await first.request('/api/auth/second-factor', { method: 'POST', body: { recoveryCode: code.toUpperCase() } });
    expect(used.status, used.text).toBe(200);
    expect(((await first.request('/api/users/me/two-factor')).body as TwoFactorStatus).recoveryCodesLeft).toBe(RECOVERY_CODE_COUNT - 1);

    const second = new Browser();
    await passwordStep(second, person.email);
    const reused = await second.request('/api/auth/second-factor', { method: 'POST', body: { recoveryCode: code } });
    expect(reused.status).toBe(400);
    expect(reused.body.issues).toEqual([{ path: 'recoveryCode', message: expect.stringContaining('used') }]);
    expect(second.sid).toBeUndefined();
    // Another unused one still works in the same flow (it was kept for the retry).
    expect((await second.request('/api/auth/second-factor', { method: 'POST', body: { recoveryCode: other.replaceAll('-', ' ') } })).status).toBe(200);

    // Neither a code nor a recovery code, or both: a 400 naming the field.
    const third = new Browser();
    await passwordStep(third, person.email);
    for (const body of [{}, { code: '123456', recoveryCode: code }]) {
      const res = await third.request('/api/auth/second-factor', { method: 'POST', body });
      expect(res.status).toBe(400);
      expect(res.body.issues[0].path).toBe('code');
    }
  });

  it('is rate-limited: after 10 wrong codes even the right one waits', async () => {
    const company = await ctx.createCompany('Guessed');
    const person = company.admin;
    const { secret } = await enrol(await signedIn(person.id));
    const browser = new Browser();
    await passwordStep(browser, person.email);
    const wrong = wrongCode(secret);
    // The enrolment's code counted as one try.
    for (let attempt = 0; attempt < 9; attempt++) {
      expect((await browser.request('/api/auth/second-factor', { method: 'POST', body: { code: wrong } })).status).toBe(400);
    }
    const limited = await browser.request('/api/auth/second-factor', { method: 'POST', body: { code: codeFor(secret, 1) } });
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe(ERROR_CODE.rateLimited);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(browser.sid).toBeUndefined();
  });

  it('asks nothing more of a person without two-factor', async () => {
    const browser = new Browser();
    const login = await passwordStep(browser, rival.newHire.email);
    expect(login.body.user.id).toBe(rival.newHire.id);
    expect(browser.sid).toBeDefined();
  });
});

describe('turning off and new recovery codes', () => {
  it('needs a current code or a recovery code to turn off, and a current code for new recovery codes', async () => {
    const company = await ctx.createCompany('Switch');
    const browser = await signedIn(company.newHire.id);
    const { secret, recoveryCodes: codes } = await enrol(browser);

    const wrongRegenerate = await browser.request('/api/users/me/two-factor/recovery-codes', { method: 'POST', body: { code: wrongCode(secret) } });
    expect(wrongRegenerate.status).toBe(400);
    const regenerate = await browser.request('/api/users/me/two-factor/recovery-codes', { method: 'POST', body: { code: codeFor(secret, 1) } });
    expect(regenerate.status, regenerate.text).toBe(200);
    const fresh = regenerate.body.recoveryCodes as string[];
    expect(fresh).toHaveLength(RECOVERY_CODE_COUNT);
    expect(fresh.some((code) => codes.includes(code))).toBe(false);

    // The old codes stopped working; a new one turns two-factor off.
    expect((await browser.request('/api/users/me/two-factor/disable', { method: 'POST', body: { recoveryCode: codes[0] } })).status).toBe(400);
    expect((await browser.request('/api/users/me/two-factor/disable', { method: 'POST', body: {} })).status).toBe(400);
    const off = await browser.request('/api/users/me/two-factor/disable', { method: 'POST', body: { recoveryCode: fresh[0] } });
    expect(off.status, off.text).toBe(200);
    expect((off.body as TwoFactorStatus).totpEnabledAt).toBeNull();
    const [row] = await ctx.db.select({ totpSecret: users.totpSecret }).from(users).where(eq(users.id, company.newHire.id));
    expect(row?.totpSecret).toBeNull();
    expect(await ctx.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, company.newHire.id))).toHaveLength(0);
    // Off: nothing to turn off or renew, and the password alone signs in again.
    expect((await browser.request('/api/users/me/two-factor/recovery-codes', { method: 'POST', body: { code: codeFor(secret) } })).status).toBe(409);
    expect((await passwordStep(new Browser(), company.newHire.email)).body.user.id).toBe(company.newHire.id);
  });
});

describe('a company requiring a second factor of admins and managers', () => {
  it('holds an un-enrolled manager to setting one up, never a new hire, and lets them in once enrolled', async () => {
    const company = await ctx.createCompany('Strict');
    const admin = await signedIn(company.admin.id);
    expect((await new Browser(await ctx.cookieFor(company.manager.id)).request('/api/company/second-factor', { method: 'PUT', body: { required: true } })).status).toBe(403);
    expect((await admin.request('/api/company/second-factor', { method: 'PUT', body: { required: 'yes' } })).status).toBe(400);
    const on = await admin.request('/api/company/second-factor', { method: 'PUT', body: { required: true } });
    expect(on.status, on.text).toBe(200);
    expect(on.body).toEqual({ required: true, adminsAndManagers: 2, withoutSecondFactor: 2 });
    // Another company is untouched.
    const rivalAdmin = await signedIn(rival.admin.id);
    expect((await rivalAdmin.request('/api/company/second-factor')).body.required).toBe(false);

    // The manager signs in with the password alone (no factor to ask for), and is then held to setting one up.
    const manager = new Browser();
    const login = await passwordStep(manager, company.manager.email);
    expect(login.body.user.id).toBe(company.manager.id);
    for (const path of ['/api/users', '/api/templates', '/api/company']) {
      const res = await manager.request(path);
      expect(res.status, path).toBe(403);
      expect(res.body.code).toBe(ERROR_CODE.secondFactorRequired);
    }
    expect((await manager.request('/api/users/me', { method: 'PATCH', body: { fullName: 'Sneaky' } })).status).toBe(403);
    const me = await manager.request('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body.secondFactorRequired).toBe(true);
    expect(((await manager.request('/api/users/me/two-factor')).body as TwoFactorStatus).required).toBe(true);

    // A new hire is never held up.
    const newHire = new Browser();
    const hireLogin = await passwordStep(newHire, company.newHire.email);
    expect(hireLogin.body.user).toBeDefined();
    expect((await newHire.request('/api/my-tasks')).status).not.toBe(403);
    expect((await newHire.request('/api/auth/user')).body.secondFactorRequired).toBeUndefined();

    // Enrolling steps the manager's session up: everything opens.
    const before = manager.sid;
    const { secret } = await enrol(manager);
    expect(manager.sid).not.toBe(before);
    expect((await manager.request('/api/users')).status).toBe(200);
    expect((await manager.request('/api/auth/user')).body.secondFactorRequired).toBeUndefined();

    // Their next sign-in asks for the code; and they may not turn it off while it is required (no passkey).
    const next = new Browser();
    expect((await passwordStep(next, company.manager.email)).body).toEqual({ secondFactor: { methods: ['totp'] } });
    const off = await manager.request('/api/users/me/two-factor/disable', { method: 'POST', body: { code: codeFor(secret, 1) } });
    expect(off.status).toBe(409);

    // The admin's own session (begun before the rule) is held too, until confirmed with a second factor.
    expect((await admin.request('/api/company/second-factor')).status).toBe(403);
    const { secret: adminSecret } = await enrol(admin);
    const settings = await admin.request('/api/company/second-factor');
    expect(settings.status).toBe(200);
    expect(settings.body).toEqual({ required: true, adminsAndManagers: 2, withoutSecondFactor: 0 });

    // A session begun with the password before enrolling is confirmed with a code (a new id).
    const stale = await signedIn(company.admin.id);
    expect((await stale.request('/api/users')).status).toBe(403);
    const staleSid = stale.sid;
    const verified = await stale.request('/api/users/me/two-factor/verify', { method: 'POST', body: { code: codeFor(adminSecret, 1) } });
    expect(verified.status, verified.text).toBe(200);
    expect(stale.sid).not.toBe(staleSid);
    expect((await stale.request('/api/users')).status).toBe(200);

    // Turned off again, a password session is enough.
    expect((await admin.request('/api/company/second-factor', { method: 'PUT', body: { required: false } })).body.required).toBe(false);
    expect((await (await signedIn(company.manager.id)).request('/api/users')).status).toBe(200);
  });

  it('asks a passkey of one who has only a passkey, and takes a session begun with a passkey or single sign-on as verified', async () => {
    const company = await ctx.createCompany('Keyed');
    await (await signedIn(company.admin.id)).request('/api/company/second-factor', { method: 'PUT', body: { required: true } });
    await ctx.db.insert(passkeys).values({ userId: company.manager.id, credentialId: `cred-${company.manager.id}`, publicKey: 'pk', name: 'Laptop' });
    // The password alone does not sign in: the passkey is the second factor (a code has nothing to match).
    const browser = new Browser();
    expect((await passwordStep(browser, company.manager.email)).body).toEqual({ secondFactor: { methods: ['passkey'] } });
    expect((await browser.request('/api/auth/second-factor', { method: 'POST', body: { code: '123456' } })).status).toBe(400);
    expect(browser.sid).toBeUndefined();
    // Counted as having a second factor; the admin (no factor yet) is not.
    expect((await (await signedIn(company.manager.id)).request('/api/users/me/two-factor')).body).toMatchObject({ required: true, hasPasskey: true });
    // The held admin has none, so their set-up screen does not offer one.
    expect((await (await signedIn(company.admin.id)).request('/api/users/me/two-factor')).body).toMatchObject({ hasPasskey: false });
    for (const method of ['passkey', 'sso'] as const) {
      const cookie = `${sessionCookieName(false)}=${await createSession(ctx.db, company.manager.id, { method })}`;
      expect((await ctx.request('/api/users', { cookie })).status, method).toBe(200);
    }
    for (const method of ['password', 'signup', 'reset'] as const) {
      const cookie = `${sessionCookieName(false)}=${await createSession(ctx.db, company.manager.id, { method })}`;
      expect((await ctx.request('/api/users', { cookie })).status, method).toBe(403);
    }
  });

  it('keeps a verified session verified through a password change', async () => {
    const company = await ctx.createCompany('Changing');
    const admin = await signedIn(company.admin.id);
    await enrol(admin);
    expect((await admin.request('/api/company/second-factor', { method: 'PUT', body: { required: true } })).status).toBe(200);
    const changed = await admin.request('/api/users/me/password', {
      method: 'POST',
      body: { currentPassword: TEST_PASSWORD, newPassword: 'Next@Pass1' },
    });
    expect(changed.status, changed.text).toBe(200);
    expect((await admin.request('/api/users')).status).toBe(200);
  });
});
