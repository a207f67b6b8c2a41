// Sends one notification to every device a person subscribed (web-push encrypts it for each browser,
// RFC 8291, and signs the request with the server's VAPID key, RFC 8292).
import type { Agent } from 'node:https';
import webPush from 'web-push';
import type { PushPayload } from '../../shared/notifications.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { pushSubscriptionsOf, removePushSubscription } from './push.queries.ts';
import { vapidKeys } from './vapid-keys.ts';

/** How long a push service keeps a notification for a device that is offline. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** A push service that has not answered by then counts as failed (the outbox retries). */
const PUSH_TIMEOUT_MS = 10_000;

/** The push service's TLS agent: tests trust their local push service through it. */
export type PushTransport = { agent?: Agent };

/**
 * Pushes `payload` to each of the user's subscriptions. A subscription the push service says is gone
 * (404, 410) is removed; any other failure throws after the others were tried, so the outbox retries
 * (a device that got it already shows the retry in place of the first: notifications share a `tag`).
 */
export async function sendPushToUser(db: Db, config: Config, userId: string, payload: PushPayload, transport: PushTransport = {}): Promise<{ delivered: number; removed: number }> {
  const subscriptions = await pushSubscriptionsOf(db, userId);
  if (subscriptions.length === 0) return { delivered: 0, removed: 0 };
  const keys = await vapidKeys(db, config);
  const body = JSON.stringify(payload);
  const options = {
    vapidDetails: { subject: config.push.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
    TTL: PUSH_TTL_SECONDS,
    timeout: PUSH_TIMEOUT_MS,
    ...(transport.agent ? { agent: transport.agent } : {}),
  };
  const results = await Promise.allSettled(
    subscriptions.map((subscription) =>
      webPush.sendNotification({ endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } }, body, options),
    ),
  );

  let delivered = 0;
  let removed = 0;
  const failures: Error[] = [];
  for (const [index, result] of results.entries()) {
    const subscription = subscriptions[index];
    if (!subscription) continue;
    if (result.status === 'fulfilled') {
      delivered += 1;
    } else if (isGone(result.reason)) {
      await removePushSubscription(db, subscription.id);
      removed += 1;
    } else {
      failures.push(describeFailure(subscription.endpoint, result.reason));
    }
  }
  if (failures.length > 0) throw failures.length === 1 ? failures[0] : new AggregateError(failures, failures.map((failure) => failure.message).join('; '));
  return { delivered, removed };
}

/** The subscription expired or was revoked: the push service will never take it again. */
function isGone(error: unknown): boolean {
  return error instanceof webPush.WebPushError && (error.statusCode === 404 || error.statusCode === 410);
}

function describeFailure(endpoint: string, error: unknown): Error {
  const service = new URL(endpoint).origin;
  if (error instanceof webPush.WebPushError) return new Error(`Push service ${service} answered ${error.statusCode}: ${error.body.slice(0, 200)}`, { cause: error });
  return new Error(`Push service ${service} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
}
