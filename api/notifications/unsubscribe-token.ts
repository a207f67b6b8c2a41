// The token of every reminder mail's unsubscribe link: who and which kind, signed with a key only the
// server knows (HMAC-SHA256, kept in server_settings), so a link works without signing in yet nobody
// can make one for another person or another kind.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_KINDS, type NotificationKind } from '../../shared/notifications.ts';
import type { Db } from '../db/client.ts';
import { settingOrCreate } from '../lib/server-settings.ts';
import type { UnsubscribeLinks } from '../mail/render-mail.ts';

export type { UnsubscribeLinks };

const KEY_SETTING = 'unsubscribe_key';
/** The key never changes once stored, so each database's is read once per process. */
const keys = new WeakMap<Db, Promise<Buffer>>();

function signingKey(db: Db): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = settingOrCreate(db, KEY_SETTING, () => randomBytes(32).toString('base64url')).then((value) => Buffer.from(value, 'base64url'));
    // A failed read is not cached: the next link asks again.
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

const signature = (key: Buffer, subject: string) => createHmac('sha256', key).update(subject).digest();

export async function unsubscribeToken(db: Db, userId: string, kind: NotificationKind): Promise<string> {
  const subject = Buffer.from(`${userId}:${kind}`).toString('base64url');
  return `${subject}.${signature(await signingKey(db), subject).toString('base64url')}`;
}

/** Who and which kind a token speaks for, or null when it is garbled or its signature does not match. */
export async function readUnsubscribeToken(db: Db, token: string): Promise<{ userId: string; kind: NotificationKind } | null> {
  const [subject, signed, ...rest] = token.split('.');
  if (!subject || !signed || rest.length > 0) return null;
  const expected = signature(await signingKey(db), subject);
  const given = Buffer.from(signed, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const decoded = Buffer.from(subject, 'base64url').toString('utf8');
  const split = decoded.lastIndexOf(':');
  const userId = decoded.slice(0, split);
  const kind = NOTIFICATION_KINDS.find((known) => known === decoded.slice(split + 1));
  return split > 0 && kind ? { userId, kind } : null;
}

/** The links of one reminder mail: the app's page (a person clicks) and the one-click POST (RFC 8058). */
export async function unsubscribeLinks(db: Db, appUrl: string, userId: string, kind: NotificationKind): Promise<UnsubscribeLinks> {
  const token = encodeURIComponent(await unsubscribeToken(db, userId, kind));
  return { pageUrl: `${appUrl}/unsubscribe?token=${token}`, oneClickUrl: `${appUrl}/api/notifications/unsubscribe?token=${token}` };
}
