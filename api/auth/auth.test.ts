import { afterEach, describe, expect, it, vi } from 'vitest';
import { ALREADY_EXISTS } from '../../shared/errors.ts';
import { TEST_PASSWORD, createTestContext, type TestContext } from '../test/harness.ts';
import { issueToken } from './auth-tokens.ts';
import * as passwords from './password.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const STRONG = 'Str0ng!pass';
const signUpBody = (overrides: Record<string, unknown> = {}) => ({
  fullName: 'Ada Lovelace',
  email: `ada-${crypto.randomUUID().slice(0, 8)}@example.test`,
  password: STRONG,
  companyName: 'Analytical Engines',
  companyAddress: '12 Difference Street',
  ...overrides,
});

/** The session cookie a response set, as a Cookie header. */
function sessionCookie(headers: Headers): string {
  const setCookie = headers.get('set-cookie') ?? '';
  const match = setCookie.match(/kickoff_sid=([^;]+)/);
  if (!match) throw new Error(`no session cookie in ${setCookie}`);
  return `kickoff_sid=${match[1]}`;
}

function linkIn(text: string, path: string): string {
  const match = text.match(new RegExp(`https?://\\S*${path.replace('?', '\\?')}\\S*`));
  if (!match) throw new Error(`no ${path} link`);
  return match[0];
}
const tokenFrom = (link: string) => new URL(link).searchParams.get('token') ?? '';

async function signUp(ctx: TestContext, overrides: Record<string, unknown> = {}) {
  const body = signUpBody(overrides);
  const res = await ctx.request('/api/auth/signup', { method: 'POST', body });
  expect(res.status).toBe(201);
  return { ...res, email: body.email as string, cookie: sessionCookie(res.headers) };
}

const messagesOf = (res: { body: { issues?: { path: string; message: string }[] } }) => (res.body.issues ?? []).map((issue) => `${issue.path}: ${issue.message}`);

describe('validation messages (spec section 5)', () => {
  it('sign-up reports each rule with the spec wording', async () => {
    const ctx = await createTestContext();
    const res = await ctx.request('/api/auth/signup', {
      method: 'POST',
      body: { fullName: 'A', email: 'not-an-email', password: 'abc', companyName: 'X', companyAddress: '1 St' },
    });
    expect(res.status).toBe(400);
    expect(messagesOf(res)).toEqual(
      expect.arrayContaining([
        'fullName: Full name must be at least 2 characters',
        'email: Please enter a valid email address',
        'password: Password must be at least 8 characters',
        'password: Password must contain at least one uppercase letter',
        'password: Password must contain at least one number',
        'password: Password must contain at least one special character',
        'companyName: Company name must be at least 2 characters',
        'companyAddress: Company address must be at least 5 characters',
      ]),
    );
    const lower = await ctx.request('/api/auth/signup', { method: 'POST', body: signUpBody({ password: 'ABCDEFG1!' }) });
    expect(messagesOf(lower)).toEqual(['password: Password must contain at least one lowercase letter']);
    // '#' is not one of @$!%*?&.
    const special = await ctx.request('/api/auth/signup', { method: 'POST', body: signUpBody({ password: 'Abcdefg1#' }) });
    expect(messagesOf(special)).toEqual(['password: Password must contain at least one special character']);
  });

  it('sign-in, verification, forgot and reset report the spec wording', async () => {
    const ctx = await createTestContext();
    const signIn = await ctx.request('/api/auth/login', { method: 'POST', body: { email: 'nope', password: '' } });
    expect(signIn.status).toBe(400);
    expect(messagesOf(signIn)).toEqual(['email: Please enter a valid email address', 'password: Password is required']);

    const verify = await ctx.request('/api/auth/verify-email', { method: 'POST', body: { token: '' } });
    expect(verify.status).toBe(400);
    expect(verify.body.message).toBe('Verification token is required');

    const forgot = await ctx.request('/api/auth/forgot-password', { method: 'POST', body: { email: 'x@' } });
    expect(forgot.body.message).toBe('Please enter a valid email address');

    const reset = await ctx.request('/api/auth/reset-password', { method: 'POST', body: { token: 'abc', password: 'short' } });
    expect(reset.status).toBe(400);
    expect(messagesOf(reset)).toEqual(['password: Password must be at least 8 characters']);
  });

  it('a malformed body is a 400 with a message, never a 500', async () => {
    const ctx = await createTestContext();
    const res = await ctx.request('/api/auth/login', { method: 'POST', body: '{"email":' });
    expect(res.status).toBe(400);
    expect(res.body.message).toEqual(expect.any(String));
  });
});

