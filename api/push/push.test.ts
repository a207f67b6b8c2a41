// Web Push (issue #18): a push reaches a local push service encrypted for the browser and signed with
// the server's VAPID key; a 404/410 removes the subscription; the routes; the "replied" push.
import { and, eq } from 'drizzle-orm';
import webPush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '../../shared/messages.ts';
import type { PushPayload } from '../../shared/notifications.ts';
import { loadConfig } from '../config.ts';
import { onboardingPlans, outbox, pushSubscriptions, serverSettings } from '../db/schema.ts';
import { deliverOutbox, settleBackgroundDeliveries } from '../mail/outbox.ts';
import { setPreference } from '../notifications/preferences.queries.ts';
import { createTestContext } from '../test/harness.ts';
import { enqueueMessagePush } from './message-push.ts';
import { PUSH_TTL_SECONDS, sendPushToUser } from './push-sender.ts';
import { startTestPushService, testBrowser, verifiedVapidClaims } from './test-push-service.ts';
import { vapidKeys } from './vapid-keys.ts';

const ctx = await createTestContext();
const { db, config } = ctx;
const service = await startTestPushService();
afterAll(() => service.close());

const acme = await ctx.createCompany('Acme');
const rival = await ctx.createCompany('Rival');
const [plan] = await db
  .insert(onboardingPlans)
  .values({ companyId: acme.company.id, newHireId: acme.newHire.id, managerId: acme.manager.id, createdBy: acme.admin.id, startDate: '2026-01-05' })
  .returning();
if (!plan) throw new Error('plan not inserted');

const payload: PushPayload = { title: 'Your manager replied', body: 'Welcome aboard!', url: '/new-hire-dashboard', tag: 'messages-1' };

/** Stores a subscription of `userId` at a fresh path of the local push service; returns its browser. */
async function subscribe(userId: string, companyId: string) {
  const browser = testBrowser();
  const endpoint = `${service.origin}/push/${crypto.randomUUID()}`;
  await db.insert(pushSubscriptions).values({ userId, companyId, endpoint, ...browser.keys });
  return { browser, endpoint };
}

const subscriptionsAt = (endpoint: string) => db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
const send = (userId: string) => sendPushToUser(db, config, userId, payload, { agent: service.agent });

