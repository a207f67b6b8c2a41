// The change stream over real HTTP, on the engine under test: a poke reaches only the people who may see
// the change. "Nothing arrived" is checked without waiting for a timeout: a later change the person does
// get (a company poke reaches every member) must be the next event on their stream.
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODE } from '../../shared/errors.ts';
import * as v from 'valibot';
import { CLIENT_HEADER, RECENT_CHANGES_MS, type ChangePoke, type ReadyData } from '../../shared/events.ts';
import { createTeamMember } from '../auth/auth.queries.ts';
import { rows } from '../db/client.ts';
import { openEventStream, openReadyStream, type EventStreamReader } from '../test/event-stream.ts';
import { apiOver, createTestContext, TEST_PASSWORD_HASH, type TestContext, testEngine } from '../test/harness.ts';
import { ChangeSchema, reaches, type Change } from './audience.ts';
import { MAX_STREAMS_PER_PERSON } from './bus.ts';
import { LISTENER_NAME, MAX_NOTIFY_BYTES, notifyPayloads } from './postgres-bus.ts';

const KEEP_ALIVE_MS = 100;

type Company = Awaited<ReturnType<TestContext['createCompany']>>;

let ctx: TestContext;
let acme: Company;
let other: Company;
/** A second manager of Acme, who manages none of the plans below. */
let bystander: { id: string; cookie: string };
let templateId: string;
let planId: string;
let taskIds: string[];
let baseUrl: string;
let server: ServerType;
const open: EventStreamReader[] = [];

function listen(app: { fetch: (request: Request) => Response | Promise<Response> }): Promise<{ server: ServerType; url: string }> {
  return new Promise((resolve) => {
    const started = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => resolve({ server: started, url: `http://127.0.0.1:${info.port}` }));
  });
}

/** Closes the server without waiting for the client's idle keep-alive connections to time out. */
function stop(started: ServerType): Promise<void> {
  return new Promise((resolve) => {
    started.close(() => resolve());
    if ('closeAllConnections' in started) started.closeAllConnections();
  });
}

async function stream(cookie: string, url = baseUrl): Promise<EventStreamReader> {
  const reader = await openReadyStream(url, cookie);
  open.push(reader);
  return reader;
}

async function member(company: Company, role: 'manager' | 'new_hire', label: string, managerId?: string) {
  const person = await createTeamMember(ctx.db, {
    companyId: company.company.id,
    email: `${label}-${crypto.randomUUID().slice(0, 6)}@events.test`,
    fullName: label,
    role,
    managerId,
    passwordHash: TEST_PASSWORD_HASH,
    isEmailVerified: true,
  });
  return { id: person.id, cookie: await ctx.cookieFor(person.id) };
}

async function assignPlan(newHireId: string, managerId: string): Promise<{ id: string; tasks: { id: string }[] }> {
  const plan = await ctx.request('/api/onboarding-plans', {
    method: 'POST',
    cookie: acme.cookies.admin,
    body: { newHireId, templateId, startDate: '2026-03-02', managerId },
  });
  expect(plan.status).toBe(201);
  return plan.body;
}

/** A change every member of the company sees: the fence after which a forbidden poke would have shown. */
async function touchCompany(company: Company): Promise<void> {
  const res = await ctx.request('/api/company', { method: 'PATCH', cookie: company.cookies.admin, body: { name: `${company.company.name} ${Date.now()}` } });
  expect(res.status).toBe(200);
}

async function expectNextIsCompanyPoke(...readers: EventStreamReader[]): Promise<void> {
  for (const reader of readers) expect(await reader.nextPoke()).toEqual<ChangePoke>({ topic: 'company' });
}

