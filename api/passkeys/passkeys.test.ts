// Passkeys (issue 24): real WebAuthn answers from a software authenticator (test-authenticator.ts), checked
// by @simplewebauthn/server: registration in the profile, sign-in without an email, and what is refused —
// another origin or RP ID, an old or replayed challenge, a counter that does not move, someone else's passkey.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PasskeyView } from '../../shared/passkeys.ts';
import { PASSKEY_MESSAGES } from '../../shared/passkeys.ts';
import { SSO_REQUIRED_MESSAGE } from '../../shared/sso.ts';
import { companySso, passkeys, sessions } from '../db/schema.ts';
import { createTestContext } from '../test/harness.ts';
import { passkeyFailuresPerAddress, relyingParty } from './passkeys.ts';
import { type Bend, TestAuthenticator } from './test-authenticator.ts';

const ctx = await createTestContext();
const acme = await ctx.createCompany('Acme');
const rival = await ctx.createCompany('Rival');
const { rpID, origin } = relyingParty(ctx.config);

/** The `name=value` of the cookies a response sets (the flow's, or the new session's). */
function setCookies(headers: Headers): string[] {
  return headers.getSetCookie().map((cookie) => cookie.slice(0, cookie.indexOf(';')));
}
const flowCookie = (headers: Headers, purpose: string) => setCookies(headers).find((cookie) => cookie.startsWith(`kickoff_flow_${purpose}=`)) ?? '(no flow cookie)';
const both = (...cookies: string[]) => cookies.join('; ');

type RegistrationOptions = {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
  excludeCredentials?: { id: string }[];
  authenticatorSelection?: Record<string, unknown>;
};

async function registrationOptions(cookie: string) {
  const res = await ctx.request('/api/users/me/passkeys/options', { method: 'POST', cookie });
  expect(res.status, res.text).toBe(200);
  return { options: res.body as RegistrationOptions, flow: flowCookie(res.headers, 'passkey_register') };
}

/** Adds a passkey of this authenticator to the person signed in with `cookie`. */
async function register(cookie: string, authenticator: TestAuthenticator, name?: string): Promise<PasskeyView> {
  const { options, flow } = await registrationOptions(cookie);
  const res = await ctx.request('/api/users/me/passkeys', {
    method: 'POST',
    cookie: both(cookie, flow),
    body: { ...(name ? { name } : {}), response: authenticator.register(options) },
  });
  expect(res.status, res.text).toBe(201);
  return res.body as PasskeyView;
}

async function signInOptions() {
  const res = await ctx.request('/api/auth/passkey/options', { method: 'POST' });
  expect(res.status, res.text).toBe(200);
  return { options: res.body as { challenge: string; rpId?: string; allowCredentials?: unknown[]; userVerification?: string }, flow: flowCookie(res.headers, 'passkey_sign_in') };
}

async function signIn(authenticator: TestAuthenticator, bend: Bend = {}) {
  const { options, flow } = await signInOptions();
  return ctx.request('/api/auth/passkey', { method: 'POST', cookie: flow, body: { response: authenticator.signIn(options, bend) } });
}

const mine = new TestAuthenticator(origin);
let myPasskey: PasskeyView;

beforeAll(async () => {
  myPasskey = await register(acme.cookies.newHire, mine, 'Work laptop');
});

describe('the relying party', () => {
  it('is APP_URL’s host and origin; a loopback address is served as localhost, which browsers accept as an RP ID', () => {
    expect(relyingParty({ appUrl: 'https://kickoff.example.com' })).toEqual({ rpID: 'kickoff.example.com', origin: 'https://kickoff.example.com' });
    expect(relyingParty({ appUrl: 'http://localhost:3000' })).toEqual({ rpID: 'localhost', origin: 'http://localhost:3000' });
    expect(relyingParty({ appUrl: 'http://127.0.0.1:4302' })).toEqual({ rpID: 'localhost', origin: 'http://localhost:4302' });
    expect(relyingParty({ appUrl: 'http://[::1]:4302' })).toEqual({ rpID: 'localhost', origin: 'http://localhost:4302' });
  });
});