describe('sendPushToUser', () => {
  it('delivers the payload encrypted for the browser (aes128gcm) and signed with the VAPID key', async () => {
    service.respondWith(201);
    const { browser, endpoint } = await subscribe(acme.admin.id, acme.company.id);
    const before = service.received.length;

    expect(await send(acme.admin.id)).toEqual({ delivered: 1, removed: 0 });

    const push = service.received.slice(before).find((request) => endpoint.endsWith(request.path));
    if (!push) throw new Error('the push service received nothing');
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(push.headers.ttl).toBe(String(PUSH_TTL_SECONDS));
    const { publicKey } = await vapidKeys(db, config);
    const claims = verifiedVapidClaims(String(push.headers.authorization), publicKey);
    expect(claims.aud).toBe(service.origin);
    expect(claims.sub).toBe(config.push.subject);
    expect(claims.exp).toBeGreaterThan(Date.now() / 1000);
    expect(JSON.parse(browser.decrypt(push.body))).toEqual(payload);
    expect(push.body.includes(Buffer.from('Welcome aboard'))).toBe(false);
  });

  it('fails the signature check with another key, and the decryption with another browser', async () => {
    const { endpoint } = await subscribe(acme.admin.id, acme.company.id);
    await send(acme.admin.id);
    const push = service.received.find((request) => endpoint.endsWith(request.path));
    if (!push) throw new Error('the push service received nothing');
    expect(() => verifiedVapidClaims(String(push.headers.authorization), webPush.generateVAPIDKeys().publicKey)).toThrow('signed with another key');
    expect(() => testBrowser().decrypt(push.body)).toThrow();
  });

  it('reaches every device of the person, and nobody else’s', async () => {
    service.respondWith(201);
    const person = await ctx.createCompany('Devices');
    const phone = await subscribe(person.newHire.id, person.company.id);
    const laptop = await subscribe(person.newHire.id, person.company.id);
    const colleague = await subscribe(person.manager.id, person.company.id);
    const before = service.received.length;

    expect(await send(person.newHire.id)).toEqual({ delivered: 2, removed: 0 });
    const paths = service.received.slice(before).map((request) => request.path);
    expect(paths.sort()).toEqual([new URL(phone.endpoint).pathname, new URL(laptop.endpoint).pathname].sort());
    expect(paths).not.toContain(new URL(colleague.endpoint).pathname);
  });

  it('sends nothing, and does not fail, to a person without devices', async () => {
    expect(await send(rival.newHire.id)).toEqual({ delivered: 0, removed: 0 });
  });

  it.each([410, 404])('removes a subscription the push service answers %i to', async (status) => {
    const person = await ctx.createCompany(`Gone ${status}`);
    const { endpoint } = await subscribe(person.newHire.id, person.company.id);
    service.respondWith(status);
    try {
      expect(await send(person.newHire.id)).toEqual({ delivered: 0, removed: 1 });
    } finally {
      service.respondWith(201);
    }
    expect(await subscriptionsAt(endpoint)).toEqual([]);
  });

  it('throws on any other failure and keeps the subscription, so the outbox retries', async () => {
    const person = await ctx.createCompany('Flaky');
    const { endpoint } = await subscribe(person.newHire.id, person.company.id);
    service.respondWith(500);
    try {
      await expect(send(person.newHire.id)).rejects.toThrow(`Push service ${service.origin} answered 500`);
    } finally {
      service.respondWith(201);
    }
    expect(await subscriptionsAt(endpoint)).toHaveLength(1);
  });
});

describe('VAPID keys', () => {
  it('are generated once and then shared by every call on the same database', async () => {
    const fresh = await createTestContext();
    const [first, second] = await Promise.all([vapidKeys(fresh.db, fresh.config), vapidKeys(fresh.db, fresh.config)]);
    expect(second).toEqual(first);
    expect(await vapidKeys(fresh.db, fresh.config)).toEqual(first);
    expect(first?.publicKey).toMatch(/^[\w-]{87}$/);
    expect(await fresh.db.select().from(serverSettings).where(eq(serverSettings.key, 'vapid_keys'))).toHaveLength(1);
  });

  it('come from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when both are set, and nothing is stored', async () => {
    const pair = webPush.generateVAPIDKeys();
    const configured = await createTestContext({ VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey, VAPID_SUBJECT: 'https://kickoff.example' });
    expect(await vapidKeys(configured.db, configured.config)).toEqual(pair);
    expect(configured.config.push.subject).toBe('https://kickoff.example');
    expect(await configured.db.select().from(serverSettings).where(eq(serverSettings.key, 'vapid_keys'))).toEqual([]);
  });

  it('are refused in the configuration unless both are set, and well formed', () => {
    const pair = webPush.generateVAPIDKeys();
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: pair.publicKey })).toThrow('set both or neither');
    expect(() => loadConfig({ VAPID_PRIVATE_KEY: pair.privateKey })).toThrow('set both or neither');
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: pair.privateKey })).toThrow('VAPID_PUBLIC_KEY');
    expect(() => loadConfig({ VAPID_SUBJECT: 'http://insecure.example' })).toThrow('VAPID_SUBJECT');
    expect(loadConfig({ SUPPORT_EMAIL: 'help@kickoff.example' }).push).toEqual({ vapidKeys: undefined, subject: 'mailto:help@kickoff.example' });
  });
});

