// Slowing password guessing without letting anyone lock the owner out (DESIGN.md section 5). Every
// place that checks a password someone typed (sign-in, a password change, deleting one's account)
// claims an attempt here first and reports a success after.
//
// - Per account and address: 10 attempts in a row, then a wait between attempts that doubles from
//   15 s to 5 minutes. An attacker failing from their own address slows only themselves there.
// - Per account, over every address it has not signed in from: the same after 30, against guessing
//   spread over many addresses. Addresses the account signed in (or reset its password) from in the
//   last 90 days skip it, so the owner at home or work is never held up by someone failing elsewhere,
//   and a person on a new network can always get through by resetting their password from there.
// - Per address over every account: signInFailuresPerAddress, a plain window (credential stuffing).
// Nothing is a lock: after each wait, the right password works.
import { and, eq, gt } from 'drizzle-orm';
import { type Db, first } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';
import { limits, tooManyRequests } from '../middleware/rate-limit.ts';
import { hashToken } from './tokens.ts';

const KNOWN_ADDRESS_MS = 90 * 24 * 60 * 60 * 1000;

/** The account and address in one key; hashed, so the table is not a log of where each person signs in from. */
const knownAddressKey = (account: string, address: string) => `known-address:${hashToken(`${account}\n${address}`)}`;

async function isKnownAddress(db: Db, account: string, address: string, now: number): Promise<boolean> {
  const row = await first(
    db
      .select({ key: rateLimits.key })
      .from(rateLimits)
      .where(and(eq(rateLimits.key, knownAddressKey(account, address)), gt(rateLimits.resetAt, now))),
  );
  return row !== undefined;
}

/** Counts one password attempt on the account from the address, or throws 429 with the wait. */
export async function claimPasswordAttempt(db: Db, account: string, address: string, now = Date.now()): Promise<void> {
  // The address's own delay first: while it waits, its refused requests do not add to the account's.
  const addressWait = await limits.passwordAttemptsPerAccountAddress.claim(db, `${account}|${address}`, now);
  if (addressWait > 0) throw tooManyRequests(addressWait);
  if (await isKnownAddress(db, account, address, now)) return;
  const accountWait = await limits.passwordAttemptsPerAccount.claim(db, account, now);
  if (accountWait > 0) throw tooManyRequests(accountWait);
}

/** The right password (or a reset link) from this address: its counts start again and it becomes known. */
export async function passwordAccepted(db: Db, account: string, address: string, now = Date.now()): Promise<void> {
  await limits.passwordAttemptsPerAccountAddress.clear(db, `${account}|${address}`);
  await limits.passwordAttemptsPerAccount.clear(db, account);
  const resetAt = now + KNOWN_ADDRESS_MS;
  await db
    .insert(rateLimits)
    .values({ key: knownAddressKey(account, address), count: 1, resetAt })
    .onConflictDoUpdate({ target: rateLimits.key, set: { resetAt } });
}
