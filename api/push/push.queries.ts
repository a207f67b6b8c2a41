// A person's Web Push subscriptions: one row per browser endpoint, owned by whoever subscribed last
// on that device (a shared device that changes hands must not notify the previous person).
import { and, eq } from 'drizzle-orm';
import type { PushSubscriptionInput } from '../../shared/notifications.ts';
import { first, transaction, type Db } from '../db/client.ts';
import { pushSubscriptions } from '../db/schema.ts';
import type { CurrentUser } from '../lib/env.ts';

export type StoredPushSubscription = { id: string; endpoint: string; p256dh: string; auth: string };

/** Saves the browser's subscription for `user`; an endpoint someone else held moves to them. */
export function savePushSubscription(db: Db, user: CurrentUser, input: PushSubscriptionInput): Promise<{ created: boolean }> {
  const owner = { userId: user.id, companyId: user.companyId, p256dh: input.keys.p256dh, auth: input.keys.auth };
  return transaction(db, async (tx) => {
    const existing = await first(tx.select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, input.endpoint)));
    if (existing) {
      await tx.update(pushSubscriptions).set(owner).where(eq(pushSubscriptions.id, existing.id));
      return { created: false };
    }
    // Another request may have saved the same endpoint since the read: the unique endpoint decides.
    await tx
      .insert(pushSubscriptions)
      .values({ endpoint: input.endpoint, ...owner })
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: owner });
    return { created: true };
  });
}

/** Removes the caller's subscription at `endpoint`; someone else's stays. */
export async function deletePushSubscription(db: Db, userId: string, endpoint: string): Promise<void> {
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId)));
}

export function pushSubscriptionsOf(db: Db, userId: string): Promise<StoredPushSubscription[]> {
  return db
    .select({ id: pushSubscriptions.id, endpoint: pushSubscriptions.endpoint, p256dh: pushSubscriptions.p256dh, auth: pushSubscriptions.auth })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
}

export async function removePushSubscription(db: Db, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}
