// The OpenID Connect round trip (issue 24): authorization code with PKCE, state and nonce kept server-side
// in an auth flow bound to this browser, and on the way back everything checked (openid-client verifies the
// state, the ID token's signature, issuer, audience, expiry and nonce, and the code verifier binds the code
// to this flow). Then the person is found by their linked identity, or linked once by a verified email of
// the same company, or (only with auto-provision on) made a new hire without a plan.
import { and, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import * as client from 'openid-client';
import { dashboardPathFor } from '../../shared/roles.ts';
import { emailDomain, SSO_TESTED_PARAM, type SsoErrorCode } from '../../shared/sso.ts';
import { openAuthFlow, takeAuthFlow } from '../auth/auth-flows.ts';
import { createTeamMember, findUserByEmail } from '../auth/auth.queries.ts';
import { completeSignIn } from '../auth/sign-in.ts';
import { first, type Db } from '../db/client.ts';
import { ssoIdentities, users } from '../db/schema.ts';
import type { AppEnv } from '../lib/env.ts';
import { allowsPrivateProviders, discoverProvider } from './provider-client.ts';
import { clientSecretOf, connectionFingerprint, coversDomain, findSsoRow, markSsoTested, type SsoRow } from './sso.queries.ts';

export const SSO_CALLBACK_PATH = '/api/auth/sso/callback';
/** Where an admin's test sign-in returns. */
export const SSO_SETTINGS_PATH = '/company-settings';

type Purpose = 'sso' | 'sso_test';
/** The state's prefix says which flow the callback takes (a tampered prefix finds a flow whose state differs). */
const STATE_PREFIX: Record<Purpose, string> = { sso: 's', sso_test: 't' };

type FlowData = { companyId: string; state: string; nonce: string; codeVerifier: string; fingerprint: string; next: string | null };

export class SsoFailure extends Error {
  constructor(
    readonly code: SsoErrorCode,
    detail?: string,
    /** What an admin may be told (the provider's problem, not ours). */
    readonly reason = 'it did not answer as an OpenID provider',
  ) {
    super(detail ?? code);
  }
}

export const redirectUri = (appUrl: string) => `${appUrl.replace(/\/$/, '')}${SSO_CALLBACK_PATH}`;

/** A path inside this app to land on after signing in, or null (an absolute or protocol-relative URL is not one). */
export function safeNext(next: string | undefined | null): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\') || next.startsWith('/api/')) return null;
  return next.slice(0, 500);
}

async function providerFor(c: Context<AppEnv>, row: SsoRow): Promise<client.Configuration> {
  const { config } = c.var.deps;
  try {
    return await discoverProvider({ issuer: row.issuer, clientId: row.clientId, clientSecret: clientSecretOf(row, config.secretsKey) }, allowsPrivateProviders(config));
  } catch (error) {
    throw new SsoFailure('unavailable', `discovery at ${row.issuer} failed: ${describe(error)}`, discoveryReason(error));
  }
}

/**
 * Opens the flow for this browser and answers the provider's authorization URL (code + PKCE S256, state,
 * nonce, scope openid email profile, and the email as login_hint so the provider can skip asking).
 */
export async function startSsoFlow(
  c: Context<AppEnv>,
  row: SsoRow,
  purpose: Purpose,
  options: { userId: string | null; loginHint?: string; next?: string | null },
): Promise<string> {
  const provider = await providerFor(c, row);
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = `${STATE_PREFIX[purpose]}.${client.randomState()}`;
  const nonce = client.randomNonce();
  const data: FlowData = { companyId: row.companyId, state, nonce, codeVerifier, fingerprint: connectionFingerprint(row), next: safeNext(options.next) };
  await openAuthFlow(c, purpose, { userId: options.userId, data });
  const parameters: Record<string, string> = {
    redirect_uri: redirectUri(c.var.deps.config.appUrl),
    response_type: 'code',
    scope: 'openid email profile',
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  };
  if (options.loginHint) parameters.login_hint = options.loginHint;
  return client.buildAuthorizationUrl(provider, parameters).href;
}

