// Webhooks end to end (issue 21): a receiver on 127.0.0.1 gets every event, signed so the Standard
// Webhooks library verifies it; retries, failure after a day, the endpoint turned off and its admins
// mailed; resend; the log; chat payloads; SSRF refusals at save and at delivery; sync ticks fire once.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENTS, type WebhookDeliveryPage, type WebhookEndpointView, type WebhookPayload } from '../../shared/webhooks.ts';
import { loadConfig } from '../config.ts';
import { outbox, webhookDeliveries, webhookEndpoints } from '../db/schema.ts';
import { insertTemplate } from '../onboarding/test-fixtures.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { isPublicAddress } from './address-guard.ts';
import { deliverWebhooks, WEBHOOK_RETRY_FOR_MS } from './delivery.ts';
import { enqueueWebhookEvent } from './webhook-events.ts';
import { newWebhookSecret } from './webhooks.queries.ts';

type Received = { headers: IncomingHttpHeaders; body: string };

/** A local HTTP receiver on a random port that records each request and answers `status`. */
async function startReceiver() {
  const received: Received[] = [];
  const state = { status: 200 };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(state.status, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    port,
    received,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let ctx: TestContext;
let acme: Awaited<ReturnType<TestContext['createCompany']>>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeEach(async () => {
  ctx = await createTestContext();
  acme = await ctx.createCompany('Acme');
  receiver = await startReceiver();
});
afterEach(() => receiver.close());

const create = (cookie: string, body: unknown) => ctx.request('/api/webhooks', { method: 'POST', cookie, body });
const deliver = (now = new Date()) => deliverWebhooks({ db: ctx.db, config: ctx.config, now });

async function addEndpoint(body: Partial<{ kind: string; url: string; events: string[]; description: string }> = {}): Promise<WebhookEndpointView> {
  const res = await create(acme.cookies.admin, { kind: 'webhook', url: receiver.url, events: [...WEBHOOK_EVENTS], ...body });
  expect(res.status, res.text).toBe(201);
  return res.body as WebhookEndpointView;
}

/** A plan for the company's new hire from a one-task template, so ticking that task completes it. */
async function onePlan(company = acme, tasks = ['Set up laptop']) {
  const template = await insertTemplate(ctx.db, company.company.id, {
    title: 'Engineering onboarding',
    sections: [{ title: 'Week one', dayStart: 1, dayEnd: 7, order: 1, tasks }],
  });
  const res = await ctx.request('/api/onboarding-plans', {
    method: 'POST',
    cookie: company.cookies.admin,
    body: { newHireId: company.newHire.id, templateId: template.id, startDate: '2026-12-01', managerId: company.manager.id },
  });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; tasks: { id: string; title: string }[] };
}

function verified(endpoint: WebhookEndpointView, request: Received): WebhookPayload {
  return new Webhook(endpoint.secret).verify(request.body, request.headers as Record<string, string>) as WebhookPayload;
}

describe('/api/webhooks', () => {
  it('is for admins: managers and new hires 403, anonymous 401, another company’s endpoint 404', async () => {
    const endpoint = await addEndpoint({ description: 'HR system' });
    expect(endpoint).toMatchObject({ kind: 'webhook', url: receiver.url, description: 'HR system', enabled: true, lastDelivery: null });
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);

    const body = { kind: 'webhook', url: receiver.url, events: ['plan.created'] };
    expect((await create(acme.cookies.manager, body)).status).toBe(403);
    expect((await create(acme.cookies.newHire, body)).status).toBe(403);
    expect((await create('', body)).status).toBe(401);
    expect((await ctx.request('/api/webhooks', { cookie: acme.cookies.manager })).status).toBe(403);

    const rival = await ctx.createCompany('Rival');
    expect((await ctx.request('/api/webhooks', { cookie: rival.cookies.admin })).body).toEqual([]);
    for (const [method, path] of [
      ['GET', `/api/webhooks/${endpoint.id}`],
      ['PATCH', `/api/webhooks/${endpoint.id}`],
      ['DELETE', `/api/webhooks/${endpoint.id}`],
      ['POST', `/api/webhooks/${endpoint.id}/test`],
      ['GET', `/api/webhooks/${endpoint.id}/deliveries`],
    ] as const) {
      const res = await ctx.request(path, { method, cookie: rival.cookies.admin, body: method === 'PATCH' ? { description: 'mine now' } : undefined });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect((await ctx.request(`/api/webhooks/${endpoint.id}`, { cookie: acme.cookies.admin })).body).toMatchObject({ description: 'HR system' });
  });

  it('refuses bad input with the one error shape', async () => {
    const bad = await create(acme.cookies.admin, { kind: 'webhook', url: 'ftp://example.com/hook', events: ['plan.created'] });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ message: 'Please enter an http:// or https:// URL', issues: [{ path: 'url' }] });
    expect((await create(acme.cookies.admin, { kind: 'webhook', url: receiver.url, events: [] })).body).toMatchObject({ message: 'Please choose at least one event' });
    expect((await create(acme.cookies.admin, { kind: 'webhook', url: receiver.url, events: ['plan.exploded'] })).status).toBe(400);
    expect((await create(acme.cookies.admin, { kind: 'pager', url: receiver.url, events: ['plan.created'] })).status).toBe(400);
  });

  it('changes, turns off and on, and deletes an endpoint with its log', async () => {
    const endpoint = await addEndpoint();
    const patch = (body: unknown) => ctx.request(`/api/webhooks/${endpoint.id}`, { method: 'PATCH', cookie: acme.cookies.admin, body });
    expect((await patch({ events: ['task.completed', 'plan.created'], description: 'IT' })).body).toMatchObject({ events: ['plan.created', 'task.completed'], description: 'IT' });
    expect((await patch({ enabled: false })).body).toMatchObject({ enabled: false, disabledReason: 'Turned off by an admin.' });
    expect((await patch({ enabled: true })).body).toMatchObject({ enabled: true, disabledAt: null, disabledReason: null });
    await ctx.request(`/api/webhooks/${endpoint.id}/test`, { method: 'POST', cookie: acme.cookies.admin });
    expect((await ctx.request(`/api/webhooks/${endpoint.id}`, { method: 'DELETE', cookie: acme.cookies.admin })).status).toBe(204);
    expect(await ctx.db.select().from(webhookDeliveries)).toEqual([]);
    expect((await ctx.request(`/api/webhooks/${endpoint.id}`, { cookie: acme.cookies.admin })).status).toBe(404);
  });
});