beforeAll(async () => {
  ctx = await createTestContext({}, { keepAliveMs: KEEP_ALIVE_MS });
  acme = await ctx.createCompany('Acme');
  other = await ctx.createCompany('Other');
  bystander = await member(acme, 'manager', 'Bystander');
  const template = await ctx.request('/api/templates', {
    method: 'POST',
    cookie: acme.cookies.admin,
    body: {
      title: 'Events',
      duration: 14,
      sections: [
        {
          title: 'Week 1',
          dayStart: 1,
          dayEnd: 7,
          tasks: [
            { title: 'Laptop', type: 'checklist' },
            { title: 'Badge', type: 'checklist' },
          ],
        },
      ],
    },
  });
  expect(template.status).toBe(201);
  templateId = template.body.id;
  const plan = await assignPlan(acme.newHire.id, acme.manager.id);
  planId = plan.id;
  taskIds = plan.tasks.map((task) => task.id);
  ({ server, url: baseUrl } = await listen(ctx.app));
});

/** Polls until `done` holds (the server sees a closed connection a moment after the client closed it). */
async function eventually(done: () => boolean, timeoutMs = 2_000): Promise<void> {
  const until = performance.now() + timeoutMs;
  while (!done() && performance.now() < until) await new Promise((resolve) => setTimeout(resolve, 10));
}

afterEach(async () => {
  for (const reader of open.splice(0)) reader.close();
  await eventually(() => ctx.changes.streamCount === 0);
});

afterAll(async () => {
  await ctx.changes.close();
  await stop(server);
});