describe('push routes', () => {
  // Their endpoints are not the local service's: nobody else in this file pushes to them.
  let subscriber: Awaited<ReturnType<typeof ctx.createCompany>>;
  beforeAll(async () => {
    subscriber = await ctx.createCompany('Subscriber');
  });
  const browserSubscription = () => ({ endpoint: `https://push.example.test/${crypto.randomUUID()}`, keys: testBrowser().keys });
  const post = (cookie: string | undefined, body: unknown) => ctx.request('/api/push/subscriptions', { method: 'POST', cookie, body });
  const remove = (cookie: string | undefined, endpoint: string) => ctx.request('/api/push/subscriptions', { method: 'DELETE', cookie, body: { endpoint } });

  it('answers the public key to a signed-in person only', async () => {
    expect((await ctx.request('/api/push/key')).status).toBe(401);
    const res = await ctx.request('/api/push/key', { cookie: subscriber.cookies.newHire });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ publicKey: (await vapidKeys(db, config)).publicKey });
  });

  it('subscribes (201), and subscribing the same endpoint again updates it (200)', async () => {
    const subscription = browserSubscription();
    expect((await post(subscriber.cookies.newHire, subscription)).status).toBe(201);
    const renewed = { ...subscription, keys: testBrowser().keys };
    expect((await post(subscriber.cookies.newHire, renewed)).status).toBe(200);
    expect(await subscriptionsAt(subscription.endpoint)).toMatchObject([
      { userId: subscriber.newHire.id, companyId: subscriber.company.id, p256dh: renewed.keys.p256dh, auth: renewed.keys.auth },
    ]);
  });

  it('moves an endpoint to whoever subscribes with it next (a shared device)', async () => {
    const subscription = browserSubscription();
    await post(subscriber.cookies.newHire, subscription);
    expect((await post(rival.cookies.manager, subscription)).status).toBe(200);
    expect(await subscriptionsAt(subscription.endpoint)).toMatchObject([{ userId: rival.manager.id, companyId: rival.company.id }]);
  });

  it('refuses an endpoint that is not https, and malformed keys', async () => {
    expect((await post(subscriber.cookies.newHire, { ...browserSubscription(), endpoint: 'http://push.example.test/x' })).status).toBe(400);
    expect((await post(subscriber.cookies.newHire, { ...browserSubscription(), keys: { p256dh: 'not a key!', auth: 'x' } })).status).toBe(400);
  });

  it('unsubscribes only the caller’s own subscription', async () => {
    const subscription = browserSubscription();
    await post(subscriber.cookies.newHire, subscription);
    expect((await remove(subscriber.cookies.manager, subscription.endpoint)).status).toBe(204);
    expect(await subscriptionsAt(subscription.endpoint)).toHaveLength(1);
    expect((await remove(subscriber.cookies.newHire, subscription.endpoint)).status).toBe(204);
    expect(await subscriptionsAt(subscription.endpoint)).toEqual([]);
  });

  it('answers 401 to every route when signed out', async () => {
    const subscription = browserSubscription();
    expect((await post(undefined, subscription)).status).toBe(401);
    expect((await remove(undefined, subscription.endpoint)).status).toBe(401);
    expect(await subscriptionsAt(subscription.endpoint)).toEqual([]);
  });
});