describe('sign-up', () => {
  it('creates the company with its first user as an administrator, signed in and unverified', async () => {
    const ctx = await createTestContext();
    const res = await signUp(ctx, { email: 'Founder@Example.test' });
    expect(res.body.user).toMatchObject({
      email: 'founder@example.test',
      fullName: 'Ada Lovelace',
      role: 'admin',
      accountType: 'administrator',
      isEmailVerified: false,
      company: { name: 'Analytical Engines', planType: 'starter' },
    });
    expect(res.body.user).not.toHaveProperty('password');
    expect(res.body.user).not.toHaveProperty('emailVerificationToken');

    const me = await ctx.request('/api/auth/user', { cookie: res.cookie });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: 'founder@example.test', company: { id: res.body.user.companyId } });
  });

  it('answers 409 already exists for a taken email, whatever its case', async () => {
    const ctx = await createTestContext();
    await signUp(ctx, { email: 'taken@example.test' });
    const again = await ctx.request('/api/auth/signup', { method: 'POST', body: signUpBody({ email: 'TAKEN@example.test' }) });
    expect(again.status).toBe(409);
    expect(again.body.message).toContain(ALREADY_EXISTS);
  });

  it('lets one of two simultaneous sign-ups with one email through and answers the other 409', async () => {
    const ctx = await createTestContext();
    const body = signUpBody({ email: 'race@example.test' });
    const answers = await Promise.all([1, 2].map(() => ctx.request('/api/auth/signup', { method: 'POST', body })));
    expect(answers.map((res) => res.status).sort()).toEqual([201, 409]);
    // Whichever decided it (the check, or on PostgreSQL the users email index), the answer is the same.
    expect(answers.find((res) => res.status === 409)?.body).toEqual({ code: 'email_taken', message: `A user with this email ${ALREADY_EXISTS}.` });
  });

  it('mails a verification link that verifies once', async () => {
    const ctx = await createTestContext();
    const { email, cookie } = await signUp(ctx);
    const mail = ctx.mails.find((m) => m.to === email);
    expect(mail?.subject).toContain('Kickoff');
    expect(mail?.html).toContain('Kickoff');
    const token = tokenFrom(linkIn(mail?.text ?? '', '/verify-email?token='));

    const verified = await ctx.request('/api/auth/verify-email', { method: 'POST', body: { token } });
    expect(verified.status).toBe(200);
    expect(verified.body.user).toMatchObject({ email, isEmailVerified: true, role: 'admin' });
    expect((await ctx.request('/api/auth/user', { cookie })).body.isEmailVerified).toBe(true);

    const reused = await ctx.request('/api/auth/verify-email', { method: 'POST', body: { token } });
    expect(reused.status).toBe(400);
    expect(reused.body.message).toBe('Invalid or expired verification token.');
  });

  it('resend mails a fresh link only to an unverified account, and answers the same for any email', async () => {
    const ctx = await createTestContext();
    const { email } = await signUp(ctx);
    const { admin } = await ctx.createCompany(); // verified already
    const before = ctx.mails.length;

    const forUnverified = await ctx.request('/api/auth/resend-verification', { method: 'POST', body: { email } });
    const forVerified = await ctx.request('/api/auth/resend-verification', { method: 'POST', body: { email: admin.email } });
    const forUnknown = await ctx.request('/api/auth/resend-verification', { method: 'POST', body: { email: 'ghost@example.test' } });
    for (const res of [forVerified, forUnknown]) {
      expect(res.status).toBe(forUnverified.status);
      expect(res.text).toBe(forUnverified.text);
    }
    expect(ctx.mails.slice(before).map((m) => m.to)).toEqual([email]);

    // Only the newest link works.
    const [first, second] = ctx.mails.filter((m) => m.to === email).map((m) => tokenFrom(linkIn(m.text, '/verify-email?token=')));
    expect((await ctx.request('/api/auth/verify-email', { method: 'POST', body: { token: first } })).status).toBe(400);
    expect((await ctx.request('/api/auth/verify-email', { method: 'POST', body: { token: second } })).status).toBe(200);
  });
});

