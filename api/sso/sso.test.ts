// Single sign-on (issue 24) against a real OpenID provider (oidc-provider on loopback): the set-up an admin
// makes and tests, sign-in end to end, every check that must refuse (state, nonce, issuer, audience), who
// gets linked and who does not, another company's provider, auto-provision, and "require SSO".
import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { SSO_REQUIRED_MESSAGE, type SsoSettings } from '../../shared/sso.ts';
import { createTeamMember } from '../auth/auth.queries.ts';
import { companySso, onboardingPlans, ssoIdentities, users } from '../db/schema.ts';
import { createTestContext, TEST_PASSWORD, TEST_PASSWORD_HASH } from '../test/harness.ts';
import { signInAtProvider, startIssuerImpostor, startOidcProvider } from '../test/oidc-provider.ts';
import { discoverProvider, issuerRefusal } from './provider-client.ts';
import { redirectUri, safeNext } from './sso-flow.ts';

const ctx = await createTestContext();
const acme = await ctx.createCompany('Acme');
const rival = await ctx.createCompany('Rival');
const callbackUrl = redirectUri(ctx.config.appUrl);
const ACME_SECRET = `acme-${randomBytes(16).toString('hex')}`;
const RIVAL_SECRET = `rival-${randomBytes(16).toString('hex')}`;
const OTHER_SECRET = `other-${randomBytes(16).toString('hex')}`;
const provider = await startOidcProvider({
  clients: [
    { client_id: 'kickoff-acme', client_secret: ACME_SECRET, redirect_uris: [callbackUrl] },
    { client_id: 'kickoff-rival', client_secret: RIVAL_SECRET, redirect_uris: [callbackUrl] },
    // Another app at the same provider, also allowed to send people to our address.
    { client_id: 'other-app', client_secret: OTHER_SECRET, redirect_uris: [callbackUrl] },
  ],
});
afterAll(() => provider.close());

// Each refusal is logged with openid-client's reason: the tests read it to know which check refused.
const warnings = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
afterEach(() => warnings.mockClear());
const lastRefusal = () => String(warnings.mock.calls.at(-1)?.[0] ?? '');

const domainOf = (email: string) => email.split('@')[1]!;
const acmeDomain = domainOf(acme.admin.email);
const rivalDomain = domainOf(rival.admin.email);

/** The name=value pairs a response sets, as a Cookie header (joined with the ones given). */
function cookiesOf(headers: Headers, ...more: string[]): string {
  const set = headers.getSetCookie().map((line) => line.split(';')[0]!);
  return [...more, ...set].filter(Boolean).join('; ');
}

async function configure(company: typeof acme, body: Record<string, unknown>) {
  return ctx.request('/api/sso', { method: 'PUT', cookie: company.cookies.admin, body });
}

/** The admin's test sign-in through the provider; answers the callback's response. */
async function testSignIn(company: typeof acme, tamper?: (back: URL) => void) {
  const start = await ctx.request('/api/sso/test', { method: 'POST', cookie: company.cookies.admin });
  expect(start.status, start.text).toBe(200);
  const back = await signInAtProvider(start.body.redirectUrl, company.admin.email, callbackUrl);
  tamper?.(back);
  return ctx.request(back.pathname + back.search, { cookie: cookiesOf(start.headers, company.cookies.admin) });
}

async function setUp(company: typeof acme, clientId: string, clientSecret: string, domain: string) {
  expect((await configure(company, { issuer: provider.issuer, clientId, clientSecret, domains: [domain] })).status).toBe(200);
  const tested = await testSignIn(company);
  expect(tested.headers.get('location')).toBe('/company-settings?sso=tested');
  const enabled = await ctx.request('/api/sso', { method: 'PATCH', cookie: company.cookies.admin, body: { enabled: true } });
  expect(enabled.status, enabled.text).toBe(200);
}

type Flow = { authorizationUrl: URL; cookie: string };
async function startSignIn(email: string): Promise<Flow> {
  const res = await ctx.request('/api/auth/sso/start', { method: 'POST', body: { email } });
  expect(res.status, res.text).toBe(200);
  expect(res.body.sso).toBe(true);
  return { authorizationUrl: new URL(res.body.redirectUrl), cookie: cookiesOf(res.headers) };
}

