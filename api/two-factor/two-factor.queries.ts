// Two-factor records: a person's sealed TOTP secret, their hashed recovery codes, the last time step a
// code was used in, and the company's "require a second factor" rule.
import { randomBytes, createHash } from 'node:crypto';
import { and, count, eq, exists, inArray, isNull, sql } from 'drizzle-orm';
import { RECOVERY_CODE_COUNT, SECOND_FACTOR_ROLES, TOTP, TOTP_WINDOW } from '../../shared/two-factor.ts';
import { type Db, first, transaction, type Tx } from '../db/client.ts';
import { companies, passkeys, rateLimits, recoveryCodes, users } from '../db/schema.ts';

/** 32 letters and digits without the look-alikes l, o, 0 and 1: 5 bits a character, 60 bits a code. */
const RECOVERY_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => [...randomBytes(12)].map((byte) => RECOVERY_ALPHABET[byte & 31]).join(''));
}

/**
 * A recovery code's stored form: SHA-256 over the person's id and the code, so one table of
 * precomputed hashes cannot serve every person. 60 random bits make a stolen hash slow to reverse; the
 * rate limit makes guessing online hopeless.
 */
export const recoveryCodeHash = (userId: string, code: string) => createHash('sha256').update(`${userId}:${code}`).digest('hex');

export async function findTotp(db: Db, userId: string) {
  return first(db.select({ secret: users.totpSecret, enabledAt: users.totpEnabledAt }).from(users).where(eq(users.id, userId)));
}

async function replaceRecoveryCodes(tx: Tx, userId: string, codes: string[]): Promise<void> {
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: recoveryCodeHash(userId, code) })));
}

/** Turns TOTP on with the sealed secret and fresh recovery codes; false when it was on already (a second tab). */
export async function enableTotp(db: Db, userId: string, sealedSecret: string, codes: string[], now = new Date()): Promise<boolean> {
  return transaction(db, async (tx) => {
    const enabled = await tx
      .update(users)
      .set({ totpSecret: sealedSecret, totpEnabledAt: now.toISOString() })
      .where(and(eq(users.id, userId), isNull(users.totpSecret)))
      .returning({ id: users.id });
    if (enabled.length === 0) return false;
    await replaceRecoveryCodes(tx, userId, codes);
    return true;
  });
}

export async function disableTotp(db: Db, userId: string): Promise<void> {
  await transaction(db, async (tx) => {
    await tx.update(users).set({ totpSecret: null, totpEnabledAt: null }).where(eq(users.id, userId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.delete(rateLimits).where(eq(rateLimits.key, lastStepKey(userId)));
  });
}

export async function regenerateRecoveryCodes(db: Db, userId: string, codes: string[]): Promise<void> {
  await transaction(db, (tx) => replaceRecoveryCodes(tx, userId, codes));
}

/** Marks the code used; true only for the one request that found it unused. */
export async function spendRecoveryCode(db: Db, userId: string, code: string, now = new Date()): Promise<boolean> {
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: now.toISOString() })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, recoveryCodeHash(userId, code)), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return used.length > 0;
}

export async function recoveryCodesLeft(db: Db, userId: string): Promise<number> {
  const row = await first(
    db
      .select({ n: count() })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt))),
  );
  return Number(row?.n ?? 0);
}

/**
 * The last time step a person's code was accepted in, kept as a row of `rate_limits` (count = the step)
 * that lives until no code of that step is accepted any more; the hourly sweep then removes it.
 */
const lastStepKey = (userId: string) => `totp-last-step:${userId}`;

/**
 * Claims the step for the person: true when it is later than the last step a code of theirs was used
 * in, so a code seen over someone's shoulder (or replayed) fails in its step. One conditional upsert:
 * of two requests with one code, one wins.
 */
export async function claimTotpStep(db: Db, userId: string, step: number): Promise<boolean> {
  const forgetAt = (step + TOTP_WINDOW + 2) * TOTP.periodSeconds * 1000;
  const claimed = await db
    .insert(rateLimits)
    .values({ key: lastStepKey(userId), count: step, resetAt: forgetAt })
    .onConflictDoUpdate({ target: rateLimits.key, set: { count: step, resetAt: forgetAt }, setWhere: sql`${rateLimits.count} < ${step}` })
    .returning({ key: rateLimits.key });
  return claimed.length > 0;
}

export async function hasPasskey(db: Db, userId: string): Promise<boolean> {
  return (await first(db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, userId)).limit(1))) !== undefined;
}

export async function companyRequiresSecondFactor(db: Db, companyId: string): Promise<boolean> {
  const row = await first(db.select({ required: companies.requireSecondFactor }).from(companies).where(eq(companies.id, companyId)));
  return row?.required ?? false;
}

/** The company's rule, and how many of its admins and managers have no second factor yet. */
export async function getCompanySecondFactor(db: Db, companyId: string) {
  const required = await companyRequiresSecondFactor(db, companyId);
  const staff = and(eq(users.companyId, companyId), inArray(users.role, [...SECOND_FACTOR_ROLES]));
  const [all, without] = await Promise.all([
    first(db.select({ n: count() }).from(users).where(staff)),
    first(
      db
        .select({ n: count() })
        .from(users)
        .where(
          and(
            staff,
            isNull(users.totpSecret),
            sql`not ${exists(
              db
                .select({ one: sql`1` })
                .from(passkeys)
                .where(eq(passkeys.userId, users.id)),
            )}`,
          ),
        ),
    ),
  ]);
  return { required, adminsAndManagers: Number(all?.n ?? 0), withoutSecondFactor: Number(without?.n ?? 0) };
}

export async function setCompanyRequiresSecondFactor(db: Db, companyId: string, required: boolean): Promise<void> {
  await db.update(companies).set({ requireSecondFactor: required }).where(eq(companies.id, companyId));
}