describe('events', () => {
  it('delivers each of the six events, signed so that the Standard Webhooks library verifies it', async () => {
    const endpoint = await addEndpoint();
    const invited = await ctx.request('/api/users/invite', { method: 'POST', cookie: acme.cookies.admin, body: { email: 'dilan@acme.test', role: 'new_hire' } });
    expect(invited.status, invited.text).toBe(201);
    const plan = await onePlan();
    const task = plan.tasks[0]!;
    expect((await ctx.request(`/api/onboarding-tasks/${task.id}`, { method: 'PATCH', cookie: acme.cookies.newHire, body: { isCompleted: true } })).status).toBe(200);
    expect((await ctx.request('/api/messages', { method: 'POST', cookie: acme.cookies.newHire, body: { planId: plan.id, content: 'Laptop works!' } })).status).toBe(201);
    expect((await ctx.request(`/api/users/${invited.body.id}`, { method: 'DELETE', cookie: acme.cookies.admin })).status).toBe(200);

    expect(await deliver()).toEqual({ delivered: 6, failed: 0, retrying: 0 });
    const payloads = receiver.received.map((request) => verified(endpoint, request));
    expect(payloads.map((payload) => payload.type).sort()).toEqual([...WEBHOOK_EVENTS].sort());
    const of = <E extends WebhookPayload['type']>(type: E) => payloads.find((payload) => payload.type === type) as WebhookPayload<E>;

    const newHire = { id: acme.newHire.id, name: 'Acme newhire', email: acme.newHire.email, role: 'new_hire' };
    expect(of('plan.created').data.plan).toMatchObject({
      id: plan.id,
      kind: 'onboarding',
      templateTitle: 'Engineering onboarding',
      startDate: '2026-12-01',
      person: newHire,
      progress: 0,
    });
    expect(of('task.completed').data).toMatchObject({ task: { id: task.id, title: 'Set up laptop', completedBy: newHire }, plan: { id: plan.id, progress: 100 } });
    expect(of('plan.completed').data.plan).toMatchObject({ id: plan.id, progress: 100 });
    expect(of('message.created').data).toMatchObject({ message: { content: 'Laptop works!', sender: newHire }, plan: { id: plan.id } });
    expect(of('user.invited').data).toMatchObject({ user: { email: 'dilan@acme.test', role: 'new_hire' }, invitedBy: { id: acme.admin.id } });
    expect(of('user.deleted').data).toMatchObject({ user: { id: invited.body.id, email: 'dilan@acme.test' }, deletedBy: { id: acme.admin.id } });
    for (const payload of payloads) expect(Date.parse(payload.timestamp)).not.toBeNaN();
    // Never a password hash or a token in any payload.
    expect(receiver.received.map((request) => request.body).join('\n')).not.toMatch(/argon2|password|token/i);
    // The webhook-id is the delivery's id, and a verified one: a tampered body fails.
    const [first] = receiver.received;
    expect(first?.headers['webhook-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(() => new Webhook(endpoint.secret).verify(`${first?.body} `, first?.headers as Record<string, string>)).toThrow();
    // Delivered once: a second pass sends nothing.
    expect(await deliver()).toEqual({ delivered: 0, failed: 0, retrying: 0 });
  });

  it('sends only the events an endpoint chose, only when it is on, and never another company’s', async () => {
    await addEndpoint({ events: ['task.completed'] });
    const rival = await ctx.createCompany('Rival');
    const rivalPlan = await onePlan(rival);
    await ctx.request(`/api/onboarding-tasks/${rivalPlan.tasks[0]!.id}`, { method: 'PATCH', cookie: rival.cookies.newHire, body: { isCompleted: true } });
    const plan = await onePlan(acme, ['One', 'Two']);
    await ctx.request(`/api/onboarding-tasks/${plan.tasks[0]!.id}`, { method: 'PATCH', cookie: acme.cookies.newHire, body: { isCompleted: true } });
    await deliver();
    expect(receiver.received.map((request) => JSON.parse(request.body).type)).toEqual(['task.completed']);
    expect(receiver.received.map((request) => request.body).join('')).not.toContain(rival.company.id);
    expect(receiver.received.map((request) => request.body).join('')).not.toContain(rivalPlan.id);
    // Unticking and ticking again is a new completion; ticking a done task again is nothing.
    await ctx.request(`/api/onboarding-tasks/${plan.tasks[0]!.id}`, { method: 'PATCH', cookie: acme.cookies.newHire, body: { isCompleted: true } });
    expect(await ctx.db.select().from(webhookDeliveries)).toHaveLength(1);
  });

  it('fires task.completed once for a tick pushed offline through sync, not again on a duplicate push', async () => {
    await addEndpoint({ events: ['task.completed'] });
    const plan = await onePlan(acme, ['One', 'Two']);
    const push = {
      clientId: crypto.randomUUID(),
      mutations: [{ id: 1, name: 'task.setCompleted', args: { taskId: plan.tasks[0]!.id, isCompleted: true, completedAt: new Date().toISOString() } }],
    };
    const first = await ctx.request('/api/sync/push', { method: 'POST', cookie: acme.cookies.newHire, body: push });
    expect(first.body.results).toEqual([{ id: 1, status: 'applied' }]);
    const again = await ctx.request('/api/sync/push', { method: 'POST', cookie: acme.cookies.newHire, body: push });
    expect(again.body.results).toEqual([{ id: 1, status: 'duplicate' }]);
    await deliver();
    expect(receiver.received).toHaveLength(1);
    expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({ type: 'task.completed', data: { task: { id: plan.tasks[0]!.id } } });
  });

  it('fires user.invited and plan.created for the people a CSV import makes, as for those invited one by one', async () => {
    const endpoint = await addEndpoint({ events: ['user.invited', 'plan.created'] });
    await insertTemplate(ctx.db, acme.company.id, {
      title: 'Engineering onboarding',
      sections: [{ title: 'Week one', dayStart: 1, dayEnd: 7, order: 1, tasks: ['Set up laptop'] }],
    });
    const csv = 'name,email,role,manager email,start date,template\r\nDilan Silva,dilan@acme.test,New Hire,,2026-12-01,Engineering onboarding\r\n';
    const imported = await ctx.request('/api/people/import', { method: 'POST', cookie: acme.cookies.admin, body: { csv } });
    expect(imported.status, imported.text).toBe(201);
    await deliver();
    const payloads = receiver.received.map((request) => verified(endpoint, request));
    expect(payloads.map((payload) => payload.type).sort()).toEqual(['plan.created', 'user.invited']);
    expect(payloads.find((payload) => payload.type === 'user.invited')?.data).toMatchObject({ user: { name: 'Dilan Silva', email: 'dilan@acme.test' } });
    expect(payloads.find((payload) => payload.type === 'plan.created')?.data).toMatchObject({ plan: { templateTitle: 'Engineering onboarding', person: { name: 'Dilan Silva' } } });
  });

  it('queues nothing (and reads nothing more) for a company without endpoints', async () => {
    const plan = await onePlan();
    await ctx.request(`/api/onboarding-tasks/${plan.tasks[0]!.id}`, { method: 'PATCH', cookie: acme.cookies.newHire, body: { isCompleted: true } });
    expect(await ctx.db.select().from(webhookDeliveries)).toEqual([]);
  });
});

describe('retries', () => {
  it('retries a failing endpoint with backoff for a day, then fails the delivery, turns the endpoint off and mails the admins', async () => {
    receiver.state.status = 500;
    const endpoint = await addEndpoint({ events: ['plan.created'] });
    await onePlan();
    const [queued] = await ctx.db.select().from(webhookDeliveries);
    const t0 = Date.parse(queued!.createdAt);
    const at = (ms: number) => new Date(t0 + ms);

    expect(await deliver(at(0))).toEqual({ delivered: 0, failed: 0, retrying: 1 });
    const row = async () => (await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, queued!.id)))[0]!;
    expect(await row()).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 500, lastError: 'HTTP 500', nextAttemptAt: t0 + 30_000 });
    // Not due before its time; then 30 s, 1 min, 2 min...
    expect(await deliver(at(10_000))).toEqual({ delivered: 0, failed: 0, retrying: 0 });
    expect(await deliver(at(30_000))).toEqual({ delivered: 0, failed: 0, retrying: 1 });
    expect(await row()).toMatchObject({ attempts: 2, nextAttemptAt: t0 + 90_000 });
    expect(await deliver(at(90_000))).toEqual({ delivered: 0, failed: 0, retrying: 1 });
    expect(await row()).toMatchObject({ attempts: 3, nextAttemptAt: t0 + 210_000 });
    // The same webhook-id on every retry.
    expect(new Set(receiver.received.map((request) => request.headers['webhook-id']))).toEqual(new Set([queued!.id]));

    // The endpoint is listed with the failing delivery.
    const listed = (await ctx.request('/api/webhooks', { cookie: acme.cookies.admin })).body as WebhookEndpointView[];
    expect(listed[0]?.lastDelivery).toMatchObject({ status: 'pending', statusCode: 500 });

    // A day after the event: the last attempt fails it, and nothing got through that day.
    expect(await deliver(at(WEBHOOK_RETRY_FOR_MS))).toEqual({ delivered: 0, failed: 1, retrying: 0 });
    expect(await row()).toMatchObject({ status: 'failed', attempts: 4 });
    const [off] = (await ctx.request('/api/webhooks', { cookie: acme.cookies.admin })).body as WebhookEndpointView[];
    expect(off).toMatchObject({ id: endpoint.id, enabled: false, disabledAt: at(WEBHOOK_RETRY_FOR_MS).toISOString() });
    expect(off?.disabledReason).toContain('HTTP 500');
    const mails = await ctx.db.select().from(outbox).where(eq(outbox.kind, 'webhook_disabled'));
    expect(mails.map((mail) => mail.recipient)).toEqual([acme.admin.email]);
    expect(JSON.parse(mails[0]!.payload).text).toContain(receiver.url);

    // Off: new events are not queued for it, and the test route refuses until it is back on.
    await onePlan();
    expect(await ctx.db.select().from(webhookDeliveries)).toHaveLength(1);
    expect((await ctx.request(`/api/webhooks/${endpoint.id}/test`, { method: 'POST', cookie: acme.cookies.admin })).status).toBe(409);
  });

  it('keeps an endpoint on when some delivery got through during the day', async () => {
    const endpoint = await addEndpoint({ events: ['plan.created'] });
    receiver.state.status = 500;
    await onePlan();
    const [failing] = await ctx.db.select().from(webhookDeliveries);
    const t0 = Date.parse(failing!.createdAt);
    await deliver(new Date(t0));
    receiver.state.status = 204;
    const ids = await enqueueWebhookEvent(ctx.db, acme.company.id, 'webhook.test', async () => ({ message: 'hi' }), { endpointIds: [endpoint.id], now: new Date(t0 + 60_000) });
    expect(await deliverWebhooks({ db: ctx.db, config: ctx.config, now: new Date(t0 + 60_000), ids })).toEqual({ delivered: 1, failed: 0, retrying: 0 });
    receiver.state.status = 500;
    // The first one's day ends (the second one went through meanwhile): it alone fails.
    expect(await deliver(new Date(t0 + WEBHOOK_RETRY_FOR_MS))).toEqual({ delivered: 0, failed: 1, retrying: 0 });
    expect((await ctx.request(`/api/webhooks/${endpoint.id}`, { cookie: acme.cookies.admin })).body).toMatchObject({ enabled: true });
  });

  it('resends a delivery with the same payload and webhook-id, and pages the log newest first', async () => {
    const endpoint = await addEndpoint();
    receiver.state.status = 503;
    const test = await ctx.request(`/api/webhooks/${endpoint.id}/test`, { method: 'POST', cookie: acme.cookies.admin });
    expect(test.status).toBe(201);
    expect(test.body).toMatchObject({ event: 'webhook.test', status: 'pending', attempts: 1, statusCode: 503 });
    receiver.state.status = 200;
    const resend = await ctx.request(`/api/webhooks/${endpoint.id}/deliveries/${test.body.id}/resend`, { method: 'POST', cookie: acme.cookies.admin });
    expect(resend.status).toBe(200);
    expect(resend.body).toMatchObject({ id: test.body.id, status: 'delivered', attempts: 2, statusCode: 200, nextAttemptAt: null });
    const [firstTry, secondTry] = receiver.received;
    expect(secondTry?.body).toBe(firstTry?.body);
    expect(secondTry?.headers['webhook-id']).toBe(test.body.id);
    expect(verified(endpoint, secondTry!)).toMatchObject({ type: 'webhook.test' });
    // A delivered one can be sent again too (a receiver that lost it).
    expect((await ctx.request(`/api/webhooks/${endpoint.id}/deliveries/${test.body.id}/resend`, { method: 'POST', cookie: acme.cookies.admin })).body).toMatchObject({
      attempts: 3,
    });
    // Another endpoint's delivery id under this endpoint: 404.
    const other = await addEndpoint();
    expect((await ctx.request(`/api/webhooks/${other.id}/deliveries/${test.body.id}/resend`, { method: 'POST', cookie: acme.cookies.admin })).status).toBe(404);

    // 55 more events: a page of 50, then the rest, newest first.
    for (let i = 0; i < 55; i += 1) {
      await enqueueWebhookEvent(ctx.db, acme.company.id, 'webhook.test', async () => ({ message: `n${i}` }), {
        endpointIds: [endpoint.id],
        now: new Date(Date.now() + (i + 1) * 1000),
      });
    }
    const page1 = (await ctx.request(`/api/webhooks/${endpoint.id}/deliveries`, { cookie: acme.cookies.admin })).body as WebhookDeliveryPage;
    expect(page1.deliveries).toHaveLength(50);
    expect(page1.next).not.toBeNull();
    const times = page1.deliveries.map((delivery) => delivery.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    const page2 = (await ctx.request(`/api/webhooks/${endpoint.id}/deliveries?before=${page1.next}`, { cookie: acme.cookies.admin })).body as WebhookDeliveryPage;
    expect(page2.deliveries).toHaveLength(6);
    expect(page2.next).toBeNull();
    expect(page2.deliveries.at(-1)).toMatchObject({ id: test.body.id, status: 'delivered' });
    expect(new Set([...page1.deliveries, ...page2.deliveries].map((delivery) => delivery.id)).size).toBe(56);
  });
});