describe('GET /api/events', () => {
  it('answers 401 in the one error shape without a session', async () => {
    const reader = await openEventStream(baseUrl);
    expect(reader.response.status).toBe(401);
    expect(await reader.response.json()).toEqual({ code: ERROR_CODE.unauthorized, message: expect.any(String) });
  });

  it('opens with ready, as an uncompressed, uncached event stream', async () => {
    const reader = await openEventStream(baseUrl, acme.cookies.newHire);
    open.push(reader);
    expect(reader.response.status).toBe(200);
    expect(reader.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(reader.response.headers.get('cache-control')).toBe('no-store');
    expect(reader.response.headers.get('content-encoding')).toBeNull();
    expect(reader.response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await reader.next()).toMatchObject({ event: 'ready' });
  });

  it('sends a ping event every keep-alive interval while nothing changes', async () => {
    const reader = await stream(acme.cookies.newHire);
    const until = performance.now() + 20 * KEEP_ALIVE_MS;
    while (reader.pings < 2 && performance.now() < until) await new Promise((resolve) => setTimeout(resolve, KEEP_ALIVE_MS / 2));
    expect(reader.pings).toBeGreaterThanOrEqual(2);
  });
});

describe('who a poke reaches', () => {
  it("a message reaches the plan's new hire, its manager and the admins, and no one else", async () => {
    const [admin, manager, newHire, otherManager, otherAdmin] = await Promise.all([
      stream(acme.cookies.admin),
      stream(acme.cookies.manager),
      stream(acme.cookies.newHire),
      stream(bystander.cookie),
      stream(other.cookies.admin),
    ]);
    const sent = await ctx.request('/api/messages', { method: 'POST', cookie: acme.cookies.manager, body: { planId, content: 'Welcome!' } });
    expect(sent.status).toBe(201);
    for (const reader of [admin, manager, newHire]) expect(await reader.nextPoke()).toEqual<ChangePoke>({ topic: 'messages', planId });

    await touchCompany(acme);
    await expectNextIsCompanyPoke(otherManager);
    // Another company's admin: their own company's change is the first thing they hear.
    await touchCompany(other);
    await expectNextIsCompanyPoke(otherAdmin);
  });

  it('a staff note never reaches the new hire', async () => {
    const [admin, manager, newHire] = await Promise.all([stream(acme.cookies.admin), stream(acme.cookies.manager), stream(acme.cookies.newHire)]);
    const note = await ctx.request('/api/messages', { method: 'POST', cookie: acme.cookies.admin, body: { planId, content: 'Between us', receiverId: acme.manager.id } });
    expect(note.body.audience).toBe('staff');
    for (const reader of [admin, manager]) expect(await reader.nextPoke()).toEqual<ChangePoke>({ topic: 'messages', planId });
    await touchCompany(acme);
    await expectNextIsCompanyPoke(newHire);
  });

  it('a tick and an offline push reach the plan’s people, not another manager', async () => {
    const [manager, otherManager] = await Promise.all([stream(acme.cookies.manager), stream(bystander.cookie)]);
    const ticked = await ctx.request(`/api/onboarding-tasks/${taskIds[0]}`, { method: 'PATCH', cookie: acme.cookies.newHire, body: { isCompleted: true } });
    expect(ticked.status).toBe(200);
    expect(await manager.nextPoke()).toEqual<ChangePoke>({ topic: 'tasks', planId });

    const push = await ctx.request('/api/sync/push', {
      method: 'POST',
      cookie: acme.cookies.newHire,
      body: {
        clientId: crypto.randomUUID(),
        mutations: [
          { id: 1, name: 'task.setCompleted', args: { taskId: taskIds[1], isCompleted: true } },
          { id: 2, name: 'message.send', args: { id: crypto.randomUUID(), planId, content: 'Written offline' } },
        ],
      },
    });
    expect(push.body.results).toEqual([
      { id: 1, status: 'applied' },
      { id: 2, status: 'applied' },
    ]);
    expect(await manager.nextPoke()).toEqual<ChangePoke>({ topic: 'tasks', planId });
    expect(await manager.nextPoke()).toEqual<ChangePoke>({ topic: 'messages', planId });
    await touchCompany(acme);
    await expectNextIsCompanyPoke(otherManager);
  });

  it('a plan handed to another manager reaches the one who had it and the one who has it', async () => {
    const secondHire = await member(acme, 'new_hire', 'Second hire', acme.manager.id);
    const plan = await assignPlan(secondHire.id, acme.manager.id);
    const [manager, newManager, firstHire] = await Promise.all([stream(acme.cookies.manager), stream(bystander.cookie), stream(acme.cookies.newHire)]);
    const handed = await ctx.request(`/api/onboarding-plans/${plan.id}`, {
      method: 'PATCH',
      cookie: acme.cookies.admin,
      body: { currentPhase: 'Week 1', managerId: bystander.id },
    });
    expect(handed.status).toBe(200);
    for (const reader of [manager, newManager]) expect(await reader.nextPoke()).toEqual<ChangePoke>({ topic: 'plans', planId: plan.id });
    await touchCompany(acme);
    await expectNextIsCompanyPoke(firstHire);
  });

  it('a change to a task reaches the colleague who does it or did it, though they cannot see the plan', async () => {
    const thirdHire = await member(acme, 'new_hire', 'Third hire', acme.manager.id);
    const plan = await assignPlan(thirdHire.id, acme.manager.id);
    const [doer, firstHire] = await Promise.all([stream(bystander.cookie), stream(acme.cookies.newHire)]);
    const added = await ctx.request(`/api/onboarding-plans/${plan.id}/tasks`, {
      method: 'POST',
      cookie: acme.cookies.manager,
      body: { title: 'Order a laptop', type: 'checklist', dayStart: 1, dayEnd: 3, assigneeKind: 'person', assigneePersonId: bystander.id },
    });
    expect(added.status).toBe(201);
    expect(await doer.nextPoke()).toEqual<ChangePoke>({ topic: 'tasks', planId: plan.id });
    const ticked = await ctx.request(`/api/onboarding-tasks/${added.body.id}`, { method: 'PATCH', cookie: bystander.cookie, body: { isCompleted: true } });
    expect(ticked.status).toBe(200);
    expect(await doer.nextPoke()).toEqual<ChangePoke>({ topic: 'tasks', planId: plan.id });
    // Handed to the HR admin: the one who did it hears too (it leaves their My tasks).
    const handed = await ctx.request(`/api/onboarding-plans/${plan.id}/tasks/${added.body.id}`, {
      method: 'PUT',
      cookie: acme.cookies.manager,
      body: { title: 'Order a laptop', type: 'checklist', dayStart: 1, dayEnd: 3, assigneeKind: 'hr' },
    });
    expect(handed.status).toBe(200);
    expect(await doer.nextPoke()).toEqual<ChangePoke>({ topic: 'tasks', planId: plan.id });
    await touchCompany(acme);
    await expectNextIsCompanyPoke(firstHire);
  });

  it('templates and the team reach staff, never a new hire', async () => {
    const [admin, manager, newHire] = await Promise.all([stream(acme.cookies.admin), stream(acme.cookies.manager), stream(acme.cookies.newHire)]);
    const template = await ctx.request('/api/templates', {
      method: 'POST',
      cookie: acme.cookies.manager,
      body: { title: 'Another', duration: 7, sections: [{ title: 'Day 1', dayStart: 1, dayEnd: 1, tasks: [{ title: 'Hello', type: 'checklist' }] }] },
    });
    expect(template.status).toBe(201);
    const invited = await ctx.request('/api/users/invite', { method: 'POST', cookie: acme.cookies.admin, body: { email: `invited-${Date.now()}@events.test`, role: 'new_hire' } });
    expect(invited.status).toBe(201);
    for (const reader of [admin, manager]) {
      expect(await reader.nextPoke()).toEqual<ChangePoke>({ topic: 'templates' });
      expect(await reader.nextPoke()).toEqual<ChangePoke>({ topic: 'team' });
    }
    await touchCompany(acme);
    await expectNextIsCompanyPoke(newHire);
  });
});

describe('the origin of a poke', () => {
  it("names the client that wrote, to every stream it reaches, the writer's own other tabs included", async () => {
    const tab = crypto.randomUUID();
    const [manager, managerElsewhere, newHire] = await Promise.all([stream(acme.cookies.manager), stream(acme.cookies.manager), stream(acme.cookies.newHire)]);
    const sent = await ctx.request('/api/messages', { method: 'POST', cookie: acme.cookies.manager, headers: { [CLIENT_HEADER]: tab }, body: { planId, content: 'From my tab' } });
    expect(sent.status).toBe(201);
    for (const reader of [manager, managerElsewhere, newHire]) expect(await reader.nextPoke()).toEqual<ChangePoke>({ topic: 'messages', planId, origin: tab });
  });

  it("names the new hire's sync client for a push, and the tab for a REST tick", async () => {
    const [manager, newHire] = await Promise.all([stream(acme.cookies.manager), stream(acme.cookies.newHire)]);
    const clientId = crypto.randomUUID();
    const push = await ctx.request('/api/sync/push', {
      method: 'POST',
      cookie: acme.cookies.newHire,
      headers: { [CLIENT_HEADER]: clientId },
      body: { clientId, mutations: [{ id: 1, name: 'task.setCompleted', args: { taskId: taskIds[0], isCompleted: false } }] },
    });
    expect(push.body.results).toEqual([{ id: 1, status: 'applied' }]);
    for (const reader of [manager, newHire]) expect(await reader.nextPoke()).toEqual<ChangePoke>({ topic: 'tasks', planId, origin: clientId });

    const tab = crypto.randomUUID();
    const ticked = await ctx.request(`/api/onboarding-tasks/${taskIds[0]}`, {
      method: 'PATCH',
      cookie: acme.cookies.manager,
      headers: { [CLIENT_HEADER]: tab },
      body: { isCompleted: true },
    });
    expect(ticked.status).toBe(200);
    for (const reader of [manager, newHire]) expect(await reader.nextPoke()).toEqual<ChangePoke>({ topic: 'tasks', planId, origin: tab });
  });

  it('leaves it out when the request names no client, or not a well-formed one', async () => {
    const admin = await stream(acme.cookies.admin);
    await touchCompany(acme);
    expect(await admin.nextPoke()).toEqual<ChangePoke>({ topic: 'company' });
    const renamed = await ctx.request('/api/company', {
      method: 'PATCH',
      cookie: acme.cookies.admin,
      headers: { [CLIENT_HEADER]: 'x'.repeat(5_000) },
      body: { name: 'Acme again' },
    });
    expect(renamed.status).toBe(200);
    expect(await admin.nextPoke()).toEqual<ChangePoke>({ topic: 'company' });
  });
});

describe('the stream’s life', () => {
  it('ends when its session is signed out', async () => {
    const cookie = await ctx.cookieFor(acme.newHire.id);
    const reader = await stream(cookie);
    expect((await ctx.request('/api/auth/logout', { method: 'POST', cookie })).status).toBe(204);
    expect(await reader.next(20 * KEEP_ALIVE_MS)).toBe('closed');
  });

  it(`closes a person's oldest stream beyond ${MAX_STREAMS_PER_PERSON}`, async () => {
    const readers: EventStreamReader[] = [];
    for (let i = 0; i <= MAX_STREAMS_PER_PERSON; i++) readers.push(await stream(acme.cookies.manager));
    expect(await readers[0]?.next()).toBe('closed');
    expect(ctx.changes.streamCount).toBe(MAX_STREAMS_PER_PERSON);
  });

  it('unsubscribes a stream its client closed', async () => {
    const reader = await stream(acme.cookies.manager);
    expect(ctx.changes.streamCount).toBe(1);
    reader.close();
    await eventually(() => ctx.changes.streamCount === 0);
    expect(ctx.changes.streamCount).toBe(0);
  });

  it('ends every open stream when the bus closes (server shutdown)', async () => {
    const api = apiOver(ctx.db, ctx.config);
    const { server: second, url } = await listen(api.app);
    try {
      const reader = await stream(acme.cookies.admin, url);
      await api.changes.close();
      expect(await reader.next()).toBe('closed');
      expect(api.changes.streamCount).toBe(0);
    } finally {
      await stop(second);
    }
  });

  it.runIf(testEngine === 'postgres')('reopens a dropped LISTEN connection and has the client refetch', async () => {
    const manager = await stream(acme.cookies.manager);
    const [dropped] = await rows<{ done: boolean }>(
      ctx.db,
      sql`SELECT pg_terminate_backend(pid) AS done FROM pg_stat_activity WHERE application_name = ${LISTENER_NAME} AND datname = current_database()`,
    );
    expect(dropped?.done).toBe(true);
    // Nothing can be listed: what was notified while no one listened is unknown.
    expect(await manager.next(5_000)).toMatchObject({ event: 'ready', data: '{}' });
    await ctx.request('/api/messages', { method: 'POST', cookie: acme.cookies.newHire, body: { planId, content: 'Still there?' } });
    expect(await manager.nextPoke()).toEqual<ChangePoke>({ topic: 'messages', planId });
  });
});

describe('what a stream missed while it was opening', () => {
  /** Opens a stream on `url` and answers what its `ready` says was missed (undefined: the server cannot tell). */
  async function missedOnOpening(cookie: string, url: string): Promise<ChangePoke[] | undefined> {
    const reader = await stream(cookie, url);
    return (JSON.parse(reader.ready?.data ?? '') as ReadyData).missed;
  }

  it("lists in ready what reached its person in the last seconds, once each, never another company's change or one they may not see", async () => {
    let clock = 0;
    const api = apiOver(ctx.db, ctx.config, { keepAliveMs: KEEP_ALIVE_MS, now: () => clock });
    const { server: second, url } = await listen(api.app);
    try {
      // Its first stream has it listen (on PostgreSQL); it cannot yet tell what came before.
      const admin = await stream(acme.cookies.admin, url);
      expect(await missedOnOpening(acme.cookies.manager, url)).toBeUndefined();

      clock = RECENT_CHANGES_MS;
      const otherName = await api.request('/api/company', { method: 'PATCH', cookie: other.cookies.admin, body: { name: `Other ${Date.now()}` } });
      expect(otherName.status).toBe(200);
      for (const content of ['Where do I park?', 'And lunch?']) {
        const sent = await api.request('/api/messages', { method: 'POST', cookie: acme.cookies.newHire, body: { planId, content } });
        expect(sent.status).toBe(201);
      }
      // Delivered in order: once the admin has both messages, the other company's change has been heard too.
      expect(await admin.nextPoke()).toEqual<ChangePoke>({ topic: 'messages', planId });
      expect(await admin.nextPoke()).toEqual<ChangePoke>({ topic: 'messages', planId });

      clock += 1_000;
      expect(await missedOnOpening(acme.cookies.manager, url)).toEqual<ChangePoke[]>([{ topic: 'messages', planId }]);
      expect(await missedOnOpening(acme.cookies.newHire, url)).toEqual<ChangePoke[]>([{ topic: 'messages', planId }]);
      expect(await missedOnOpening(bystander.cookie, url)).toEqual([]);
      expect(await missedOnOpening(other.cookies.admin, url)).toEqual<ChangePoke[]>([{ topic: 'company' }]);

      clock += RECENT_CHANGES_MS;
      expect(await missedOnOpening(acme.cookies.manager, url)).toEqual([]);
    } finally {
      for (const reader of open.splice(0)) reader.close();
      await stop(second);
    }
  });
});

describe('the audience rule and NOTIFY payloads', () => {
  const plan = { newHireId: 'hire', managerId: 'boss' };

  it('follows canSeePlan, and keeps staff notes from the new hire', () => {
    const audience = { plans: [plan], staffOnly: false };
    expect(reaches({ id: 'hire', role: 'new_hire' }, audience)).toBe(true);
    expect(reaches({ id: 'boss', role: 'manager' }, audience)).toBe(true);
    expect(reaches({ id: 'anyone', role: 'admin' }, audience)).toBe(true);
    expect(reaches({ id: 'other', role: 'manager' }, audience)).toBe(false);
    expect(reaches({ id: 'other', role: 'new_hire' }, audience)).toBe(false);
    expect(reaches({ id: 'hire', role: 'new_hire' }, { ...audience, staffOnly: true })).toBe(false);
    expect(reaches({ id: 'boss', role: 'manager' }, { ...audience, staffOnly: true })).toBe(true);
  });

  it('keeps the origin in a NOTIFY payload and refuses a payload whose origin is not a client id', () => {
    const change: Change = { companyId: 'acme', poke: { topic: 'tasks', planId: 'plan', origin: crypto.randomUUID() }, audience: { plans: [plan], staffOnly: false } };
    const [payload] = notifyPayloads(change);
    expect(v.parse(ChangeSchema, JSON.parse(payload ?? ''))).toEqual(change);
    expect(v.is(ChangeSchema, { ...change, poke: { ...change.poke, origin: 'not a client' } })).toBe(false);
  });

  it('splits a large audience over NOTIFYs under the limit, every plan kept', () => {
    const plans = Array.from({ length: 500 }, (_, i) => ({ newHireId: crypto.randomUUID(), managerId: i % 2 ? crypto.randomUUID() : null }));
    const change: Change = { companyId: crypto.randomUUID(), poke: { topic: 'plans' }, audience: { plans, staffOnly: false } };
    const payloads = notifyPayloads(change);
    expect(payloads.length).toBeGreaterThan(1);
    for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThan(MAX_NOTIFY_BYTES);
    const parsed = payloads.map((payload) => JSON.parse(payload) as Change);
    expect(parsed.flatMap((part) => ('plans' in part.audience ? part.audience.plans : []))).toEqual(plans);
    expect(new Set(parsed.map((part) => part.companyId))).toEqual(new Set([change.companyId]));
  });
});
