// Single sign-on (issue 24): a company's set-up (issuer, client, sealed secret, covered domains, switches),
// read and written by its admins only, and the lookups the sign-in makes. Every query names its company.
import { createHash } from 'node:crypto';
import { and, eq, inArray, like, ne, sql } from 'drizzle-orm';
import { emailDomain, SSO_TEST_FIRST_MESSAGE, type SsoConnection, type SsoOptions, type SsoSettings } from '../../shared/sso.ts';
import { first, transaction, type Db } from '../db/client.ts';
import { companySso, ssoDomains, ssoIdentities, users } from '../db/schema.ts';
import { conflict, found, validationFailed } from '../lib/app-error.ts';
import type { CurrentUser } from '../lib/env.ts';
import { openSecret, requireSecretsKey, sealSecret } from '../lib/secret-box.ts';

export type SsoRow = typeof companySso.$inferSelect;

/** Identifies one connection (issuer, client, secret): a test or sign-in begun under another is refused. */
export const connectionFingerprint = (row: Pick<SsoRow, 'issuer' | 'clientId' | 'clientSecret'>): string =>
  createHash('sha256').update(`${row.issuer}\n${row.clientId}\n${row.clientSecret}`).digest('base64url');

export async function findSsoRow(db: Db, companyId: string): Promise<SsoRow | undefined> {
  return first(db.select().from(companySso).where(eq(companySso.companyId, companyId)));
}

async function domainsOf(db: Db, companyId: string): Promise<string[]> {
  const rows = await db.select({ domain: ssoDomains.domain }).from(ssoDomains).where(eq(ssoDomains.companyId, companyId)).orderBy(ssoDomains.domain);
  return rows.map((row) => row.domain);
}

function settingsOf(row: SsoRow, domains: string[]): SsoSettings {
  return {
    issuer: row.issuer,
    clientId: row.clientId,
    clientSecretSet: true,
    domains,
    enabled: row.enabled,
    testedAt: row.testedAt,
    requireSso: row.requireSso,
    breakGlassUserId: row.breakGlassUserId,
    autoProvision: row.autoProvision,
    updatedAt: row.updatedAt,
  };
}

/** GET /api/sso: the caller's company's set-up, or null when there is none. */
export async function getSsoSettings(db: Db, companyId: string): Promise<SsoSettings | null> {
  const row = await findSsoRow(db, companyId);
  return row ? settingsOf(row, await domainsOf(db, companyId)) : null;
}

/** The stored client secret in the clear, for a request to the provider. */
export function clientSecretOf(row: SsoRow, secretsKey: Buffer | undefined): string {
  return openSecret(requireSecretsKey(secretsKey), row.clientSecret);
}

/**
 * PUT /api/sso: saves the connection and the covered domains. A new issuer, client id or secret needs a
 * new test, so it clears testedAt and turns SSO off (and with it the password ban). A domain another
 * company covers is a 409; a domain none of the company's people has an address at is a 400 (a company
 * cannot send strangers' sign-ins to its provider).
 */
export async function saveSsoConnection(db: Db, admin: CurrentUser, input: SsoConnection, secretsKey: Buffer | undefined): Promise<SsoSettings> {
  const key = requireSecretsKey(secretsKey);
  const existing = await findSsoRow(db, admin.companyId);
  if (!existing && input.clientSecret === undefined) {
    throw validationFailed([{ path: 'clientSecret', message: 'Please enter the client secret' }]);
  }
  const taken = await db
    .select({ domain: ssoDomains.domain })
    .from(ssoDomains)
    .where(and(inArray(ssoDomains.domain, input.domains), ne(ssoDomains.companyId, admin.companyId)));
  if (taken.length > 0) {
    throw conflict(`${taken.map((row) => row.domain).join(', ')} ${taken.length === 1 ? 'is' : 'are'} already covered by another company’s single sign-on.`);
  }
  const strangers: { domain: string; index: number }[] = [];
  for (const [index, domain] of input.domains.entries()) {
    const member = await first(
      db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.companyId, admin.companyId), like(sql`lower(${users.email})`, `%@${domain}`)))
        .limit(1),
    );
    if (!member) strangers.push({ domain, index });
  }
  if (strangers.length > 0) {
    throw validationFailed(strangers.map(({ domain, index }) => ({ path: `domains.${index}`, message: `Nobody in your company has an email address at ${domain}.` })));
  }

  const clientSecret = input.clientSecret === undefined ? existing!.clientSecret : sealSecret(key, input.clientSecret);
  const connectionChanged =
    !existing ||
    existing.issuer !== input.issuer ||
    existing.clientId !== input.clientId ||
    (input.clientSecret !== undefined && openSecret(key, existing.clientSecret) !== input.clientSecret);
  await transaction(db, async (tx) => {
    if (existing) {
      await tx
        .update(companySso)
        .set({
          issuer: input.issuer,
          clientId: input.clientId,
          clientSecret: connectionChanged ? clientSecret : existing.clientSecret,
          ...(connectionChanged ? { testedAt: null, enabled: false } : {}),
        })
        .where(eq(companySso.companyId, admin.companyId));
    } else {
      await tx.insert(companySso).values({ companyId: admin.companyId, issuer: input.issuer, clientId: input.clientId, clientSecret });
    }
    await tx.delete(ssoDomains).where(eq(ssoDomains.companyId, admin.companyId));
    await tx.insert(ssoDomains).values(input.domains.map((domain) => ({ domain, companyId: admin.companyId })));
  });
  return found(await getSsoSettings(db, admin.companyId), 'Single sign-on');
}

