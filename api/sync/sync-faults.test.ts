// Issue 11: sync under faults. 1,000 random runs of offline mutations, pushes of part of the outbox,
// repeated pushes, answers lost on the way back, out-of-order pushes and server restarts (of the app
// alone, and of the app with its database: a real SQLite file closed and reopened, or on PostgreSQL the
// pool closed and a new one opened on the same database). However it goes, once everything is pushed
// the server holds exactly a serial replay of each mutation once (DESIGN.md section 6).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MutationName, PushResponse } from '../../shared/sync.ts';
import { createApp } from '../app.ts';
import { inProcessChangeBus } from '../events/bus.ts';
import { createCompanyWithAdmin, createTeamMember } from '../auth/auth.queries.ts';
import { createSession, sessionCookieName } from '../auth/sessions.ts';
import { loadConfig, type DatabaseConfig } from '../config.ts';
import { first, openDatabase, transaction, type Db, type OpenDatabase } from '../db/client.ts';
import { messages, onboardingTasks, syncClients } from '../db/schema.ts';
import type { CurrentUser } from '../lib/env.ts';
import { settleBackgroundDeliveries } from '../mail/outbox.ts';
import { assignPlanFromTemplate } from '../onboarding/onboarding.queries.ts';
import { createTemplate } from '../templates/templates.queries.ts';
import { openTestDatabase, TEST_PASSWORD_HASH, testEngine } from '../test/harness.ts';
import { createFileStorage } from '../uploads/file-storage.ts';

const TASKS = 4;
const RUNS = 1_000;

// ---- the servers: each restarted at will, one keeping its database open and one reopening it ----

const config = loadConfig({ NODE_ENV: 'test', MAIL_DIR: '/tmp/kickoff-test-mail' });
const mailer = { send: async () => {} };
/** No event stream opens here: the in-process bus serves both engines. */
const changes = inProcessChangeBus();
const files = createFileStorage(config.files);

class Server {
  app: ReturnType<typeof createApp>;
  restarts = 0;

  /** `reopenWith` null: a restart makes only the app anew; otherwise it also closes and reopens the database. */
  constructor(
    private database: OpenDatabase,
    private readonly reopenWith: DatabaseConfig | null,
  ) {
    this.app = createApp({ db: database.db, config, mailer, changes, files });
  }

  get db(): Db {
    return this.database.db;
  }

  async restart(): Promise<void> {
    this.restarts += 1;
    if (this.reopenWith) {
      // As api/server.ts shuts down: mail and pushes still going out finish before the database closes
      // (one cut off on a closed pool would never settle, and every later wait for them would hang).
      await settleBackgroundDeliveries();
      await this.database.close();
      this.database = await openDatabase(this.reopenWith);
    }
    this.app = createApp({ db: this.database.db, config, mailer, changes, files });
  }

  /** The reopened handles are this file's to close; the test harness closes (and drops) the databases it opened. */
  async close(): Promise<void> {
    if (this.reopenWith) await this.database.close();
  }
}

const dir = mkdtempSync(join(tmpdir(), 'kickoff-sync-faults-'));
let servers: { app: Server; database: Server };

beforeAll(async () => {
  const kept = await openTestDatabase();
  // SQLite: a file (an in-memory database cannot be reopened). PostgreSQL: a private database, served
  // through a pool of this file's own, which a restart closes.
  const reopened: DatabaseConfig = testEngine === 'postgres' ? (await openTestDatabase()).config : { engine: 'sqlite', path: join(dir, 'kickoff.db') };
  servers = { app: new Server(kept, null), database: new Server(await openDatabase(reopened), reopened) };
});

afterAll(async () => {
  await servers.database.close();
  rmSync(dir, { recursive: true, force: true });
});

/**
 * A fresh company per run: a new hire with a plan of TASKS tasks, signed in; the plan's id and task ids.
 * One transaction (the helpers' own become savepoints): one commit instead of one per helper.
 */
function seed(db: Db) {
  return transaction(db, (tx) => seedCompany(tx));
}

