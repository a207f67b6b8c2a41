// Test-only: two companies with every kind of person, templates, plans, messages and subscriptions,
// built through the real query functions, for the permission matrix and the session checks.
import { createHash } from 'node:crypto';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { createCompanyWithAdmin, createTeamMember } from '../auth/auth.queries.ts';
import type { Config } from '../config.ts';
import * as schema from '../db/schema.ts';
import type { CurrentUser } from '../lib/env.ts';
import { sendMessage } from '../messages/messages.queries.ts';
import { assignPlanFromTemplate } from '../onboarding/onboarding.queries.ts';
import { notifySignature, payhereCredentials } from '../subscriptions/payhere.ts';
import { cancelSubscription, createPendingOrder, processNotify } from '../subscriptions/subscriptions.queries.ts';
import { pushMutations } from '../sync/sync.queries.ts';
import { createTemplate } from '../templates/templates.queries.ts';
import type { TemplateInputRaw } from '../../shared/templates.ts';
import { apiOver, createTestContext, TEST_PASSWORD_HASH, type TestContext } from '../test/harness.ts';

/** Who calls. Company A has two managers (one manages P1, the other nothing) and two new hires. */
export const ACTORS = [
  'anonymous',
  'adminA',
  'managerA',
  'otherManagerA',
  'newHireA1',
  'newHireA2',
  'adminB',
  'managerB',
  'newHireB',
] as const;
export type Actor = (typeof ACTORS)[number];
export type SignedInActor = Exclude<Actor, 'anonymous'>;

export const COMPANY_OF: Record<Actor, 'A' | 'B' | null> = {
  anonymous: null,
  adminA: 'A',
  managerA: 'A',
  otherManagerA: 'A',
  newHireA1: 'A',
  newHireA2: 'A',
  adminB: 'B',
  managerB: 'B',
  newHireB: 'B',
};

/** Start date of every plan; its value does not matter to any permission. */
const START_DATE = '2026-01-05';

const templateInput = (title: string): TemplateInputRaw => ({
  title,
  description: `${title} onboarding`,
  duration: 30,
  sections: [
    {
      title: 'First Week',
      dayStart: 1,
      dayEnd: 7,
      tasks: [
        { title: 'Laptop setup', type: 'checklist' },
        { title: 'Meet the team', type: 'introduction', personName: 'Sam' },
      ],
    },
  ],
});

function asCurrentUser(row: { id: string; email: string; role: CurrentUser['role']; companyId: string; fullName: string | null; managerId: string | null }): CurrentUser {
  return { id: row.id, email: row.email, role: row.role, companyId: row.companyId, fullName: row.fullName, managerId: row.managerId };
}

/** A paid Growth plan, activated the only way the product allows: a verified notify. */
function activateGrowth(ctx: TestContext, companyId: string) {
  const order = createPendingOrder(ctx.db, { companyId, planType: 'growth', billingPeriod: 'monthly', currency: 'LKR' });
  const orderId = order.payhereOrderId ?? '';
  const credentials = payhereCredentials(ctx.config.payhere);
  if (!credentials) throw new Error('the test config has no PayHere simulator');
  const outcome = processNotify(ctx.db, ctx.config.payhere, signedNotify(credentials, orderId, order.amount, order.currency, '2'));
  if (outcome.httpStatus !== 200) throw new Error(`could not activate Growth: ${outcome.result}`);
  return order.id;
}

/** A notify form as PayHere's server signs it. */
export function signedNotify(
  credentials: { merchantId: string; merchantSecret: string },
  orderId: string,
  amount: string,
  currency: string,
  statusCode: string,
): Record<string, string> {
  return {
    merchant_id: credentials.merchantId,
    order_id: orderId,
    payment_id: `32${Math.floor(Math.random() * 1e10)}`,
    payhere_amount: amount,
    payhere_currency: currency,
    status_code: statusCode,
    method: 'VISA',
    md5sig: notifySignature({
      merchantId: credentials.merchantId,
      orderId,
      payhereAmount: amount,
      payhereCurrency: currency,
      statusCode,
      merchantSecret: credentials.merchantSecret,
    }),
  };
}