describe('adding a passkey in the profile', () => {
  it('asks for a discoverable credential with user verification, for this site, naming the person', async () => {
    const { options } = await registrationOptions(acme.cookies.admin);
    expect(options.rp.id).toBe(rpID);
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', requireResidentKey: true, userVerification: 'required' });
    expect(Buffer.from(options.user.id, 'base64url').toString()).toBe(acme.admin.id);
    expect(options.excludeCredentials).toEqual([]);
  });

  it('keeps the passkey with its name, lists it, and excludes it from the next registration', async () => {
    expect(myPasskey).toMatchObject({ name: 'Work laptop', deviceType: 'singleDevice', backedUp: false, lastUsedAt: null });
    const [row] = await ctx.db.select().from(passkeys).where(eq(passkeys.id, myPasskey.id));
    expect(row).toMatchObject({ userId: acme.newHire.id, credentialId: mine.credentialId, counter: 0, transports: ['internal'] });

    const list = await ctx.request('/api/users/me/passkeys', { cookie: acme.cookies.newHire });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([myPasskey]);
    expect(list.text).not.toContain(mine.credentialId);
    expect(list.text).not.toContain(row?.publicKey);

    const { options } = await registrationOptions(acme.cookies.newHire);
    expect(options.excludeCredentials?.map((credential) => credential.id)).toEqual([mine.credentialId]);
  });

  it('names a passkey after its authenticator when no name is sent', async () => {
    const added = await register(acme.cookies.manager, new TestAuthenticator(origin));
    expect(added.name).toBe('Passkey');
  });

  it('refuses a credential the browser reports as not discoverable (it could not sign in without an email)', async () => {
    const { options, flow } = await registrationOptions(acme.cookies.admin);
    expect((options as { extensions?: unknown }).extensions).toEqual({ credProps: true });
    const response = new TestAuthenticator(origin).register(options, { clientExtensionResults: { credProps: { rk: false } } });
    const res = await ctx.request('/api/users/me/passkeys', { method: 'POST', cookie: both(acme.cookies.admin, flow), body: { response } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(PASSKEY_MESSAGES.notDiscoverable);
  });

  it('refuses an answer for another origin or RP ID, or without user verification', async () => {
    for (const bend of [{ origin: 'https://evil.example' }, { rpID: 'evil.example' }, { unverified: true }] satisfies Bend[]) {
      const { options, flow } = await registrationOptions(acme.cookies.admin);
      const res = await ctx.request('/api/users/me/passkeys', {
        method: 'POST',
        cookie: both(acme.cookies.admin, flow),
        body: { response: new TestAuthenticator(origin).register(options, bend) },
      });
      expect(res.status, JSON.stringify(bend)).toBe(400);
      expect(res.body.message).toBe(PASSKEY_MESSAGES.failed);
    }
    expect(await ctx.db.select().from(passkeys).where(eq(passkeys.userId, acme.admin.id))).toEqual([]);
  });

  it('uses each challenge once, only for the person and browser that asked for it', async () => {
    const authenticator = new TestAuthenticator(origin);
    const { options, flow } = await registrationOptions(acme.cookies.admin);
    const response = authenticator.register(options);
    // Without the flow's cookie (another browser), then as someone else with it: no challenge of theirs.
    expect((await ctx.request('/api/users/me/passkeys', { method: 'POST', cookie: acme.cookies.admin, body: { response } })).status).toBe(400);
    const other = await ctx.request('/api/users/me/passkeys', { method: 'POST', cookie: both(rival.cookies.admin, flow), body: { response } });
    expect(other.status).toBe(400);
    expect(other.body.message).toBe(PASSKEY_MESSAGES.expired);
    // The other person's attempt took the flow: the owner must start again.
    expect((await ctx.request('/api/users/me/passkeys', { method: 'POST', cookie: both(acme.cookies.admin, flow), body: { response } })).status).toBe(400);

    const again = await registrationOptions(acme.cookies.admin);
    const signedOld = authenticator.register(again.options, { challenge: options.challenge });
    expect((await ctx.request('/api/users/me/passkeys', { method: 'POST', cookie: both(acme.cookies.admin, again.flow), body: { response: signedOld } })).status).toBe(400);
  });

  it('refuses a malformed answer or name with the field named, and anyone signed out', async () => {
    const bad = await ctx.request('/api/users/me/passkeys', { method: 'POST', cookie: acme.cookies.admin, body: { name: ' ', response: { id: 'x y', type: 'other' } } });
    expect(bad.status).toBe(400);
    expect(bad.body.issues.map((issue: { path: string }) => issue.path)).toEqual(expect.arrayContaining(['name', 'response.id', 'response.type']));
    expect((await ctx.request('/api/users/me/passkeys')).status).toBe(401);
    expect((await ctx.request('/api/users/me/passkeys/options', { method: 'POST' })).status).toBe(401);
  });
});

describe('renaming and removing', () => {
  it('renames one’s own passkey; another person’s, in the company or not, is not found', async () => {
    const path = `/api/users/me/passkeys/${myPasskey.id}`;
    for (const cookie of [acme.cookies.admin, acme.cookies.manager, rival.cookies.admin]) {
      expect((await ctx.request(path, { method: 'PATCH', cookie, body: { name: 'Mine now' } })).status).toBe(404);
      expect((await ctx.request(path, { method: 'DELETE', cookie })).status).toBe(404);
      const list = await ctx.request('/api/users/me/passkeys', { cookie });
      expect((list.body as PasskeyView[]).map((passkey) => passkey.id)).not.toContain(myPasskey.id);
    }
    const renamed = await ctx.request(path, { method: 'PATCH', cookie: acme.cookies.newHire, body: { name: '  Phone  ' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: myPasskey.id, name: 'Phone' });
    const empty = await ctx.request(path, { method: 'PATCH', cookie: acme.cookies.newHire, body: { name: '' } });
    expect(empty.status).toBe(400);
    expect(empty.body.issues[0].path).toBe('name');
    expect((await ctx.request('/api/users/me/passkeys/not-an-id', { method: 'DELETE', cookie: acme.cookies.newHire })).status).toBe(404);
  });

  it('removes one’s own passkey, which then signs no one in', async () => {
    const spare = new TestAuthenticator(origin);
    const added = await register(rival.cookies.newHire, spare, 'Spare key');
    expect((await signIn(spare)).status).toBe(200);
    const removed = await ctx.request(`/api/users/me/passkeys/${added.id}`, { method: 'DELETE', cookie: rival.cookies.newHire });
    expect(removed.status).toBe(200);
    expect((await ctx.request('/api/users/me/passkeys', { cookie: rival.cookies.newHire })).body).toEqual([]);
    const after = await signIn(spare);
    expect(after.status).toBe(401);
    expect(after.body.message).toBe(PASSKEY_MESSAGES.unknown);
  });
});

describe('signing in with a passkey', () => {
  it('asks for any passkey of this site, with user verification, without an email', async () => {
    const { options } = await signInOptions();
    expect(options).toMatchObject({ rpId: rpID, userVerification: 'required' });
    expect(options.allowCredentials ?? []).toEqual([]);
  });

  it('signs the passkey’s person in with a new session, and records the use', async () => {
    const res = await signIn(mine);
    expect(res.status, res.text).toBe(200);
    expect(res.body.user).toMatchObject({ id: acme.newHire.id, email: acme.newHire.email });
    const session = setCookies(res.headers).find((cookie) => cookie.startsWith('kickoff_sid='));
    expect(session).toBeDefined();
    const me = await ctx.request('/api/auth/user', { cookie: session });
    expect(me.body.id).toBe(acme.newHire.id);
    const methods = await ctx.db.select({ method: sessions.method }).from(sessions).where(eq(sessions.userId, acme.newHire.id));
    expect(methods.map((row) => row.method)).toContain('passkey');
    const [row] = await ctx.db.select().from(passkeys).where(eq(passkeys.id, myPasskey.id));
    expect(row?.counter).toBeGreaterThan(0);
    expect(row?.lastUsedAt).not.toBeNull();
  });

  it('refuses an unknown passkey with a clear 401', async () => {
    const res = await signIn(new TestAuthenticator(origin));
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(PASSKEY_MESSAGES.unknown);
    expect(res.headers.getSetCookie().join()).not.toContain('kickoff_sid=');
  });

  it('refuses another origin, another RP ID, or no user verification', async () => {
    for (const bend of [{ origin: 'https://evil.example' }, { origin: origin.replace('http:', 'https:') }, { rpID: 'evil.example' }, { unverified: true }] satisfies Bend[]) {
      const res = await signIn(mine, bend);
      expect(res.status, JSON.stringify(bend)).toBe(401);
      expect(res.body.message).toBe(PASSKEY_MESSAGES.failed);
    }
  });

  it('uses each challenge once: a replayed answer, or one signing an older challenge, is refused', async () => {
    const { options, flow } = await signInOptions();
    const answer = mine.signIn(options);
    expect((await ctx.request('/api/auth/passkey', { method: 'POST', cookie: flow, body: { response: answer } })).status).toBe(200);
    const replayed = await ctx.request('/api/auth/passkey', { method: 'POST', cookie: flow, body: { response: answer } });
    expect(replayed.status).toBe(400);
    expect(replayed.body.message).toBe(PASSKEY_MESSAGES.expired);
    // A fresh challenge, answered with the old one's signature.
    const fresh = await signInOptions();
    expect((await ctx.request('/api/auth/passkey', { method: 'POST', cookie: fresh.flow, body: { response: answer } })).status).toBe(401);
    const older = await signInOptions();
    expect(
      (await ctx.request('/api/auth/passkey', { method: 'POST', cookie: older.flow, body: { response: mine.signIn(older.options, { challenge: options.challenge }) } })).status,
    ).toBe(401);
    // No challenge at all (a made-up or expired cookie).
    expect((await ctx.request('/api/auth/passkey', { method: 'POST', cookie: 'kickoff_flow_passkey_sign_in=made-up', body: { response: mine.signIn(options) } })).status).toBe(400);
  });

  it('refuses a counter that does not increase past the stored one (a cloned authenticator)', async () => {
    const cloned = new TestAuthenticator(origin);
    await register(rival.cookies.manager, cloned, 'Key');
    expect((await signIn(cloned, { counter: 7 })).status).toBe(200);
    expect((await signIn(cloned, { counter: 7 })).status).toBe(401);
    expect((await signIn(cloned, { counter: 3 })).status).toBe(401);
    expect((await signIn(cloned, { counter: 8 })).status).toBe(200);
  });

  it('never signs in anyone but the passkey’s own person: a user handle naming someone else is refused', async () => {
    const otherHandle = Buffer.from(rival.admin.id).toString('base64url');
    const res = await signIn(mine, { userHandle: otherHandle });
    expect(res.status).toBe(401);
    const ok = await signIn(mine);
    expect(ok.body.user.id).toBe(acme.newHire.id);
    expect(ok.body.user.companyId ?? acme.company.id).toBe(acme.company.id);
  });

  it('follows “Require SSO”: only the break-glass admin of such a company signs in with a passkey', async () => {
    const strict = await ctx.createCompany('Strict');
    const hire = new TestAuthenticator(origin);
    const admin = new TestAuthenticator(origin);
    await register(strict.cookies.newHire, hire);
    await register(strict.cookies.admin, admin);
    await ctx.db.insert(companySso).values({
      companyId: strict.company.id,
      issuer: 'https://idp.example.test',
      clientId: 'kickoff',
      clientSecret: 'sealed',
      enabled: true,
      requireSso: true,
      breakGlassUserId: strict.admin.id,
    });
    const refused = await signIn(hire);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(SSO_REQUIRED_MESSAGE);
    expect(refused.headers.getSetCookie().join()).not.toContain('kickoff_sid=');
    expect((await signIn(admin)).status).toBe(200);
    await ctx.db.update(companySso).set({ requireSso: false }).where(eq(companySso.companyId, strict.company.id));
    expect((await signIn(hire)).status).toBe(200);
  });

  it('refuses a malformed answer with a 400, and rate-limits refused answers per address', async () => {
    const bad = await ctx.request('/api/auth/passkey', { method: 'POST', body: { response: { id: 'abc', type: 'public-key' } } });
    expect(bad.status).toBe(400);
    expect(bad.body.issues.length).toBeGreaterThan(0);
    for (let hit = 0; hit < passkeyFailuresPerAddress.limit; hit++) await passkeyFailuresPerAddress.hit(ctx.db, 'unknown');
    const limited = await signIn(mine);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