describe('sign-in and sessions', () => {
  it('sets an HttpOnly cookie whose id changes at every sign-in, and the old one stops working', async () => {
    const ctx = await createTestContext();
    const { admin } = await ctx.createCompany();
    const first = await ctx.request('/api/auth/login', { method: 'POST', body: { email: admin.email, password: TEST_PASSWORD } });
    expect(first.status).toBe(200);
    expect(first.body.user).toMatchObject({ id: admin.id, role: 'admin' });
    const setCookie = first.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const firstCookie = sessionCookie(first.headers);

    const second = await ctx.request('/api/auth/login', {
      method: 'POST',
      cookie: firstCookie,
      body: { email: admin.email.toUpperCase(), password: TEST_PASSWORD },
    });
    expect(second.status).toBe(200);
    const secondCookie = sessionCookie(second.headers);
    expect(secondCookie).not.toBe(firstCookie);
    expect((await ctx.request('/api/auth/user', { cookie: firstCookie })).status).toBe(401);
    expect((await ctx.request('/api/auth/user', { cookie: secondCookie })).status).toBe(200);
  });

  it('answers the same 401 for a wrong password and an unknown email', async () => {
    const ctx = await createTestContext();
    const { admin } = await ctx.createCompany();
    const wrong = await ctx.request('/api/auth/login', { method: 'POST', body: { email: admin.email, password: 'Wrong#Pass1' } });
    const unknown = await ctx.request('/api/auth/login', { method: 'POST', body: { email: 'ghost@example.test', password: 'Wrong#Pass1' } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.text).toBe(unknown.text);
    expect(wrong.headers.get('set-cookie')).toBeNull();
  });

  it('slows an account with 429 and Retry-After after 10 wrong passwords in a row, by a delay that grows', async () => {
    const ctx = await createTestContext();
    const { admin, manager } = await ctx.createCompany();
    vi.useFakeTimers({ toFake: ['Date'] });
    for (let attempt = 1; attempt <= 10; attempt++) {
      const res = await ctx.request('/api/auth/login', { method: 'POST', body: { email: admin.email, password: `Wrong#${attempt}` } });
      expect(res.status).toBe(401);
    }
    const waiting = await ctx.request('/api/auth/login', { method: 'POST', body: { email: admin.email, password: TEST_PASSWORD } });
    expect(waiting.status).toBe(429);
    expect(waiting.headers.get('content-type')).toContain('application/json');
    const firstWait = Number(waiting.headers.get('retry-after'));
    expect(firstWait).toBeGreaterThan(0);
    expect(waiting.body.message).toMatch(/too many/i);
    // Another account from the same address still signs in.
    const other = await ctx.request('/api/auth/login', { method: 'POST', body: { email: manager.email, password: TEST_PASSWORD } });
    expect(other.status).toBe(200);

    // Each wrong guess after the wait makes the next wait longer.
    vi.advanceTimersByTime(firstWait * 1000);
    expect((await ctx.request('/api/auth/login', { method: 'POST', body: { email: admin.email, password: 'Wrong#11' } })).status).toBe(401);
    const longer = await ctx.request('/api/auth/login', { method: 'POST', body: { email: admin.email, password: TEST_PASSWORD } });
    expect(longer.status).toBe(429);
    expect(Number(longer.headers.get('retry-after'))).toBeGreaterThan(firstWait);
  });

  it('ten wrong passwords do not lock out the right one: it works once the wait has passed', async () => {
    const ctx = await createTestContext();
    const { admin } = await ctx.createCompany();
    vi.useFakeTimers({ toFake: ['Date'] });
    const attempt = (password: string) => ctx.request('/api/auth/login', { method: 'POST', body: { email: admin.email, password } });
    for (let i = 0; i < 10; i++) expect((await attempt('Wrong#1')).status).toBe(401);
    const waiting = await attempt(TEST_PASSWORD);
    expect(waiting.status).toBe(429);
    // A short wait, not a long lock anyone could renew at will.
    expect(Number(waiting.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    vi.advanceTimersByTime(Number(waiting.headers.get('retry-after')) * 1000);
    expect((await attempt(TEST_PASSWORD)).status).toBe(200);
    // The success starts the count again: ten more wrong ones before any wait.
    for (let i = 0; i < 10; i++) expect((await attempt('Wrong#1')).status).toBe(401);
  });

  it('guesses sent all at once get no more attempts than guesses sent one by one', async () => {
    const ctx = await createTestContext();
    const { admin } = await ctx.createCompany();
    const answers = await Promise.all(
      Array.from({ length: 15 }, (_, i) => ctx.request('/api/auth/login', { method: 'POST', body: { email: admin.email, password: `Wrong#${i}` } })),
    );
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
  });

  it('someone failing from other addresses cannot keep the owner out, and guessing spread over addresses is slowed too', async () => {
    const ctx = await createTestContext({ TRUST_PROXY: 'true' });
    const { admin } = await ctx.createCompany();
    const from = (address: string, password: string) =>
      ctx.request('/api/auth/login', { method: 'POST', headers: { 'X-Forwarded-For': address }, body: { email: admin.email, password } });
    const home = '198.51.100.7';
    expect((await from(home, TEST_PASSWORD)).status).toBe(200);

    // Forty wrong guesses from twenty addresses, two each; then the guessing goes on.
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await from(`203.0.113.${i % 20}`, `Wrong#${i}`)).status);
    expect(statuses.slice(0, 30).every((status) => status === 401)).toBe(true);
    // Past 30 in a row, addresses the account never signed in from wait between attempts...
    expect(statuses.slice(31)).toContain(429);
    expect((await from('192.0.2.99', TEST_PASSWORD)).status).toBe(429);
    // ...but the owner's own address is not held up by any of it.
    expect((await from(home, TEST_PASSWORD)).status).toBe(200);
  });

  it('counts an IPv6 client by its /64, and warns once when X-Forwarded-For arrives while TRUST_PROXY=false', async () => {
    const trusted = await createTestContext({ TRUST_PROXY: 'true' });
    const { admin } = await trusted.createCompany();
    // One /64, a different address each time: one person's delay, not ten fresh allowances.
    for (let i = 1; i <= 10; i++) {
      const res = await trusted.request('/api/auth/login', {
        method: 'POST',
        headers: { 'X-Forwarded-For': `2001:db8:1:2::${i.toString(16)}` },
        body: { email: admin.email, password: 'Wrong#1' },
      });
      expect(res.status).toBe(401);
    }
    const sameNetwork = await trusted.request('/api/auth/login', {
      method: 'POST',
      headers: { 'X-Forwarded-For': '2001:0db8:0001:0002:ffff:0:0:1' },
      body: { email: admin.email, password: TEST_PASSWORD },
    });
    expect(sameNetwork.status).toBe(429);
    const otherNetwork = await trusted.request('/api/auth/login', {
      method: 'POST',
      headers: { 'X-Forwarded-For': '2001:db8:1:3::1' },
      body: { email: admin.email, password: TEST_PASSWORD },
    });
    expect(otherNetwork.status).toBe(200);

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const untrusted = await createTestContext();
    for (let i = 0; i < 3; i++) {
      await untrusted.request('/api/auth/forgot-password', { method: 'POST', headers: { 'X-Forwarded-For': '203.0.113.9' }, body: { email: 'x@example.test' } });
    }
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/X-Forwarded-For.*TRUST_PROXY=false/);
  });

  it('a successful sign-in clears the count of wrong passwords', async () => {
    const ctx = await createTestContext();
    const { admin } = await ctx.createCompany();
    const attempt = (password: string) => ctx.request('/api/auth/login', { method: 'POST', body: { email: admin.email, password } });
    for (let i = 0; i < 9; i++) expect((await attempt('Wrong#1')).status).toBe(401);
    expect((await attempt(TEST_PASSWORD)).status).toBe(200);
    for (let i = 0; i < 9; i++) expect((await attempt('Wrong#1')).status).toBe(401);
    expect((await attempt(TEST_PASSWORD)).status).toBe(200);
  });

  it('GET /api/auth/user is 401 when signed out', async () => {
    const ctx = await createTestContext();
    const res = await ctx.request('/api/auth/user');
    expect(res.status).toBe(401);
    expect(res.body.message).toEqual(expect.any(String));
  });

  it('POST logout ends the session on the server', async () => {
    const ctx = await createTestContext();
    const { cookies } = await ctx.createCompany();
    const res = await ctx.request('/api/auth/logout', { method: 'POST', cookie: cookies.admin });
    expect(res.status).toBe(204);
    expect(res.headers.get('set-cookie')).toMatch(/kickoff_sid=;/);
    expect((await ctx.request('/api/auth/user', { cookie: cookies.admin })).status).toBe(401);
  });

  it('GET logout redirects home, but refuses a request another site started', async () => {
    const ctx = await createTestContext();
    const { cookies } = await ctx.createCompany();
    for (const site of ['cross-site', 'same-site']) {
      const refused = await ctx.request('/api/auth/logout', { cookie: cookies.admin, headers: { 'Sec-Fetch-Site': site } });
      expect(refused.status).toBe(403);
    }
    expect((await ctx.request('/api/auth/user', { cookie: cookies.admin })).status).toBe(200);

    const res = await ctx.request('/api/auth/logout', { cookie: cookies.admin, headers: { 'Sec-Fetch-Site': 'same-origin' } });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/');
    expect((await ctx.request('/api/auth/user', { cookie: cookies.admin })).status).toBe(401);
  });

  it('refuses a sign-in posted from another origin', async () => {
    const ctx = await createTestContext();
    const { admin } = await ctx.createCompany();
    const res = await ctx.request('/api/auth/login', {
      method: 'POST',
      headers: { Origin: 'https://evil.example' },
      body: { email: admin.email, password: TEST_PASSWORD },
    });
    expect(res.status).toBe(403);
  });
});