/** Back at our callback with whatever the provider answered; `session`: the signed-in user's id, if any. */
async function finish(flow: Flow, back: URL) {
  const res = await ctx.request(back.pathname + back.search, { cookie: flow.cookie });
  expect(res.status).toBe(303);
  const sessionCookie = cookiesOf(res.headers);
  const me = sessionCookie.includes('kickoff_sid') ? await ctx.request('/api/auth/user', { cookie: sessionCookie }) : undefined;
  return { location: res.headers.get('location'), userId: me?.status === 200 ? (me.body.id as string) : null };
}

async function signIn(email: string, login = email) {
  const flow = await startSignIn(email);
  return finish(flow, await signInAtProvider(flow.authorizationUrl.href, login, callbackUrl));
}

const identitiesOf = (userId: string) => ctx.db.select().from(ssoIdentities).where(eq(ssoIdentities.userId, userId));
const invite = (company: typeof acme, local: string, role: 'manager' | 'new_hire' = 'new_hire') =>
  createTeamMember(ctx.db, { companyId: company.company.id, email: `${local}@${domainOf(company.admin.email)}`, fullName: `Invited ${local}`, role });

describe('the set-up', () => {
  it('is for admins only: managers and new hires 403, signed out 401', async () => {
    const body = { issuer: provider.issuer, clientId: 'kickoff-acme', clientSecret: ACME_SECRET, domains: [acmeDomain] };
    for (const cookie of [acme.cookies.manager, acme.cookies.newHire]) {
      expect((await ctx.request('/api/sso', { cookie })).status).toBe(403);
      expect((await ctx.request('/api/sso', { method: 'PUT', cookie, body })).status).toBe(403);
      expect((await ctx.request('/api/sso', { method: 'PATCH', cookie, body: { enabled: true } })).status).toBe(403);
      expect((await ctx.request('/api/sso', { method: 'DELETE', cookie })).status).toBe(403);
      expect((await ctx.request('/api/sso/test', { method: 'POST', cookie })).status).toBe(403);
    }
    expect((await ctx.request('/api/sso')).status).toBe(401);
    expect((await ctx.request('/api/sso', { cookie: acme.cookies.admin })).body).toBeNull();
  });

  it('stores the client secret sealed, never answers it, and refuses bad input with the field named', async () => {
    const bad = await configure(acme, { issuer: 'not a url', clientId: '', domains: ['@acme'] });
    expect(bad.status).toBe(400);
    expect(bad.body.issues.map((issue: { path: string }) => issue.path)).toEqual(expect.arrayContaining(['issuer', 'clientId', 'domains.0']));
    const noSecret = await configure(acme, { issuer: provider.issuer, clientId: 'kickoff-acme', domains: [acmeDomain] });
    expect(noSecret.status).toBe(400);
    expect(noSecret.body.issues[0].path).toBe('clientSecret');

    const saved = await configure(acme, { issuer: provider.issuer, clientId: 'kickoff-acme', clientSecret: ACME_SECRET, domains: [acmeDomain.toUpperCase()] });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({ issuer: provider.issuer, clientId: 'kickoff-acme', clientSecretSet: true, domains: [acmeDomain], enabled: false, testedAt: null });
    expect(saved.text).not.toContain(ACME_SECRET);
    const [row] = await ctx.db.select().from(companySso).where(eq(companySso.companyId, acme.company.id));
    expect(row?.clientSecret).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(ACME_SECRET);
    expect((await ctx.request('/api/sso', { cookie: acme.cookies.admin })).text).not.toContain(ACME_SECRET);
    // Another company's admin reads their own (none), never Acme's.
    expect((await ctx.request('/api/sso', { cookie: rival.cookies.admin })).body).toBeNull();
  });

  it('refuses a domain another company covers (409) or nobody of the company has an address at (400)', async () => {
    const taken = await configure(rival, { issuer: provider.issuer, clientId: 'kickoff-rival', clientSecret: RIVAL_SECRET, domains: [rivalDomain, acmeDomain] });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(`${acmeDomain} is already covered by another company’s single sign-on.`);
    const stranger = await configure(rival, { issuer: provider.issuer, clientId: 'kickoff-rival', clientSecret: RIVAL_SECRET, domains: ['gmail.com'] });
    expect(stranger.status).toBe(400);
    expect(stranger.body.issues).toEqual([{ path: 'domains.0', message: 'Nobody in your company has an email address at gmail.com.' }]);
  });

  it('is turned on only after a successful test since the last change of the connection', async () => {
    const early = await ctx.request('/api/sso', { method: 'PATCH', cookie: acme.cookies.admin, body: { enabled: true } });
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/^Test sign-in first/);

    const tested = await testSignIn(acme);
    expect(tested.status).toBe(303);
    expect(tested.headers.get('location')).toBe('/company-settings?sso=tested');
    // A test signs nobody in and links nobody.
    expect(cookiesOf(tested.headers)).not.toContain('kickoff_sid');
    expect(await identitiesOf(acme.admin.id)).toEqual([]);
    const settings = (await ctx.request('/api/sso', { cookie: acme.cookies.admin })).body as SsoSettings;
    expect(settings.testedAt).not.toBeNull();
    expect((await ctx.request('/api/sso', { method: 'PATCH', cookie: acme.cookies.admin, body: { enabled: true } })).body.enabled).toBe(true);

    // The same connection with another domain list keeps the test; a new secret needs a new one and turns SSO off.
    const domainsOnly = await configure(acme, { issuer: provider.issuer, clientId: 'kickoff-acme', domains: [acmeDomain] });
    expect(domainsOnly.body).toMatchObject({ enabled: true, testedAt: settings.testedAt });
    const newSecret = await configure(acme, { issuer: provider.issuer, clientId: 'kickoff-acme', clientSecret: 'a-wrong-secret', domains: [acmeDomain] });
    expect(newSecret.body).toMatchObject({ enabled: false, testedAt: null });
    const failed = await testSignIn(acme);
    expect(failed.headers.get('location')).toBe('/company-settings?sso_error=invalid_response');
    expect((await ctx.request('/api/sso', { method: 'PATCH', cookie: acme.cookies.admin, body: { enabled: true } })).status).toBe(409);

    await setUp(acme, 'kickoff-acme', ACME_SECRET, acmeDomain);
  });
});