async function seedCompany(db: Db) {
  const slug = crypto.randomUUID().slice(0, 8);
  const { company, user: admin } = await createCompanyWithAdmin(db, {
    fullName: 'Fault Admin',
    email: `admin@${slug}.test`,
    passwordHash: TEST_PASSWORD_HASH,
    companyName: 'Faults',
    companyAddress: '1 Fault Line',
    isEmailVerified: true,
  });
  const manager = await createTeamMember(db, { companyId: company.id, email: `manager@${slug}.test`, fullName: 'Fault Manager', role: 'manager' });
  const newHire = await createTeamMember(db, {
    companyId: company.id,
    email: `hire@${slug}.test`,
    fullName: 'Fault Hire',
    role: 'new_hire',
    managerId: manager.id,
  });
  const actor: CurrentUser = { id: admin.id, email: admin.email, role: 'admin', companyId: company.id, fullName: admin.fullName, managerId: null };
  const template = await createTemplate(db, actor, {
    title: 'Faults',
    duration: 14,
    sections: [
      {
        title: 'Week 1',
        dayStart: 1,
        dayEnd: 7,
        tasks: Array.from({ length: TASKS }, (_, index) => ({ title: `Task ${index + 1}`, type: 'checklist' as const })),
      },
    ],
  });
  const plan = await assignPlanFromTemplate(db, actor, { newHireId: newHire.id, templateId: template.id, startDate: '2026-01-05', managerId: manager.id });
  return {
    planId: plan.id,
    taskIds: plan.tasks.map((task) => task.id),
    cookie: `${sessionCookieName(false)}=${await createSession(db, newHire.id)}`,
  };
}

// ---- what a run does ----

type Step =
  | { kind: 'tick'; task: number; isCompleted: boolean }
  | { kind: 'send'; content: string }
  /** A mutation the server must reject (a task nobody can see, or an empty message); it still counts. */
  | { kind: 'bad'; name: MutationName }
  /** Sends the first `count` rows of the outbox; `dropped`: the server applies them, the answer is lost. */
  | { kind: 'push'; count: number; dropped: boolean }
  /** Sends the last push again, as a retry after a timeout would. */
  | { kind: 'repeat'; dropped: boolean }
  /** Sends the outbox without its first row: a gap unless that row already reached the server. */
  | { kind: 'skipFirst'; count: number }
  | { kind: 'restart' };

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('tick' as const), task: fc.nat({ max: TASKS - 1 }), isCompleted: fc.boolean() }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('send' as const),
      content: fc.oneof(
        fc.string({ minLength: 1, maxLength: 12 }).filter((text) => text.trim() !== ''),
        fc.constantFrom('Hello 👋', 'مرحبا', '  padded  '),
      ),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('bad' as const), name: fc.constantFrom<MutationName>('task.setCompleted', 'message.send') }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('push' as const), count: fc.integer({ min: 1, max: 6 }), dropped: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('repeat' as const), dropped: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('skipFirst' as const), count: fc.integer({ min: 1, max: 4 }) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'restart' as const }) },
);

/** Which server the run talks to: what its restarts restart. */
type Scenario = { restarts: 'app' | 'database'; steps: Step[] };

const scenario: fc.Arbitrary<Scenario> = fc.record({
  restarts: fc.oneof({ weight: 3, arbitrary: fc.constant('app' as const) }, { weight: 1, arbitrary: fc.constant('database' as const) }),
  steps: fc.array(step, { maxLength: 14 }),
});

type Mutation = { id: number; name: MutationName; args: Record<string, unknown>; rejected: boolean };
type PushBody = { clientId: string; mutations: Array<Pick<Mutation, 'id' | 'name' | 'args'>> };

