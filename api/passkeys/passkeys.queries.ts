// Passkeys (issue 24): a person's WebAuthn credentials, listed, named and removed in their profile, and
// the lookups and counter update of a passkey sign-in. Every read is scoped to the person: another
// person's passkey is not found.
import { and, asc, count, eq } from 'drizzle-orm';
import type { PasskeyView } from '../../shared/passkeys.ts';
import { first, type Db } from '../db/client.ts';
import { passkeys, users } from '../db/schema.ts';
import { found } from '../lib/app-error.ts';

const viewColumns = {
  id: passkeys.id,
  name: passkeys.name,
  deviceType: passkeys.deviceType,
  backedUp: passkeys.backedUp,
  createdAt: passkeys.createdAt,
  lastUsedAt: passkeys.lastUsedAt,
};

function viewOf(row: { deviceType: string | null } & Omit<PasskeyView, 'deviceType'>): PasskeyView {
  const deviceType = row.deviceType === 'singleDevice' || row.deviceType === 'multiDevice' ? row.deviceType : null;
  return { ...row, deviceType };
}

/** The person's passkeys, oldest first (the order they were added). */
export async function listPasskeys(db: Db, userId: string): Promise<PasskeyView[]> {
  const rows = await db.select(viewColumns).from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt), asc(passkeys.id));
  return rows.map(viewOf);
}

export async function getPasskey(db: Db, userId: string, id: string): Promise<PasskeyView> {
  return viewOf(
    found(
      await first(
        db
          .select(viewColumns)
          .from(passkeys)
          .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId))),
      ),
      'Passkey',
    ),
  );
}

export async function countPasskeys(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return Number(row?.n ?? 0);
}

/** What a registration ceremony must not create again: the person's credentials, by id and transports. */
export async function credentialsOf(db: Db, userId: string): Promise<{ id: string; transports?: string[] }[]> {
  const rows = await db.select({ id: passkeys.credentialId, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userId, userId));
  return rows.map((row) => ({ id: row.id, ...(row.transports ? { transports: row.transports } : {}) }));
}

export type NewPasskey = {
  userId: string;
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[] | undefined;
  deviceType: string;
  backedUp: boolean;
  name: string;
};

export async function insertPasskey(db: Db, passkey: NewPasskey): Promise<PasskeyView> {
  const [row] = await db
    .insert(passkeys)
    .values({ ...passkey, transports: passkey.transports ?? null })
    .returning({ id: passkeys.id });
  return getPasskey(db, passkey.userId, found(row).id);
}

export async function renamePasskey(db: Db, userId: string, id: string, name: string): Promise<PasskeyView> {
  await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)));
  return getPasskey(db, userId, id);
}

/** Removes the person's passkey; another person's (or a made-up id) is not found. */
export async function removePasskey(db: Db, userId: string, id: string): Promise<void> {
  const removed = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  found(removed[0], 'Passkey');
}

/** The stored credential a sign-in answer names, whoever it belongs to (the signature decides). */
export async function findByCredentialId(db: Db, credentialId: string) {
  return first(db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId)));
}

/**
 * Records a verified use: the authenticator's new counter and when. Conditional on the counter the
 * verification compared against, so of two sign-ins with one authenticator at once only one moves it
 * (the other's counter was judged against a stale value). False when another request got there first.
 */
export async function recordPasskeyUse(db: Db, id: string, previousCounter: number, newCounter: number, now = new Date()): Promise<boolean> {
  const updated = await db
    .update(passkeys)
    .set({ counter: newCounter, lastUsedAt: now.toISOString() })
    .where(and(eq(passkeys.id, id), eq(passkeys.counter, previousCounter)))
    .returning({ id: passkeys.id });
  return updated.length > 0;
}

/** A passkey's person, as the sign-in rules need them (their company and role). */
export async function ownerOf(db: Db, userId: string) {
  return first(db.select({ id: users.id, companyId: users.companyId, role: users.role }).from(users).where(eq(users.id, userId)));
}
