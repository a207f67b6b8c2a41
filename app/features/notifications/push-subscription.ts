// Web Push on this device (issue #18): the browser's subscription, made with the server's VAPID key
// (GET /api/push/key) and stored for the signed-in person (POST/DELETE /api/push/subscriptions). The
// service worker (app/sw.ts) shows what arrives.
import type { PushSubscriptionInput } from '../../../shared/notifications.ts';
import { client, json } from '../../lib/typed-client.ts';

/**
 * unsupported: this browser has no Web Push (on iPhone and iPad only the app added to the Home Screen
 * has it); denied: the person blocked notifications for the site; on / off: this device gets them or not.
 */
export type PushState = 'unsupported' | 'denied' | 'on' | 'off';

export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** How long subscribing waits for the service worker (registered once the first page was idle). */
const SERVICE_WORKER_WAIT_MS = 10_000;

/** The service worker's registration once it is active; never there without a build (vite dev). */
async function activeRegistration(): Promise<ServiceWorkerRegistration> {
  let timer: number | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = window.setTimeout(() => reject(new Error('The app is still getting ready on this device. Please reload the page and try again.')), SERVICE_WORKER_WAIT_MS);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout]);
  } finally {
    window.clearTimeout(timer);
  }
}

/** What the switch shows now. */
export async function currentPushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  if (Notification.permission !== 'granted') return 'off';
  const registration = await navigator.serviceWorker.getRegistration('/');
  const subscription = await registration?.pushManager.getSubscription();
  return subscription ? 'on' : 'off';
}

/** The URL-safe base64 of a VAPID key as the bytes pushManager.subscribe takes. */
function keyBytes(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64Url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64Url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

function sameKey(subscription: PushSubscription, key: Uint8Array): boolean {
  const current = subscription.options.applicationServerKey;
  if (!current) return false;
  const bytes = new Uint8Array(current);
  return bytes.length === key.length && bytes.every((byte, index) => byte === key[index]);
}

function subscriptionInput(subscription: PushSubscription): PushSubscriptionInput {
  const { endpoint, keys } = subscription.toJSON();
  if (!endpoint || !keys?.p256dh || !keys.auth) throw new Error('The browser gave a push subscription without its keys.');
  return { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } };
}

/**
 * Asks for permission (a click must lead here: browsers ignore the request otherwise), subscribes this
 * device and stores the subscription for the signed-in person. Answers the state it ended in.
 */
export async function subscribeToPush(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'off';
  const [registration, { publicKey }] = await Promise.all([activeRegistration(), json(client.api.push.key.$get())]);
  const applicationServerKey = keyBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  // Made with another server key (the keys were replaced): the push service would refuse our pushes.
  if (subscription && !sameKey(subscription, applicationServerKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
  await json(client.api.push.subscriptions.$post({ json: subscriptionInput(subscription) }));
  return 'on';
}

/** Stops notifications on this device: forgotten by the server, then by the browser. */
export async function unsubscribeFromPush(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  const registration = await navigator.serviceWorker.getRegistration('/');
  const subscription = await registration?.pushManager.getSubscription();
  if (subscription) {
    await client.api.push.subscriptions.$delete({ json: { endpoint: subscription.endpoint } });
    await subscription.unsubscribe();
  }
  return 'off';
}