async function runScenario({ restarts, steps }: Scenario) {
  const server = servers[restarts];
  const { planId, taskIds, cookie } = await seed(server.db);
  const clientId = crypto.randomUUID();

  // The client: its outbox and counter. The test also keeps every mutation made, and what the server has applied.
  let outbox: Mutation[] = [];
  const made: Mutation[] = [];
  let serverLast = 0;
  let lastPush: PushBody | null = null;

  const at = (n: number) => new Date(Date.UTC(2026, 0, 5, 9, 0, n)).toISOString();
  const queue = (name: MutationName, args: Record<string, unknown>, rejected = false) => {
    const mutation: Mutation = { id: made.length + 1, name, args, rejected };
    made.push(mutation);
    outbox.push(mutation);
  };

  async function post(body: PushBody) {
    const response = await server.app.request('/api/sync/push', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as PushResponse & { message?: string } };
  }

  /** Sends rows that start at or before the server's next id, checks every answer, and learns from it unless dropped. */
  async function push(rows: Mutation[], dropped: boolean) {
    const body: PushBody = { clientId, mutations: rows.map(({ id, name, args }) => ({ id, name, args })) };
    const { status, body: answer } = await post(body);
    expect(status, answer.message).toBe(200);
    expect(answer.results).toEqual(
      rows.map((row) =>
        row.id <= serverLast
          ? { id: row.id, status: 'duplicate' }
          : row.rejected
            ? { id: row.id, status: 'rejected', message: expect.any(String) }
            : { id: row.id, status: 'applied' },
      ),
    );
    serverLast = Math.max(serverLast, rows.at(-1)?.id ?? 0);
    expect(answer.lastMutationId).toBe(serverLast);
    lastPush = body;
    if (!dropped) outbox = outbox.filter((row) => row.id > answer.lastMutationId);
  }

  for (const current of steps) {
    switch (current.kind) {
      case 'tick':
        queue('task.setCompleted', { taskId: taskIds[current.task], isCompleted: current.isCompleted, completedAt: at(made.length) });
        break;
      case 'send':
        queue('message.send', { id: crypto.randomUUID(), planId, content: current.content, createdAt: at(made.length) });
        break;
      case 'bad':
        if (current.name === 'task.setCompleted') queue('task.setCompleted', { taskId: crypto.randomUUID(), isCompleted: true }, true);
        else queue('message.send', { id: crypto.randomUUID(), planId, content: '   ' }, true);
        break;
      case 'push':
        if (outbox.length) await push(outbox.slice(0, current.count), current.dropped);
        break;
      case 'repeat':
        if (lastPush)
          await push(
            made.filter((row) => lastPush!.mutations.some((sent) => sent.id === row.id)),
            current.dropped,
          );
        break;
      case 'skipFirst': {
        const rows = outbox.slice(1, 1 + current.count);
        if (!rows.length) break;
        if (rows[0]!.id > serverLast + 1) {
          const { status, body } = await post({ clientId, mutations: rows.map(({ id, name, args }) => ({ id, name, args })) });
          expect(status).toBe(409);
          expect(body.message).toMatch(/out of order/);
        } else {
          await push(rows, false);
        }
        break;
      }
      case 'restart':
        await server.restart();
        break;
    }
  }

  // Back online for good: the client pushes until its outbox is empty, as the sync engine does.
  for (let round = 0; outbox.length && round < 50; round += 1) await push(outbox.slice(0, 100), false);
  expect(outbox).toEqual([]);

  // The serial replay: every mutation once, in id order; rejected ones change nothing.
  const expectedTasks = new Map(taskIds.map((id) => [id, false]));
  const expectedMessages = new Map<string, string>();
  for (const mutation of made) {
    if (mutation.rejected) continue;
    if (mutation.name === 'task.setCompleted') expectedTasks.set(mutation.args.taskId as string, mutation.args.isCompleted as boolean);
    else expectedMessages.set(mutation.args.id as string, (mutation.args.content as string).trim());
  }

  const { db } = server;
  const tasks = await db.select().from(onboardingTasks).where(eq(onboardingTasks.planId, planId));
  expect(new Map(tasks.map((task) => [task.id, task.isCompleted]))).toEqual(expectedTasks);
  for (const task of tasks) expect(task.completedAt !== null).toBe(task.isCompleted);
  const stored = await db.select({ id: messages.id, content: messages.content }).from(messages).where(eq(messages.planId, planId));
  expect(stored).toHaveLength(expectedMessages.size);
  expect(new Map(stored.map((message) => [message.id, message.content]))).toEqual(expectedMessages);
  const client = await first(db.select().from(syncClients).where(eq(syncClients.clientId, clientId)));
  expect(client?.lastMutationId ?? 0).toBe(made.length);
}

describe('sync under faults', () => {
  it(`after ${RUNS} random runs of offline mutations, repeated and lost pushes and restarts, the server holds each mutation exactly once`, async () => {
    await fc.assert(fc.asyncProperty(scenario, runScenario), { numRuns: RUNS });
    // The generator did reach both kinds of restart.
    expect(servers.app.restarts).toBeGreaterThan(0);
    expect(servers.database.restarts).toBeGreaterThan(0);
    // About 40 s on SQLite; about two minutes on PostgreSQL, where every statement is a round trip.
  }, 600_000);
});