describe('password reset', () => {
  it('forgot-password answers identically for known and unknown emails, and mails only the known one', async () => {
    const ctx = await createTestContext();
    const { admin } = await ctx.createCompany();
    const known = await ctx.request('/api/auth/forgot-password', { method: 'POST', body: { email: admin.email } });
    const unknown = await ctx.request('/api/auth/forgot-password', { method: 'POST', body: { email: 'ghost@example.test' } });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    expect(unknown.text).toBe(known.text);
    expect(ctx.mails.map((m) => m.to)).toEqual([admin.email]);
  });

  it('a reset link works once, ends every session, and the new password signs in', async () => {
    const ctx = await createTestContext();
    const { admin, cookies } = await ctx.createCompany();
    await ctx.request('/api/auth/forgot-password', { method: 'POST', body: { email: admin.email } });
    const link = linkIn(ctx.mails[0]?.text ?? '', '/reset-password?token=');
    expect(link).not.toContain('invite=1');
    const token = tokenFrom(link);

    const reset = await ctx.request('/api/auth/reset-password', { method: 'POST', body: { token, password: 'Brand#New1' } });
    expect(reset.status).toBe(200);
    expect((await ctx.request('/api/auth/user', { cookie: cookies.admin })).status).toBe(401);

    const again = await ctx.request('/api/auth/reset-password', { method: 'POST', body: { token, password: 'Other#Pass2' } });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('This password reset link is invalid or expired.');

    const oldPassword = await ctx.request('/api/auth/login', { method: 'POST', body: { email: admin.email, password: TEST_PASSWORD } });
    expect(oldPassword.status).toBe(401);
    const newPassword = await ctx.request('/api/auth/login', { method: 'POST', body: { email: admin.email, password: 'Brand#New1' } });
    expect(newPassword.status).toBe(200);
  });

  it('an expired reset token is refused', async () => {
    const ctx = await createTestContext();
    const { admin } = await ctx.createCompany();
    const token = issueToken(ctx.db, admin.id, 'reset', 60_000, Date.now() - 120_000);
    const res = await ctx.request('/api/auth/reset-password', { method: 'POST', body: { token, password: 'Brand#New1' } });
    expect(res.status).toBe(400);
    const signIn = await ctx.request('/api/auth/login', { method: 'POST', body: { email: admin.email, password: TEST_PASSWORD } });
    expect(signIn.status).toBe(200);
  });

  it('a flood of made-up reset tokens costs no password hashing and meets 429', async () => {
    const ctx = await createTestContext();
    const hashing = vi.spyOn(passwords, 'hashPassword');
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      const res = await ctx.request('/api/auth/reset-password', { method: 'POST', body: { token: `made-up-${i}`, password: 'Brand#New1' } });
      statuses.push(res.status);
    }
    expect(hashing).not.toHaveBeenCalled();
    expect(statuses.slice(0, 20).every((status) => status === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('an invitation token sets the first password and verifies the email', async () => {
    const ctx = await createTestContext();
    const { company, cookies } = await ctx.createCompany();
    const { createTeamMember } = await import('./auth.queries.ts');
    const invited = await createTeamMember(ctx.db, { companyId: company.id, email: 'invitee@example.test', role: 'new_hire' });
    const token = await issueToken(ctx.db, invited.id, 'invite', 60_000);

    const res = await ctx.request('/api/auth/reset-password', { method: 'POST', body: { token, password: 'First#Pass1' } });
    expect(res.status).toBe(200);
    const signIn = await ctx.request('/api/auth/login', { method: 'POST', body: { email: 'invitee@example.test', password: 'First#Pass1' } });
    expect(signIn.status).toBe(200);
    expect(signIn.body.user).toMatchObject({ role: 'new_hire', isEmailVerified: true, companyId: company.id });
    // The admin who invited them is untouched.
    expect((await ctx.request('/api/auth/user', { cookie: cookies.admin })).status).toBe(200);
  });

  it('limits forgot-password per account email with 429 and Retry-After', async () => {
    const ctx = await createTestContext();
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 6; i++) {
      last = await ctx.request('/api/auth/forgot-password', { method: 'POST', body: { email: 'someone@example.test' } });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(last?.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('counts the client address from X-Forwarded-For only behind a trusted proxy', async () => {
    async function twentyOneFromDifferentForwardedAddresses(ctx: TestContext) {
      let res;
      for (let i = 0; i <= 20; i++) {
        res = await ctx.request('/api/auth/forgot-password', {
          method: 'POST',
          headers: { 'X-Forwarded-For': `203.0.113.${i}` },
          body: { email: `person${i}@example.test` },
        });
      }
      return res?.status;
    }
    expect(await twentyOneFromDifferentForwardedAddresses(await createTestContext())).toBe(429);
    expect(await twentyOneFromDifferentForwardedAddresses(await createTestContext({ TRUST_PROXY: 'true' }))).toBe(200);
  });
});

describe('own account', () => {
  it('updates the profile name and photo, and ignores fields it does not own', async () => {
    const ctx = await createTestContext();
    const { newHire, cookies } = await ctx.createCompany();
    const res = await ctx.request('/api/users/me', {
      method: 'PATCH',
      cookie: cookies.newHire,
      body: { fullName: 'Grace Hopper', profileImageUrl: 'https://www.gravatar.com/avatar/grace', role: 'admin', companyId: 'x' },
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({
      id: newHire.id,
      fullName: 'Grace Hopper',
      firstName: 'Grace',
      lastName: 'Hopper',
      profileImageUrl: 'https://www.gravatar.com/avatar/grace',
      role: 'new_hire',
      companyId: newHire.companyId,
    });
    const bad = await ctx.request('/api/users/me', {
      method: 'PATCH',
      cookie: cookies.newHire,
      body: { fullName: 'G', profileImageUrl: 'javascript:alert(1)' },
    });
    expect(bad.status).toBe(400);
    expect(messagesOf(bad)).toEqual(expect.arrayContaining(['fullName: Full name must be at least 2 characters', expect.stringMatching(/^profileImageUrl: /)]));
    expect((await ctx.request('/api/users/me', { method: 'PATCH', body: { fullName: 'Nobody' } })).status).toBe(401);
  });

  it('changes the password with the current one, signs out the other sessions and gives this device a new session id', async () => {
    const ctx = await createTestContext();
    const { manager, cookies } = await ctx.createCompany();
    const otherDevice = await ctx.cookieFor(manager.id);

    const wrong = await ctx.request('/api/users/me/password', {
      method: 'POST',
      cookie: cookies.manager,
      body: { currentPassword: 'Not@Mine1', newPassword: 'Next@Pass1' },
    });
    expect(wrong.status).toBe(400);
    expect(messagesOf(wrong)).toEqual(['currentPassword: Current password is incorrect']);

    const weak = await ctx.request('/api/users/me/password', {
      method: 'POST',
      cookie: cookies.manager,
      body: { currentPassword: TEST_PASSWORD, newPassword: 'weakpassword' },
    });
    expect(weak.status).toBe(400);

    const ok = await ctx.request('/api/users/me/password', {
      method: 'POST',
      cookie: cookies.manager,
      body: { currentPassword: TEST_PASSWORD, newPassword: 'Next@Pass1' },
    });
    expect(ok.status).toBe(200);
    const rotated = sessionCookie(ok.headers);
    expect(rotated).not.toBe(cookies.manager);
    expect((await ctx.request('/api/auth/user', { cookie: rotated })).status).toBe(200);
    // The old id is dead, so a copy of the old cookie is worth nothing.
    expect((await ctx.request('/api/auth/user', { cookie: cookies.manager })).status).toBe(401);
    expect((await ctx.request('/api/auth/user', { cookie: otherDevice })).status).toBe(401);
    const signIn = await ctx.request('/api/auth/login', { method: 'POST', body: { email: manager.email, password: 'Next@Pass1' } });
    expect(signIn.status).toBe(200);
  });

  it('the last admin of a company with other people cannot delete their account (409)', async () => {
    const ctx = await createTestContext();
    const { cookies } = await ctx.createCompany();
    const res = await ctx.request('/api/users/me', { method: 'DELETE', cookie: cookies.admin, body: { password: TEST_PASSWORD } });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/last admin/i);
    expect((await ctx.request('/api/auth/user', { cookie: cookies.admin })).status).toBe(200);
  });

  it('deleting one’s account is refused without the password, or with a wrong one', async () => {
    const ctx = await createTestContext();
    const { cookies } = await ctx.createCompany();
    const without = await ctx.request('/api/users/me', { method: 'DELETE', cookie: cookies.newHire });
    expect(without.status).toBe(400);
    const empty = await ctx.request('/api/users/me', { method: 'DELETE', cookie: cookies.newHire, body: { password: '' } });
    expect(messagesOf(empty)).toEqual(['password: Password is required']);
    const wrong = await ctx.request('/api/users/me', { method: 'DELETE', cookie: cookies.newHire, body: { password: 'Not@Mine1' } });
    expect(wrong.status).toBe(400);
    expect(messagesOf(wrong)).toEqual(['password: Password is incorrect']);
    expect((await ctx.request('/api/auth/user', { cookie: cookies.newHire })).status).toBe(200);
  });

  it('deleting a member account ends its sessions and frees the sign-in', async () => {
    const ctx = await createTestContext();
    const { newHire, cookies } = await ctx.createCompany();
    const otherDevice = await ctx.cookieFor(newHire.id);
    const res = await ctx.request('/api/users/me', { method: 'DELETE', cookie: cookies.newHire, body: { password: TEST_PASSWORD } });
    expect(res.status).toBe(200);
    expect((await ctx.request('/api/auth/user', { cookie: cookies.newHire })).status).toBe(401);
    expect((await ctx.request('/api/auth/user', { cookie: otherDevice })).status).toBe(401);
    const signIn = await ctx.request('/api/auth/login', { method: 'POST', body: { email: newHire.email, password: TEST_PASSWORD } });
    expect(signIn.status).toBe(401);
    expect((await ctx.request('/api/auth/user', { cookie: cookies.admin })).status).toBe(200);
  });

  it("a company's last user takes the company with them", async () => {
    const ctx = await createTestContext();
    const { cookie, email, body } = await signUp(ctx);
    const res = await ctx.request('/api/users/me', { method: 'DELETE', cookie, body: { password: STRONG } });
    expect(res.status).toBe(200);
    const { companies } = await import('../db/schema.ts');
    const { eq } = await import('drizzle-orm');
    expect(await ctx.db.select().from(companies).where(eq(companies.id, body.user.companyId))).toEqual([]);
    // The email is free again.
    expect((await ctx.request('/api/auth/signup', { method: 'POST', body: signUpBody({ email }) })).status).toBe(201);
  });
});

describe('company isolation', () => {
  it("a user of company A gets 404 for company B's ids", async () => {
    const ctx = await createTestContext();
    const a = await ctx.createCompany('Alpha');
    const b = await ctx.createCompany('Beta');
    // Routes of other features that take an id; any that do not exist yet answer 404 as well.
    const probes: Array<[string, string]> = [
      ['DELETE', `/api/users/${b.newHire.id}`],
      ['POST', `/api/users/${b.newHire.id}/resend-invitation`],
      ['GET', `/api/companies/${b.company.id}/stats`],
    ];
    for (const [method, path] of probes) {
      const res = await ctx.request(path, { method, cookie: a.cookies.admin });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    // The own-account routes only ever touch the caller.
    const me = await ctx.request('/api/auth/user', { cookie: a.cookies.admin });
    expect(me.body.companyId).toBe(a.company.id);
    expect((await ctx.request('/api/auth/user', { cookie: b.cookies.admin })).status).toBe(200);
  });
});
