// Single-use, expiring tokens for password reset and invitations (stored hashed in auth_tokens).
import { and, eq, isNull } from 'drizzle-orm';
import { type Db, first, transaction } from '../db/client.ts';
import { authTokens } from '../db/schema.ts';
import { hashToken, newToken } from './tokens.ts';

export type TokenPurpose = 'reset' | 'invite';
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const INVITE_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Issues a fresh token and voids any earlier unused one of the same purpose for this user. */
export async function issueToken(db: Db, userId: string, purpose: TokenPurpose, ttlMs: number, now = Date.now()): Promise<string> {
  const { token, tokenHash } = newToken();
  await transaction(db, async (tx) => {
    await tx
      .update(authTokens)
      .set({ usedAt: new Date(now).toISOString() })
      .where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt)));
    await tx.insert(authTokens).values({ userId, purpose, tokenHash, expiresAt: new Date(now + ttlMs).toISOString() });
  });
  return token;
}

/** The token's row while it can still be used (known, unused, unexpired), without using it. */
export async function findUsableToken(db: Db, token: string, now = Date.now()) {
  const row = await first(
    db
      .select()
      .from(authTokens)
      .where(eq(authTokens.tokenHash, hashToken(token))),
  );
  return row && !row.usedAt && Date.parse(row.expiresAt) > now ? row : undefined;
}

/** Marks the token used and returns its user and purpose, or null when unknown, used or expired. */
export async function consumeToken(db: Db, token: string, now = Date.now()): Promise<{ userId: string; purpose: TokenPurpose } | null> {
  const row = await findUsableToken(db, token, now);
  if (!row) return null;
  // Only the request whose update claims the row wins (two instances may see the same token at once).
  const claimed = await db
    .update(authTokens)
    .set({ usedAt: new Date(now).toISOString() })
    .where(and(eq(authTokens.id, row.id), isNull(authTokens.usedAt)))
    .returning({ id: authTokens.id });
  return claimed.length === 1 ? { userId: row.userId, purpose: row.purpose } : null;
}