describe('signing in', () => {
  it('sends a covered domain to its provider and anything else to the password', async () => {
    expect((await ctx.request('/api/auth/sso/start', { method: 'POST', body: { email: 'someone@elsewhere.test' } })).body).toEqual({ sso: false });
    expect((await ctx.request('/api/auth/sso/start', { method: 'POST', body: { email: 'nope' } })).status).toBe(400);
    const flow = await startSignIn(`Someone@${acmeDomain.toUpperCase()}`);
    expect(flow.authorizationUrl.origin).toBe(provider.issuer);
    const params = flow.authorizationUrl.searchParams;
    expect(Object.fromEntries(params)).toMatchObject({
      client_id: 'kickoff-acme',
      response_type: 'code',
      code_challenge_method: 'S256',
      redirect_uri: callbackUrl,
      scope: 'openid email profile',
    });
    for (const name of ['state', 'nonce', 'code_challenge']) expect(params.get(name)?.length).toBeGreaterThanOrEqual(20);
    expect(flow.cookie).toMatch(/^kickoff_flow_sso=/);
  });

  it('links an invited person on their first sign-in (verified, matching email) and signs them in by the link after', async () => {
    const person = await invite(acme, 'dilan');
    const first = await signIn(person.email);
    expect(first).toEqual({ location: '/new-hire-dashboard', userId: person.id });
    expect(await identitiesOf(person.id)).toEqual([expect.objectContaining({ issuer: provider.issuer, subject: person.email, companyId: acme.company.id })]);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, person.id));
    expect(row?.isEmailVerified).toBe(true);
    const again = await signIn(person.email);
    expect(again.userId).toBe(person.id);
  });

  it('refuses a wrong state', async () => {
    const person = await invite(acme, 'state');
    const flow = await startSignIn(person.email);
    const back = await signInAtProvider(flow.authorizationUrl.href, person.email, callbackUrl);
    back.searchParams.set('state', `s.${randomBytes(32).toString('base64url')}`);
    expect(await finish(flow, back)).toEqual({ location: '/login?sso_error=invalid_response', userId: null });
    expect(lastRefusal()).toMatch(/unexpected "state" response parameter value/);
    expect(await identitiesOf(person.id)).toEqual([]);
  });

  it('refuses a wrong nonce', async () => {
    const person = await invite(acme, 'nonce');
    const flow = await startSignIn(person.email);
    const tampered = new URL(flow.authorizationUrl);
    tampered.searchParams.set('nonce', randomBytes(32).toString('base64url'));
    const back = await signInAtProvider(tampered.href, person.email, callbackUrl);
    expect(await finish(flow, back)).toEqual({ location: '/login?sso_error=invalid_response', userId: null });
    expect(lastRefusal()).toMatch(/unexpected ID Token "nonce" claim value/);
  });

  it('refuses an ID token made for another client (wrong audience)', async () => {
    const person = await invite(acme, 'audience');
    const flow = await startSignIn(person.email);
    // The other app signs the same person in with our flow's nonce: a real, valid ID token, for other-app.
    const verifier = randomBytes(32).toString('base64url');
    const otherUrl = new URL(flow.authorizationUrl);
    otherUrl.searchParams.set('client_id', 'other-app');
    otherUrl.searchParams.set('code_challenge', createHash('sha256').update(verifier).digest('base64url'));
    const otherBack = await signInAtProvider(otherUrl.href, person.email, callbackUrl);
    const tokenRes = await fetch(`${provider.issuer}/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`other-app:${OTHER_SECRET}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code: otherBack.searchParams.get('code')!, redirect_uri: callbackUrl, code_verifier: verifier }),
    });
    expect(tokenRes.status).toBe(200);
    const otherTokens = (await tokenRes.json()) as { id_token: string };
    expect(JSON.parse(Buffer.from(otherTokens.id_token.split('.')[1]!, 'base64url').toString())).toMatchObject({
      aud: 'other-app',
      nonce: flow.authorizationUrl.searchParams.get('nonce'),
    });

    const back = await signInAtProvider(flow.authorizationUrl.href, person.email, callbackUrl);
    provider.setTokenAnswer(otherTokens);
    try {
      expect(await finish(flow, back)).toEqual({ location: '/login?sso_error=invalid_response', userId: null });
      expect(lastRefusal()).toMatch(/unexpected JWT "aud" \(audience\) claim value/);
    } finally {
      provider.setTokenAnswer(null);
    }
    expect(await identitiesOf(person.id)).toEqual([]);
  });

  it('does not link an unverified email, nor a person whose provider email differs', async () => {
    const unverified = await invite(acme, 'unverified');
    provider.accounts.set(unverified.email, { email_verified: false });
    expect(await signIn(unverified.email)).toEqual({ location: '/login?sso_error=email_unverified', userId: null });
    expect(await identitiesOf(unverified.id)).toEqual([]);

    // They start with their email, but the provider's account says another address of the domain: nobody's.
    const mismatched = await invite(acme, 'mismatched');
    provider.accounts.set('mismatched-at-provider', { email: `someone-else@${acmeDomain}` });
    expect(await signIn(mismatched.email, 'mismatched-at-provider')).toEqual({ location: '/login?sso_error=no_account', userId: null });
    expect(await identitiesOf(mismatched.id)).toEqual([]);
    // An address outside the covered domains is not the company's to vouch for.
    provider.accounts.set('outside', { email: 'someone@elsewhere.test' });
    expect(await signIn(mismatched.email, 'outside')).toEqual({ location: '/login?sso_error=not_covered', userId: null });
  });

  it('never signs a person of this company in through another company’s provider', async () => {
    await setUp(rival, 'kickoff-rival', RIVAL_SECRET, rivalDomain);
    // Rival's provider vouches for an Acme address: not Rival's domain.
    const acmePerson = await invite(acme, 'target');
    expect(await signIn(`anyone@${rivalDomain}`, acmePerson.email)).toEqual({ location: '/login?sso_error=not_covered', userId: null });
    // The same provider account, already linked to an Acme person, through Rival's client: refused.
    expect((await signIn(acmePerson.email)).userId).toBe(acmePerson.id);
    expect(await signIn(`anyone@${rivalDomain}`, acmePerson.email)).toEqual({ location: '/login?sso_error=wrong_company', userId: null });
    // And a Rival account whose provider email is an Acme person's, even if Rival's domains were Acme's.
    provider.accounts.set('rival-impostor', { email: acme.manager.email });
    expect(await signIn(`anyone@${rivalDomain}`, 'rival-impostor')).toEqual({ location: '/login?sso_error=not_covered', userId: null });
    expect(await identitiesOf(acme.manager.id)).toEqual([]);
  });

  it('makes nobody an account unless auto-provision is on, and then a new hire without a plan', async () => {
    const email = `newcomer@${acmeDomain}`;
    expect(await signIn(email)).toEqual({ location: '/login?sso_error=no_account', userId: null });
    expect(await ctx.db.select().from(users).where(eq(users.email, email))).toEqual([]);

    expect((await ctx.request('/api/sso', { method: 'PATCH', cookie: acme.cookies.admin, body: { autoProvision: true } })).body.autoProvision).toBe(true);
    const made = await signIn(email);
    expect(made.location).toBe('/new-hire-dashboard');
    const [person] = await ctx.db.select().from(users).where(eq(users.email, email));
    expect(person).toMatchObject({ id: made.userId, role: 'new_hire', companyId: acme.company.id, isEmailVerified: true, password: null });
    expect(await ctx.db.select().from(onboardingPlans).where(eq(onboardingPlans.newHireId, person!.id))).toEqual([]);
    await ctx.request('/api/sso', { method: 'PATCH', cookie: acme.cookies.admin, body: { autoProvision: false } });
  });

  it('refuses an ID token from another issuer than the one configured', async () => {
    const impostor = await startIssuerImpostor(provider);
    try {
      const other = await ctx.createCompany('Third');
      await configure(other, { issuer: impostor.issuer, clientId: 'kickoff-acme', clientSecret: ACME_SECRET, domains: [domainOf(other.admin.email)] });
      // The provider's answer names its real issuer (RFC 9207's iss parameter): refused.
      const tested = await testSignIn(other);
      expect(tested.headers.get('location')).toBe('/company-settings?sso_error=invalid_response');
      expect(lastRefusal()).toMatch(/unexpected "iss" \(issuer\) response parameter value/);
      // Without that parameter, the ID token's own iss claim is refused.
      const withoutIss = await testSignIn(other, (back) => back.searchParams.delete('iss'));
      expect(withoutIss.headers.get('location')).toBe('/company-settings?sso_error=invalid_response');
      expect(lastRefusal()).toMatch(/unexpected JWT "iss" \(issuer\) claim value/);
      const [row] = await ctx.db.select().from(companySso).where(eq(companySso.companyId, other.company.id));
      expect(row?.testedAt).toBeNull();
    } finally {
      await impostor.close();
    }
  });

  it('says when the provider cannot be reached or its discovery document names another issuer', async () => {
    const other = await ctx.createCompany('Fourth');
    const domains = [domainOf(other.admin.email)];
    await configure(other, { issuer: 'http://127.0.0.1:9/nothing-here', clientId: 'x', clientSecret: 'y', domains });
    const unreachable = await ctx.request('/api/sso/test', { method: 'POST', cookie: other.cookies.admin });
    expect(unreachable.status).toBe(400);
    expect(unreachable.body.issues).toEqual([
      { path: 'issuer', message: expect.stringMatching(/^The identity provider at http:\/\/127\.0\.0\.1:9\/nothing-here could not be used: it could not be reached\./) },
    ]);
    // At sign-in it is the provider's fault, not the person's: 502.
    await ctx.db.update(companySso).set({ enabled: true }).where(eq(companySso.companyId, other.company.id));
    const signIn = await ctx.request('/api/auth/sso/start', { method: 'POST', body: { email: other.manager.email } });
    expect(signIn.status).toBe(502);
    expect(signIn.body.message).toBe('Your company’s identity provider could not be reached. Please try again in a moment.');

    // A discovery document that names another issuer than the URL it was found under.
    const impostor = await startIssuerImpostor(provider);
    try {
      await configure(other, { issuer: `${impostor.issuer}/tenant`, clientId: 'kickoff-acme', clientSecret: ACME_SECRET, domains });
      const mismatch = await ctx.request('/api/sso/test', { method: 'POST', cookie: other.cookies.admin });
      expect(mismatch.status).toBe(400);
      expect(mismatch.body.message).toMatch(/could not be used: its discovery document names another issuer\./);
    } finally {
      await impostor.close();
    }
  });
});

