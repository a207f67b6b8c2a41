// Two real API processes over one PostgreSQL database, as behind a load balancer (DESIGN.md section 9):
// nothing either of them keeps in memory may decide what the other answers.
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeamMember } from '../auth/auth.queries.ts';
import { signedNotify } from '../subscriptions/test-notify.ts';
import { openReadyStream } from '../test/event-stream.ts';
import { createTestContext, TEST_PASSWORD, TEST_PASSWORD_HASH, type TestContext, testEngine } from '../test/harness.ts';

type Instance = { url: string; process: ChildProcess; output: string[] };

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function startInstance(databaseUrl: string): Promise<Instance> {
  const port = await freePort();
  const output: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/server.ts'], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      SEED_DEMO: 'false',
      MAIL_DIR: '/tmp/kickoff-two-instances-mail',
      STATIC_DIR: '/nonexistent',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 200; attempt++) {
    if (child.exitCode !== null) throw new Error(`instance exited: ${output.join('')}`);
    const healthy = await fetch(`${url}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (healthy) return { url, process: child, output };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`instance did not start: ${output.join('')}`);
}

async function call(instance: Instance, path: string, options: { method?: string; body?: unknown; cookie?: string; form?: Record<string, string> } = {}) {
  const headers: Record<string, string> = {};
  if (options.cookie) headers.Cookie = options.cookie;
  let body: string | undefined;
  if (options.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const res = await fetch(`${instance.url}${path}`, { method: options.method ?? 'GET', headers, body });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

async function signIn(instance: Instance, email: string, password = TEST_PASSWORD): Promise<string> {
  const res = await fetch(`${instance.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status).toBe(200);
  return res.headers.getSetCookie()[0]!.split(';')[0]!;
}

describe.runIf(testEngine === 'postgres')('two API instances on one PostgreSQL', () => {
  let ctx: TestContext;
  let company: Awaited<ReturnType<TestContext['createCompany']>>;
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    ctx = await createTestContext();
    company = await ctx.createCompany('Twin');
    const { config } = ctx.database;
    if (config.engine !== 'postgres') throw new Error('PostgreSQL only');
    [a, b] = await Promise.all([startInstance(config.url), startInstance(config.url)]);
  }, 60_000);

  afterAll(() => {
    a?.process.kill('SIGTERM');
    b?.process.kill('SIGTERM');
  });

  it('accepts a session made on one instance at the other, and ends it on both', async () => {
    const cookie = await signIn(a, company.manager.email);
    expect((await call(b, '/api/auth/user', { cookie })).body.email).toBe(company.manager.email);
    expect((await call(b, '/api/auth/logout', { method: 'POST', cookie })).status).toBe(204);
    expect((await call(a, '/api/auth/user', { cookie })).status).toBe(401);
  });

  it('pulls through one instance a tick pushed through the other', async () => {
    const template = await call(a, '/api/templates', {
      method: 'POST',
      cookie: company.cookies.admin,
      body: { title: 'Shared', duration: 14, sections: [{ title: 'Week 1', dayStart: 1, dayEnd: 7, tasks: [{ title: 'Laptop', type: 'checklist' }] }] },
    });
    expect(template.status).toBe(201);
    const plan = await call(b, '/api/onboarding-plans', {
      method: 'POST',
      cookie: company.cookies.admin,
      body: { newHireId: company.newHire.id, templateId: template.body.id, startDate: '2026-11-02' },
    });
    expect(plan.status).toBe(201);

    const clientId = crypto.randomUUID();
    const first = await call(b, `/api/sync/pull?clientId=${clientId}&cursor=0`, { cookie: company.cookies.newHire });
    const task = first.body.tasks[0];
    expect(task).toMatchObject({ title: 'Laptop', isCompleted: false });

    const push = await call(a, '/api/sync/push', {
      method: 'POST',
      cookie: company.cookies.newHire,
      body: { clientId, mutations: [{ id: 1, name: 'task.setCompleted', args: { taskId: task.id, isCompleted: true } }] },
    });
    expect(push.body.results).toEqual([{ id: 1, status: 'applied' }]);

    const next = await call(b, `/api/sync/pull?clientId=${clientId}&cursor=${first.body.cursor}`, { cookie: company.cookies.newHire });
    expect(next.body.lastMutationId).toBe(1);
    expect(next.body.cursor).toBeGreaterThan(first.body.cursor);
    expect(next.body.tasks).toEqual([expect.objectContaining({ id: task.id, isCompleted: true })]);
  });

  it('counts wrong passwords across both instances', async () => {
    const email = company.admin.email;
    for (let attempt = 0; attempt < 10; attempt++) {
      const res = await call(attempt % 2 ? a : b, '/api/auth/login', { method: 'POST', body: { email, password: `Wrong#${attempt}` } });
      expect(res.status).toBe(401);
    }
    // Ten failures, five on each: the account pauses on both, even with the right password.
    for (const instance of [a, b]) {
      const locked = await call(instance, '/api/auth/login', { method: 'POST', body: { email, password: TEST_PASSWORD } });
      expect(locked.status).toBe(429);
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('activates a subscription once when the same PayHere notify reaches both instances', async () => {
    const order = await call(a, '/api/payments/create', {
      method: 'POST',
      cookie: company.cookies.admin,
      body: {
        planType: 'growth',
        currency: 'USD',
        billingPeriod: 'monthly',
        userDetails: { firstName: 'Twin', lastName: 'Admin', email: company.admin.email, phone: '0771234567', address: '1 Main St', city: 'Colombo' },
      },
    });
    expect(order.status).toBe(200);
    const form = signedNotify(order.body, '2', { payment_id: '320025070001' });
    const answers = await Promise.all([a, b, a, b].map((instance) => call(instance, '/api/payments/notify', { method: 'POST', form })));
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200]);
    expect(answers.map((res) => res.body.status).sort()).toEqual(['completed', 'duplicate', 'duplicate', 'duplicate']);
    const status = await call(b, '/api/subscription/status', { cookie: company.cookies.admin });
    expect(status.body).toMatchObject({ planType: 'growth' });
  });

  it("pokes a new hire's stream on one instance when their manager writes through the other (LISTEN/NOTIFY)", async () => {
    const hire = await createTeamMember(ctx.db, {
      companyId: company.company.id,
      email: `streamed-${crypto.randomUUID().slice(0, 6)}@twin.test`,
      fullName: 'Streamed Hire',
      role: 'new_hire',
      managerId: company.manager.id,
      passwordHash: TEST_PASSWORD_HASH,
      isEmailVerified: true,
    });
    const template = await call(a, '/api/templates', {
      method: 'POST',
      cookie: company.cookies.admin,
      body: { title: 'Streamed', duration: 7, sections: [{ title: 'Week 1', dayStart: 1, dayEnd: 7, tasks: [{ title: 'Hello', type: 'checklist' }] }] },
    });
    const plan = await call(a, '/api/onboarding-plans', {
      method: 'POST',
      cookie: company.cookies.admin,
      body: { newHireId: hire.id, templateId: template.body.id, startDate: '2026-11-02', managerId: company.manager.id },
    });
    expect(plan.status).toBe(201);

    const stream = await openReadyStream(b.url, await ctx.cookieFor(hire.id));
    try {
      const sent = await call(a, '/api/messages', { method: 'POST', cookie: company.cookies.manager, body: { planId: plan.body.id, content: 'Hello from instance a' } });
      expect(sent.status).toBe(201);
      expect(await stream.nextPoke()).toEqual({ topic: 'messages', planId: plan.body.id });
    } finally {
      stream.close();
    }
  });
});
