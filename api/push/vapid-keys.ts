// The server's VAPID key pair (RFC 8292): push services check that every push to a subscription is
// signed by the key the browser subscribed with, so every instance must use the same pair.
import webPush from 'web-push';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { settingOrCreate } from '../lib/server-settings.ts';

export type VapidKeys = { publicKey: string; privateKey: string };

const VAPID_SETTING = 'vapid_keys';

/**
 * VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when set, else the pair the first instance to ask generated and
 * stored in server_settings. Changing the pair orphans every subscription: browsers must subscribe again.
 */
export async function vapidKeys(db: Db, config: Config): Promise<VapidKeys> {
  if (config.push.vapidKeys) return config.push.vapidKeys;
  const stored = await settingOrCreate(db, VAPID_SETTING, () => {
    const { publicKey, privateKey } = webPush.generateVAPIDKeys();
    return JSON.stringify({ publicKey, privateKey } satisfies VapidKeys);
  });
  return JSON.parse(stored) as VapidKeys;
}