describe('the "replied" push', () => {
  const sendMessage = async (cookie: string, content: string) => {
    const res = await ctx.request('/api/messages', { method: 'POST', cookie, body: { planId: plan.id, content } });
    expect(res.status).toBe(201);
    await settleBackgroundDeliveries();
    return res.body as Message;
  };
  const pushesFor = (userId: string) =>
    db
      .select()
      .from(outbox)
      .where(and(eq(outbox.channel, 'push'), eq(outbox.userId, userId)));
  const pushOf = async (message: Message) =>
    (
      await db
        .select()
        .from(outbox)
        .where(eq(outbox.dedupeKey, `message-push:${message.id}`))
    )[0];

  it('queues one push for the new hire when their manager writes, and delivers it', async () => {
    const { browser, endpoint } = await subscribe(acme.newHire.id, acme.company.id);
    const message = await sendMessage(acme.cookies.manager, 'Welcome! Your laptop is ready at the front desk.');

    const row = await pushOf(message);
    expect(row).toMatchObject({ kind: 'unread_messages', userId: acme.newHire.id, companyId: acme.company.id, recipient: null });
    expect(JSON.parse(row?.payload ?? '{}')).toEqual({
      title: 'Your manager replied',
      body: 'Welcome! Your laptop is ready at the front desk.',
      url: '/new-hire-dashboard',
      tag: `messages-${plan.id}`,
    });

    // Sent at once it failed (the server does not trust the test service's certificate); the outbox retries.
    expect(row?.status).toBe('pending');
    const retried = await deliverOutbox({
      db,
      mailer: { send: async () => undefined },
      config,
      now: new Date(Date.now() + 60 * 60_000),
      ids: [row?.id ?? ''],
      sendPush: (pushDb, pushConfig, userId, pushPayload) => sendPushToUser(pushDb, pushConfig, userId, pushPayload, { agent: service.agent }),
    });
    expect(retried).toEqual({ sent: 1, failed: 0, retrying: 0 });
    const push = service.received.find((request) => endpoint.endsWith(request.path));
    if (!push) throw new Error('the push service received nothing');
    expect(JSON.parse(browser.decrypt(push.body))).toMatchObject({ title: 'Your manager replied', url: '/new-hire-dashboard' });
  });

  it('names the sender and opens the staff dashboard (its View Messages), with the first 120 characters', async () => {
    const long = `${'Question about the VPN setup. '.repeat(6)}Thanks!`;
    const message = await sendMessage(acme.cookies.newHire, long);
    const payloadSent = JSON.parse((await pushOf(message))?.payload ?? '{}') as PushPayload;
    expect(payloadSent.title).toBe('Acme sent you a message');
    expect(payloadSent.url).toBe('/manager-dashboard');
    expect(Array.from(payloadSent.body)).toHaveLength(120);
    expect(payloadSent.body.endsWith('…')).toBe(true);
    expect(long.startsWith(payloadSent.body.slice(0, -1))).toBe(true);
  });

  it('queues the push of a message written offline when the sync push delivers it, once however often it is replayed', async () => {
    const id = crypto.randomUUID();
    const batch = {
      clientId: crypto.randomUUID(),
      mutations: [{ id: 1, name: 'message.send', args: { id, planId: plan.id, content: 'Written on the train', createdAt: new Date().toISOString() } }],
    };
    for (let attempt = 0; attempt < 2; attempt += 1) {
      expect((await ctx.request('/api/sync/push', { method: 'POST', cookie: acme.cookies.newHire, body: batch })).status).toBe(200);
      await settleBackgroundDeliveries();
    }
    const pushes = await db
      .select()
      .from(outbox)
      .where(eq(outbox.dedupeKey, `message-push:${id}`));
    expect(pushes).toHaveLength(1);
    expect(pushes[0]).toMatchObject({ kind: 'unread_messages', userId: acme.manager.id });
    expect(JSON.parse(pushes[0]?.payload ?? '{}')).toMatchObject({ body: 'Written on the train', url: '/manager-dashboard' });
  });

  it('queues nothing for a receiver who turned unread messages off, and once per message', async () => {
    await setPreference(db, { id: acme.manager.id, companyId: acme.company.id }, 'unread_messages', false);
    const before = (await pushesFor(acme.manager.id)).length;
    const message = await sendMessage(acme.cookies.newHire, 'Are you there?');
    expect(await pushesFor(acme.manager.id)).toHaveLength(before);
    await setPreference(db, { id: acme.manager.id, companyId: acme.company.id }, 'unread_messages', true);

    const again = await sendMessage(acme.cookies.newHire, 'Second try');
    expect(await pushesFor(acme.manager.id)).toHaveLength(before + 1);
    expect(await enqueueMessagePush(db, again)).toBeNull();
    expect(await pushOf(message)).toBeUndefined();
  });
});