/** openid-client's message and those of its causes (which name the claim or parameter that did not match), for the log. */
function describe(error: unknown): string {
  const parts: string[] = [];
  for (let current = error as { message?: string; code?: string; cause?: unknown } | undefined; current && parts.length < 4; current = current.cause as typeof current) {
    if (typeof current !== 'object') break;
    const part = [current.message, current.code].filter(Boolean).join(' ');
    if (part) parts.push(part);
  }
  return parts.join(' <- ');
}

/** Why discovery failed, in words for the admin who typed the issuer. */
function discoveryReason(error: unknown): string {
  const text = describe(error);
  if (/issuer does not match|"issuer" property does not match/.test(text)) return 'its discovery document names another issuer';
  if (/ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|timed? ?out|aborted/i.test(text)) return 'it could not be reached';
  if (/private, loopback or link-local|https:\/\/ only/.test(text)) return 'it is not on a public https:// address';
  if (/unexpected HTTP response status code|OAUTH_RESPONSE_IS_NOT_CONFORM/i.test(text)) return `no discovery document at ${'/.well-known/openid-configuration'}`;
  return 'it did not answer as an OpenID provider';
}

type VerifiedIdentity = { subject: string; email: string | null; emailVerified: boolean; name: string | null };

/** Exchanges the code and checks everything; the email comes from the ID token, or userinfo when the token has none. */
async function verifyCallback(c: Context<AppEnv>, row: SsoRow, flow: FlowData): Promise<VerifiedIdentity> {
  const provider = await providerFor(c, row);
  const currentUrl = new URL(redirectUri(c.var.deps.config.appUrl));
  currentUrl.search = new URL(c.req.url).search;
  let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
  try {
    tokens = await client.authorizationCodeGrant(provider, currentUrl, {
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      pkceCodeVerifier: flow.codeVerifier,
      idTokenExpected: true,
    });
  } catch (error) {
    if (error instanceof client.AuthorizationResponseError) throw new SsoFailure('denied', `${error.error}: ${error.error_description ?? ''}`);
    throw new SsoFailure('invalid_response', describe(error));
  }
  const claims = tokens.claims();
  if (!claims) throw new SsoFailure('invalid_response', 'no ID token');
  let { email, email_verified: emailVerified, name } = claims as { email?: unknown; email_verified?: unknown; name?: unknown };
  if (typeof email !== 'string' && provider.serverMetadata().userinfo_endpoint) {
    try {
      // expectedSubject: a userinfo answer about anyone but the ID token's subject is refused.
      const info = await client.fetchUserInfo(provider, tokens.access_token, claims.sub);
      ({ email, email_verified: emailVerified, name } = info);
    } catch (error) {
      throw new SsoFailure('invalid_response', `userinfo: ${(error as Error).message}`);
    }
  }
  return {
    subject: claims.sub,
    email: typeof email === 'string' ? email.trim().toLowerCase() : null,
    emailVerified: emailVerified === true,
    name: typeof name === 'string' ? name.slice(0, 200) : null,
  };
}

/**
 * The person this company's provider signed in: their linked identity; else a person of THIS company whose
 * email the provider verified, linked now; else a new hire without a plan, only with auto-provision on.
 * A person of another company is never signed in by this company's provider.
 */