/**
 * Fills a fresh database with:
 * - company A on Growth (active): adminA; managerA (manages P1 and newHireA1); otherManagerA (manages
 *   nothing); newHireA1 (owns P1, from templateAdminA); newHireA2 (owns P2, from templateManagerA, no
 *   manager, so its conversation is with adminA who created it); pendingA, an invited new hire who has
 *   not set a password; messages M1 (newHireA1 -> managerA on P1) and M2 (adminA -> newHireA2 on P2);
 *   a pending order; a sync client of newHireA1's.
 * - company B on Growth, cancelled (paid period still running): adminB, managerB, newHireB (owns PB,
 *   managed by managerB, from templateB made by managerB), otherManagerB, newHireB2 (owns PB2, no
 *   manager), pendingB, messages MB (managerB -> newHireB) and MB2 (adminB -> newHireB2), a pending order.
 * Every signed-in actor has a session cookie already, so the database does not change when one is used.
 */
function seed(ctx: TestContext) {
  const { db } = ctx;

  const company = (label: 'A' | 'B') => {
    const slug = `${label.toLowerCase()}-${crypto.randomUUID().slice(0, 8)}`;
    const { company: row, user } = createCompanyWithAdmin(db, {
      fullName: `Admin ${label}`,
      email: `admin@${slug}.test`,
      passwordHash: TEST_PASSWORD_HASH,
      companyName: `Company ${label}`,
      companyAddress: '1 Test Street',
      isEmailVerified: true,
    });
    const member = (role: 'manager' | 'new_hire', name: string, managerId?: string, signedUp = true) =>
      asCurrentUser(
        createTeamMember(db, {
          companyId: row.id,
          email: `${name.toLowerCase()}@${slug}.test`,
          fullName: `${name} ${label}`,
          role,
          managerId,
          passwordHash: signedUp ? TEST_PASSWORD_HASH : null,
          isEmailVerified: signedUp,
        }),
      );
    return { company: row, admin: asCurrentUser(user), member };
  };

  const a = company('A');
  const managerA = a.member('manager', 'Manager');
  const otherManagerA = a.member('manager', 'Other');
  const newHireA1 = a.member('new_hire', 'Hire1', managerA.id);
  const newHireA2 = a.member('new_hire', 'Hire2');
  const pendingA = a.member('new_hire', 'Pending', managerA.id, false);

  const b = company('B');
  const managerB = b.member('manager', 'Manager');
  const otherManagerB = b.member('manager', 'Other');
  const newHireB = b.member('new_hire', 'Hire', managerB.id);
  const newHireB2 = b.member('new_hire', 'Hire2');
  const pendingB = b.member('new_hire', 'Pending', managerB.id, false);

  const subscriptionA = activateGrowth(ctx, a.company.id);
  const subscriptionB = activateGrowth(ctx, b.company.id);
  cancelSubscription(db, b.company.id);

  const templateAdminA = createTemplate(db, a.admin, templateInput('Engineering'));
  const templateManagerA = createTemplate(db, managerA, templateInput('Sales'));
  const templateB = createTemplate(db, managerB, templateInput('Support'));

  const planP1 = assignPlanFromTemplate(db, a.admin, { newHireId: newHireA1.id, templateId: templateAdminA.id, startDate: START_DATE, managerId: managerA.id });
  const planP2 = assignPlanFromTemplate(db, a.admin, { newHireId: newHireA2.id, templateId: templateManagerA.id, startDate: START_DATE });
  const planPB = assignPlanFromTemplate(db, managerB, { newHireId: newHireB.id, templateId: templateB.id, startDate: START_DATE });
  const planPB2 = assignPlanFromTemplate(db, b.admin, { newHireId: newHireB2.id, templateId: templateB.id, startDate: START_DATE });

  const send = (user: CurrentUser, planId: string, content: string) =>
    db.transaction((tx) => sendMessage(tx, user, { planId, content }));
  const messageM1 = send(newHireA1, planP1.id, 'Hello manager, where is my laptop?');
  const messageM2 = send(a.admin, planP2.id, 'Welcome aboard!');
  const messageMB = send(managerB, planPB.id, 'Hi, see you Monday.');
  const messageMB2 = send(b.admin, planPB2.id, 'Welcome!');

  // newHireA1's phone has synced once: its clientId is theirs alone.
  const syncClientA1 = crypto.randomUUID();
  pushMutations(db, newHireA1, { clientId: syncClientA1, mutations: [] });

  const orderA = createPendingOrder(db, { companyId: a.company.id, planType: 'business', billingPeriod: 'monthly', currency: 'LKR' });
  const orderB = createPendingOrder(db, { companyId: b.company.id, planType: 'business', billingPeriod: 'monthly', currency: 'USD' });

  const users: Record<SignedInActor, CurrentUser> = {
    adminA: a.admin,
    managerA,
    otherManagerA,
    newHireA1,
    newHireA2,
    adminB: b.admin,
    managerB,
    newHireB,
  };
  const cookies = Object.fromEntries(
    Object.entries(users).map(([actor, user]) => [actor, ctx.cookieFor(user.id)]),
  ) as Record<SignedInActor, string>;

  const firstTask = (plan: { tasks: { id: string }[] }) => {
    const task = plan.tasks[0];
    if (!task) throw new Error('a plan without tasks');
    return task.id;
  };

  return {
    users,
    cookies,
    companies: { A: a.company, B: b.company },
    pending: { A: pendingA, B: pendingB },
    /** Company B's people who are not actors: it has the same shape as A. */
    bystanders: { otherManagerB, newHireB2 },
    templates: { adminA: templateAdminA.id, managerA: templateManagerA.id, B: templateB.id },
    plans: { P1: planP1.id, P2: planP2.id, PB: planPB.id, PB2: planPB2.id },
    tasks: { P1: firstTask(planP1), P2: firstTask(planP2), PB: firstTask(planPB) },
    messages: { M1: messageM1.id, M2: messageM2.id, MB: messageMB.id, MB2: messageMB2.id },
    subscriptions: { A: subscriptionA, B: subscriptionB },
    syncClients: { newHireA1: syncClientA1 },
    orders: {
      pendingA: { orderId: orderA.payhereOrderId ?? '', amount: orderA.amount, currency: orderA.currency },
      pendingB: { orderId: orderB.payhereOrderId ?? '', amount: orderB.amount, currency: orderB.currency },
    },
  };
}

