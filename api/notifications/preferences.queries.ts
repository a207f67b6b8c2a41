// Which kinds of notification each person turned off (shared/notifications.ts): every kind is on
// until its row exists here. Every sender of a kind asks `optedOut` before it enqueues.
import { and, eq, inArray } from 'drizzle-orm';
import { NOTIFICATION_KINDS, type NotificationKind, type NotificationPreferences } from '../../shared/notifications.ts';
import { type Db, transaction, type Tx } from '../db/client.ts';
import { notificationOptOuts } from '../db/schema.ts';

export async function preferencesOf(db: Db | Tx, userId: string): Promise<NotificationPreferences> {
  const off = await db.select({ kind: notificationOptOuts.kind }).from(notificationOptOuts).where(eq(notificationOptOuts.userId, userId));
  const offKinds = new Set(off.map((row) => row.kind));
  return Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, !offKinds.has(kind)])) as NotificationPreferences;
}

/** Turns one kind on or off; turning off twice (a second unsubscribe click) changes nothing. */
export async function setPreference(db: Db | Tx, person: { id: string; companyId: string }, kind: NotificationKind, enabled: boolean): Promise<void> {
  if (enabled) {
    await db.delete(notificationOptOuts).where(and(eq(notificationOptOuts.userId, person.id), eq(notificationOptOuts.kind, kind)));
  } else {
    await db.insert(notificationOptOuts).values({ userId: person.id, companyId: person.companyId, kind }).onConflictDoNothing();
  }
}

/** Of `userIds`, those who turned `kind` off. */
export async function optedOut(db: Db | Tx, kind: NotificationKind, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: notificationOptOuts.userId })
    .from(notificationOptOuts)
    .where(and(eq(notificationOptOuts.kind, kind), inArray(notificationOptOuts.userId, [...userIds])));
  return new Set(rows.map((row) => row.userId));
}

/** PUT /api/notifications/preferences: every kind at once, in one transaction. */
export async function savePreferences(db: Db, person: { id: string; companyId: string }, preferences: NotificationPreferences): Promise<NotificationPreferences> {
  return transaction(db, async (tx) => {
    for (const kind of NOTIFICATION_KINDS) await setPreference(tx, person, kind, preferences[kind]);
    return preferencesOf(tx, person.id);
  });
}
