// Values the server keeps once for every instance (VAPID keys, the unsubscribe links' signing key):
// made by whichever instance asks first, then read by all of them from the database.
import { eq } from 'drizzle-orm';
import { first, type Db } from '../db/client.ts';
import { serverSettings } from '../db/schema.ts';

/**
 * The stored value of `key`, or `create()`'s, stored now. Two instances creating at once both end up
 * with the first one stored (the insert of the second is a no-op and it reads the winner back).
 */
export async function settingOrCreate(db: Db, key: string, create: () => string): Promise<string> {
  const stored = await first(db.select({ value: serverSettings.value }).from(serverSettings).where(eq(serverSettings.key, key)));
  if (stored) return stored.value;
  await db.insert(serverSettings).values({ key, value: create() }).onConflictDoNothing();
  const kept = await first(db.select({ value: serverSettings.value }).from(serverSettings).where(eq(serverSettings.key, key)));
  if (!kept) throw new Error(`server setting ${key} was not stored`);
  return kept.value;
}