/** What a cell talks to: the harness's surface, over either a fresh or a forked database. */
export type WorldContext = Pick<TestContext, 'app' | 'db' | 'sqlite' | 'config' | 'mails' | 'request' | 'cookieFor'>;
export type World = ReturnType<typeof seed> & { ctx: WorldContext };

/** Builds the world through the real query functions, in the harness's in-memory database. */
export function buildWorld(env: Record<string, string> = {}): World {
  const ctx = createTestContext(env);
  return { ...seed(ctx), ctx };
}

/** The same API over another database (a fork of the built world). */
function contextOver(sqlite: Database.Database, config: Config): WorldContext {
  return apiOver(drizzle({ client: sqlite, schema }), sqlite, config);
}

const images = new WeakMap<World, Buffer>();

/**
 * An independent copy of the world (same ids, same sessions) in about a millisecond, where building
 * one takes a couple of hundred: every matrix cell gets its own, so no write leaks into the next cell.
 */
export function forkWorld(world: World): World {
  let image = images.get(world);
  if (!image) {
    image = world.ctx.sqlite.serialize();
    images.set(world, image);
  }
  const sqlite = new Database(image);
  sqlite.pragma('foreign_keys = ON');
  return { ...world, ctx: contextOver(sqlite, world.ctx.config) };
}

const DATA_TABLES_SQL = "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%' ORDER BY name";

/** Every table's row count and a hash of its rows, so a refused request can be shown to have changed nothing. */
export function snapshot(sqlite: Database.Database, except: readonly string[] = []): Record<string, string> {
  const tables = (sqlite.prepare(DATA_TABLES_SQL).all() as { name: string }[]).map((row) => row.name);
  const result: Record<string, string> = {};
  for (const table of tables) {
    if (except.includes(table)) continue;
    const rows = sqlite.prepare(`SELECT * FROM "${table}" ORDER BY rowid`).all();
    result[table] = `${rows.length} rows ${createHash('sha256').update(JSON.stringify(rows)).digest('hex').slice(0, 16)}`;
  }
  return result;
}