/**
 * PATCH /api/sso: turning SSO on needs a successful test since the last change (409); requiring it needs
 * SSO on and a break-glass admin of this company (the one person whose password still works).
 */
export async function updateSsoOptions(db: Db, admin: CurrentUser, input: SsoOptions): Promise<SsoSettings> {
  const row = found(await findSsoRow(db, admin.companyId), 'Single sign-on');
  const next = {
    enabled: input.enabled ?? row.enabled,
    requireSso: input.requireSso ?? row.requireSso,
    breakGlassUserId: input.breakGlassUserId === undefined ? row.breakGlassUserId : input.breakGlassUserId,
    autoProvision: input.autoProvision ?? row.autoProvision,
  };
  if (next.enabled && !row.enabled && !row.testedAt) throw conflict(SSO_TEST_FIRST_MESSAGE);
  if (next.breakGlassUserId !== null && (input.breakGlassUserId !== undefined || next.requireSso)) {
    const person = await first(
      db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, next.breakGlassUserId), eq(users.companyId, admin.companyId), eq(users.role, 'admin'))),
    );
    if (!person) throw validationFailed([{ path: 'breakGlassUserId', message: 'Please choose an admin of your company' }]);
  }
  if (next.requireSso) {
    if (!next.enabled) throw conflict('Turn single sign-on on before requiring it.');
    if (!next.breakGlassUserId) {
      throw validationFailed([{ path: 'breakGlassUserId', message: 'Choose the admin who may still sign in with a password if your identity provider is down' }]);
    }
  }
  await db.update(companySso).set(next).where(eq(companySso.companyId, admin.companyId));
  return found(await getSsoSettings(db, admin.companyId), 'Single sign-on');
}

/** DELETE /api/sso: the set-up, its domains and its people's links go; passwords work again. */
export async function removeSso(db: Db, companyId: string): Promise<void> {
  await transaction(db, async (tx) => {
    await tx.delete(ssoIdentities).where(eq(ssoIdentities.companyId, companyId));
    await tx.delete(ssoDomains).where(eq(ssoDomains.companyId, companyId));
    await tx.delete(companySso).where(eq(companySso.companyId, companyId));
  });
}

/** A successful test sign-in: recorded only if the connection is still the one tested. */
export async function markSsoTested(db: Db, companyId: string, fingerprint: string, now = new Date()): Promise<boolean> {
  const row = await findSsoRow(db, companyId);
  if (!row || connectionFingerprint(row) !== fingerprint) return false;
  await db.update(companySso).set({ testedAt: now.toISOString() }).where(eq(companySso.companyId, companyId));
  return true;
}

/** The enabled set-up covering this email's domain, if any (the email-first sign-in). */
export async function findSsoForEmail(db: Db, email: string): Promise<SsoRow | undefined> {
  const [row] = await db
    .select({ sso: companySso })
    .from(ssoDomains)
    .innerJoin(companySso, eq(companySso.companyId, ssoDomains.companyId))
    .where(and(eq(ssoDomains.domain, emailDomain(email)), eq(companySso.enabled, true)));
  return row?.sso;
}

/** Whether this company's SSO covers the domain. */
export async function coversDomain(db: Db, companyId: string, domain: string): Promise<boolean> {
  return Boolean(
    await first(
      db
        .select({ domain: ssoDomains.domain })
        .from(ssoDomains)
        .where(and(eq(ssoDomains.domain, domain), eq(ssoDomains.companyId, companyId))),
    ),
  );
}