describe('require SSO', () => {
  const login = (email: string) => ctx.request('/api/auth/login', { method: 'POST', body: { email, password: TEST_PASSWORD } });

  it('needs SSO on and a break-glass admin of this company', async () => {
    const patch = (body: unknown) => ctx.request('/api/sso', { method: 'PATCH', cookie: acme.cookies.admin, body });
    const none = await patch({ requireSso: true, breakGlassUserId: null });
    expect(none.status).toBe(400);
    expect(none.body.issues[0].path).toBe('breakGlassUserId');
    expect((await patch({ requireSso: true, breakGlassUserId: acme.manager.id })).status).toBe(400);
    expect((await patch({ requireSso: true, breakGlassUserId: rival.admin.id })).status).toBe(400);
    const ok = await patch({ requireSso: true, breakGlassUserId: acme.admin.id });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body).toMatchObject({ requireSso: true, breakGlassUserId: acme.admin.id });
  });

  it('refuses the password of everyone but the break-glass admin, and only once the password is right', async () => {
    const refused = await login(acme.manager.email);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(SSO_REQUIRED_MESSAGE);
    expect((await login(acme.newHire.email)).status).toBe(403);
    const wrong = await ctx.request('/api/auth/login', { method: 'POST', body: { email: acme.manager.email, password: 'Wrong#Pass1' } });
    expect(wrong.status).toBe(401);
    expect((await login(acme.admin.email)).status).toBe(200);
    // Another company is not affected.
    expect((await login(rival.manager.email)).status).toBe(200);
  });

  it('keeps the break-glass exemption only while that person is an admin', async () => {
    const second = await createTeamMember(ctx.db, {
      companyId: acme.company.id,
      email: `second-admin@${acmeDomain}`,
      role: 'admin',
      passwordHash: TEST_PASSWORD_HASH,
      isEmailVerified: true,
    });
    const moved = await ctx.request('/api/sso', { method: 'PATCH', cookie: acme.cookies.admin, body: { breakGlassUserId: second.id } });
    expect(moved.status, moved.text).toBe(200);
    expect((await login(second.email)).status).toBe(200);
    expect((await login(acme.admin.email)).status).toBe(403);
    await ctx.db.update(users).set({ role: 'manager' }).where(eq(users.id, second.id));
    expect((await login(second.email)).status).toBe(403);
    await ctx.request('/api/sso', { method: 'PATCH', cookie: acme.cookies.admin, body: { breakGlassUserId: acme.admin.id } });
  });

  it('lets passwords work again when SSO is turned off or removed', async () => {
    await ctx.request('/api/sso', { method: 'PATCH', cookie: acme.cookies.admin, body: { enabled: false, requireSso: false } });
    expect((await login(acme.manager.email)).status).toBe(200);
    expect((await ctx.request('/api/sso', { method: 'DELETE', cookie: rival.cookies.admin })).status).toBe(204);
    expect((await ctx.request('/api/sso', { cookie: rival.cookies.admin })).body).toBeNull();
    expect(
      await ctx.db
        .select()
        .from(ssoIdentities)
        .where(and(eq(ssoIdentities.companyId, rival.company.id))),
    ).toEqual([]);
    expect((await ctx.request('/api/auth/sso/start', { method: 'POST', body: { email: `x@${rivalDomain}` } })).body).toEqual({ sso: false });
  });
});