describe('chat endpoints', () => {
  it('get a readable message: Slack and Mattermost { text } with their own links, Teams an Adaptive Card', async () => {
    for (const kind of ['slack', 'mattermost', 'teams']) await addEndpoint({ kind, events: ['plan.created', 'task.completed'] });
    const plan = await onePlan(acme, ['Set up laptop', 'Meet the team']);
    await ctx.request(`/api/onboarding-tasks/${plan.tasks[0]!.id}`, { method: 'PATCH', cookie: acme.cookies.newHire, body: { isCompleted: true } });
    await deliver();
    const bodies = receiver.received.map((request) => JSON.parse(request.body) as Record<string, unknown>);
    expect(bodies).toHaveLength(6);
    const planUrl = `${ctx.config.appUrl}/preview-plan/${plan.id}`;
    const texts = bodies.filter((body) => 'text' in body).map((body) => body.text);
    expect(texts).toContain(`Acme newhire started onboarding (Engineering onboarding, starts Tue 1 Dec) <${planUrl}|Open Acme newhire’s plan>`);
    expect(texts).toContain(`Acme newhire completed “Set up laptop” (50%) [Open Acme newhire’s plan](${planUrl})`);
    const cards = bodies.filter((body) => body.type === 'message');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toMatchObject({
      type: 'message',
      attachments: [
        {
          contentType: 'application/vnd.microsoft.card.adaptive',
          content: { type: 'AdaptiveCard', version: '1.4', body: [{ type: 'TextBlock', wrap: true }], actions: [{ type: 'Action.OpenUrl', url: planUrl }] },
        },
      ],
    });
    const cardTexts = cards.map((card) => (card as { attachments: { content: { body: { text: string }[] } }[] }).attachments[0]!.content.body[0]!.text);
    expect(cardTexts).toContain('Acme newhire completed “Set up laptop” (50%)');
  });
});

