// API keys (issue 21): an admin's keys of their company, made, listed and revoked; and the lookup that
// turns a presented key into the person it acts as (api-key-auth.ts).
import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { API_KEY_PREFIX, API_KEY_SHOWN_CHARS, type ApiKeyScope, type ApiKeyView, type CreatedApiKey, type CreateApiKeyInput } from '../../shared/api-keys.ts';
import { displayName } from '../../shared/auth.ts';
import { hashToken } from '../auth/tokens.ts';
import { first, type Db } from '../db/client.ts';
import { preparedFor } from '../db/prepared.ts';
import { apiKeys, users } from '../db/schema.ts';
import { found } from '../lib/app-error.ts';
import type { CurrentUser } from '../lib/env.ts';

/** `lastUsedAt` is written at most this often per key, so a busy key's reads stay reads. */
export const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * What the table keeps of a key: its SHA-256, hex. A fast hash is right here (unlike passwords, which get
 * Argon2id): the key is 256 random bits, so there is nothing to guess or precompute, and a slow hash would
 * only cost every request. A leaked table or backup hands out no working key.
 */
export const apiKeyHash = (key: string): string => hashToken(key);

/** A new key: `kk_` and 32 random bytes in base64url. */
export function newApiKey(): string {
  return API_KEY_PREFIX + randomBytes(32).toString('base64url');
}

const viewColumns = {
  id: apiKeys.id,
  name: apiKeys.name,
  scope: apiKeys.scope,
  prefix: apiKeys.prefix,
  createdAt: apiKeys.createdAt,
  lastUsedAt: apiKeys.lastUsedAt,
  revokedAt: apiKeys.revokedAt,
  creatorId: users.id,
  creatorName: users.fullName,
  creatorEmail: users.email,
};

function selectViews(db: Db) {
  return db.select(viewColumns).from(apiKeys).innerJoin(users, eq(users.id, apiKeys.createdBy));
}
type ViewRow = Awaited<ReturnType<typeof selectViews>>[number];

function viewOf({ creatorId, creatorName, creatorEmail, ...key }: ViewRow): ApiKeyView {
  return { ...key, createdBy: { id: creatorId, name: displayName({ fullName: creatorName, email: creatorEmail }) } };
}

/** GET /api/api-keys: the company's keys, newest first, revoked ones included (they say when). */
export async function listApiKeys(db: Db, companyId: string): Promise<ApiKeyView[]> {
  const rows = await selectViews(db).where(eq(apiKeys.companyId, companyId)).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(viewOf);
}

async function getApiKey(db: Db, companyId: string, id: string): Promise<ApiKeyView> {
  return viewOf(found(await first(selectViews(db).where(and(eq(apiKeys.id, id), eq(apiKeys.companyId, companyId)))), 'API key'));
}

/** POST /api/api-keys: the key is in the answer this once; the table keeps its hash and first characters. */
export async function createApiKey(db: Db, admin: CurrentUser, input: CreateApiKeyInput): Promise<CreatedApiKey> {
  const key = newApiKey();
  const [row] = await db
    .insert(apiKeys)
    .values({ companyId: admin.companyId, createdBy: admin.id, name: input.name, scope: input.scope, prefix: key.slice(0, API_KEY_SHOWN_CHARS), keyHash: apiKeyHash(key) })
    .returning({ id: apiKeys.id });
  return { ...(await getApiKey(db, admin.companyId, found(row).id)), key };
}

/**
 * DELETE /api/api-keys/:id: the key stops working at once (its next request is a 401). Revoking a revoked
 * key keeps the first time. Another company's key is not found.
 */
export async function revokeApiKey(db: Db, companyId: string, id: string, now = new Date()): Promise<ApiKeyView> {
  await db
    .update(apiKeys)
    .set({ revokedAt: now.toISOString() })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.companyId, companyId), isNull(apiKeys.revokedAt)));
  return getApiKey(db, companyId, id);
}

export type KeyCaller = { key: { id: string; scope: ApiKeyScope; revokedAt: string | null; lastUsedAt: string | null }; user: CurrentUser };

// Prepared once per connection: this lookup runs on every request that carries a key.
const statements = preparedFor((db) => ({
  byHash: db
    .select({
      key: { id: apiKeys.id, scope: apiKeys.scope, companyId: apiKeys.companyId, revokedAt: apiKeys.revokedAt, lastUsedAt: apiKeys.lastUsedAt },
      user: { id: users.id, email: users.email, role: users.role, companyId: users.companyId, fullName: users.fullName, managerId: users.managerId },
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.createdBy))
    .where(eq(apiKeys.keyHash, sql.placeholder('keyHash')))
    .prepare('apiKeys.byHash'),
}));

/** The key with this hash and the person who made it, or undefined for a key nobody made. */
export async function findKeyCaller(db: Db, keyHash: string): Promise<(KeyCaller & { keyCompanyId: string }) | undefined> {
  const [row] = await statements(db).byHash.execute({ keyHash });
  if (!row) return undefined;
  const { companyId: keyCompanyId, ...key } = row.key;
  return { key, user: row.user, keyCompanyId };
}

/** Stamps the key as used, unless it was within the last LAST_USED_RESOLUTION_MS (then nothing is written). */
export async function touchApiKey(db: Db, id: string, lastUsedAt: string | null, now = new Date()): Promise<void> {
  const since = new Date(now.getTime() - LAST_USED_RESOLUTION_MS).toISOString();
  if (lastUsedAt !== null && lastUsedAt > since) return;
  await db
    .update(apiKeys)
    .set({ lastUsedAt: now.toISOString() })
    .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, since))));
}