describe('where providers may be (SSRF) and where sign-in may land', () => {
  it('takes http:// issuers and private addresses only where private targets are allowed (not in production)', async () => {
    expect(issuerRefusal('https://login.example.com', false)).toBeNull();
    expect(issuerRefusal('http://login.example.com', false)).toBe('The issuer must be an https:// URL.');
    expect(issuerRefusal('http://127.0.0.1:9000', true)).toBeNull();
    const settings = { clientId: 'x', clientSecret: 'y' };
    await expect(discoverProvider({ ...settings, issuer: provider.issuer }, false)).rejects.toThrow('The issuer must be an https:// URL.');
    // openid-client wraps a refused fetch: the refusal is its cause.
    const refusal = (issuer: string) =>
      discoverProvider({ ...settings, issuer }, false).then(
        () => 'discovered',
        (error: Error) => `${error.message} <- ${(error.cause as Error | undefined)?.message}`,
      );
    for (const issuer of ['https://127.0.0.1:9', 'https://169.254.169.254', 'https://[::1]:9', 'https://10.0.0.8', 'https://localhost:9']) {
      expect(await refusal(issuer), issuer).toMatch(/private, loopback or link-local/);
    }
    await expect(discoverProvider({ ...settings, issuer: provider.issuer }, true)).resolves.toBeDefined();
  });

  it('lands only on a path of this app after signing in', () => {
    expect(safeNext('/profile?tab=1')).toBe('/profile?tab=1');
    for (const next of ['https://evil.example', '//evil.example', '/\\evil.example', '/api/auth/logout', 'profile', '', undefined]) expect(safeNext(next), String(next)).toBeNull();
  });
});