describe('SSRF', () => {
  it('refuses private, loopback, link-local and non-http URLs when private addresses are not allowed (production’s default)', async () => {
    expect(loadConfig({ NODE_ENV: 'production', PAYHERE_MODE: 'live' }).webhooks.allowPrivate).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).webhooks.allowPrivate).toBe(true);
    const strict = await createTestContext({ WEBHOOKS_ALLOW_PRIVATE: 'false' });
    const company = await strict.createCompany('Strict');
    const save = (url: string) => strict.request('/api/webhooks', { method: 'POST', cookie: company.cookies.admin, body: { kind: 'webhook', url, events: ['plan.created'] } });
    for (const url of [
      'http://127.0.0.1/hook',
      `http://127.0.0.1:${receiver.port}/hook`,
      'http://10.0.0.1/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'http://[::ffff:a9fe:a9fe]/hook',
      'http://100.64.0.1/hook',
      'http://192.168.1.10/hook',
      'http://0.0.0.0/hook',
      `http://localhost:${receiver.port}/hook`,
    ]) {
      const res = await save(url);
      expect(res.status, url).toBe(400);
      expect(res.body, url).toMatchObject({ message: expect.stringMatching(/private, loopback or link-local/), issues: [{ path: 'url' }] });
    }
    expect((await save('ftp://example.com/hook')).status).toBe(400);
    expect((await strict.request('/api/webhooks', { cookie: company.cookies.admin })).body).toEqual([]);

    // Saved before (DNS could answer differently later): refused again when connecting.
    for (const url of [receiver.url, `http://localhost:${receiver.port}/hook`]) {
      await strict.db.insert(webhookEndpoints).values({ companyId: company.company.id, kind: 'webhook', url, events: ['webhook.test'], secret: newWebhookSecret() });
    }
    const endpoints = await strict.db.select({ id: webhookEndpoints.id }).from(webhookEndpoints);
    for (const { id } of endpoints) await enqueueWebhookEvent(strict.db, company.company.id, 'webhook.test', async () => ({ message: 'hi' }), { endpointIds: [id] });
    expect(await deliverWebhooks({ db: strict.db, config: strict.config, now: new Date() })).toEqual({ delivered: 0, failed: 0, retrying: 2 });
    expect(receiver.received).toEqual([]);
    const errors = (await strict.db.select({ lastError: webhookDeliveries.lastError }).from(webhookDeliveries)).map((row) => row.lastError);
    expect(errors).toEqual([expect.stringMatching(/private, loopback or link-local/), expect.stringMatching(/private, loopback or link-local/)]);
  });

  it('tells public addresses from the rest, IPv4-mapped IPv6 included', () => {
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8']) expect(isPublicAddress(address), address).toBe(true);
    for (const address of [
      '127.0.0.1',
      '127.8.9.10',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '100.127.255.255',
      '0.0.0.0',
      '::',
      '::1',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '0:0:0:0:0:ffff:a9fe:a9fe',
      'not-an-ip',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });
});