export async function resolveSsoPerson(db: Db, row: SsoRow, identity: VerifiedIdentity): Promise<{ id: string }> {
  const linked = await first(
    db
      .select({ userId: ssoIdentities.userId, companyId: ssoIdentities.companyId, userCompanyId: users.companyId })
      .from(ssoIdentities)
      .innerJoin(users, eq(users.id, ssoIdentities.userId))
      .where(and(eq(ssoIdentities.issuer, row.issuer), eq(ssoIdentities.subject, identity.subject))),
  );
  if (linked) {
    if (linked.companyId !== row.companyId || linked.userCompanyId !== row.companyId) throw new SsoFailure('wrong_company');
    return { id: linked.userId };
  }
  if (!identity.email || !identity.emailVerified) throw new SsoFailure('email_unverified');
  if (!(await coversDomain(db, row.companyId, emailDomain(identity.email)))) throw new SsoFailure('not_covered');
  const person = await findUserByEmail(db, identity.email);
  if (person) {
    if (person.companyId !== row.companyId) throw new SsoFailure('wrong_company');
    // Linked to another subject of this provider already: a re-made account at the provider does not take it over.
    const other = await first(
      db
        .select({ subject: ssoIdentities.subject })
        .from(ssoIdentities)
        .where(and(eq(ssoIdentities.userId, person.id), eq(ssoIdentities.issuer, row.issuer))),
    );
    if (other) throw new SsoFailure('already_linked');
    await db.insert(ssoIdentities).values({ issuer: row.issuer, subject: identity.subject, userId: person.id, companyId: row.companyId });
    if (!person.isEmailVerified) await db.update(users).set({ isEmailVerified: true }).where(eq(users.id, person.id));
    return { id: person.id };
  }
  if (!row.autoProvision) throw new SsoFailure('no_account');
  const created = await createTeamMember(db, { companyId: row.companyId, email: identity.email, fullName: identity.name ?? undefined, role: 'new_hire', isEmailVerified: true });
  await db.insert(ssoIdentities).values({ issuer: row.issuer, subject: identity.subject, userId: created.id, companyId: row.companyId });
  return { id: created.id };
}

/** A failure as the person is told it; anything unforeseen is logged in full and told as an unverifiable answer. */
function failure(error: unknown): SsoFailure {
  if (error instanceof SsoFailure) return error;
  console.error(error);
  return new SsoFailure('invalid_response', 'unexpected error');
}

/**
 * GET /api/auth/sso/callback: finishes a sign-in (to the person's home, or `/login?sso_error=`) or an
 * admin's test (back to company settings with `?sso=tested` or `?sso_error=`).
 */
export async function finishSsoFlow(c: Context<AppEnv>): Promise<Response> {
  const { db } = c.var.deps;
  const state = c.req.query('state') ?? '';
  const purpose: Purpose = state.startsWith(`${STATE_PREFIX.sso_test}.`) ? 'sso_test' : 'sso';
  const back = (code: SsoErrorCode) => c.redirect(`${purpose === 'sso_test' ? SSO_SETTINGS_PATH : '/login'}?sso_error=${code}`, 303);
  try {
    const flow = await takeAuthFlow(c, purpose);
    if (!flow) throw new SsoFailure('expired');
    const data = flow.data as FlowData;
    const row = await findSsoRow(db, data.companyId);
    if (!row || connectionFingerprint(row) !== data.fingerprint) throw new SsoFailure('expired', 'the connection changed since the flow began');

    if (purpose === 'sso_test') {
      const admin = c.var.user;
      if (!admin || admin.id !== flow.userId || admin.role !== 'admin' || admin.companyId !== row.companyId) throw new SsoFailure('not_admin');
      await verifyCallback(c, row, data);
      if (!(await markSsoTested(db, row.companyId, data.fingerprint))) throw new SsoFailure('expired');
      return c.redirect(`${SSO_SETTINGS_PATH}?sso=${SSO_TESTED_PARAM}`, 303);
    }

    if (!row.enabled) throw new SsoFailure('not_enabled');
    const identity = await verifyCallback(c, row, data);
    const person = await resolveSsoPerson(db, row, identity);
    const user = await completeSignIn(c, person.id, 'sso');
    return c.redirect(data.next ?? dashboardPathFor(user.role), 303);
  } catch (error) {
    const refused = failure(error);
    console.warn(`SSO ${purpose === 'sso_test' ? 'test' : 'sign-in'} refused (${refused.code}): ${refused.message}`);
    return back(refused.code);
  }
}
