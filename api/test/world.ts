// Test-only: two companies with every kind of person, templates, plans, messages and subscriptions,
// built through the real query functions, for the permission matrix and the session checks.
import type { ApiKeyScope } from '../../shared/api-keys.ts';
import { createApiKey } from '../api-keys/api-keys.queries.ts';
import { createCompanyWithAdmin, createTeamMember } from '../auth/auth.queries.ts';
import type { Config } from '../config.ts';
import { transaction } from '../db/client.ts';
import { asCurrentUser, type CurrentUser } from '../lib/env.ts';
import { sendMessage } from '../messages/messages.queries.ts';
import { assignPlanFromTemplate } from '../onboarding/onboarding.queries.ts';
import { notifySignature, payhereCredentials } from '../subscriptions/payhere.ts';
import { cancelSubscription, createPendingOrder, processNotify } from '../subscriptions/subscriptions.queries.ts';
import { subscriptionManagerFor } from '../subscriptions/subscription-manager.ts';
import { pushMutations } from '../sync/sync.queries.ts';
import { createTemplate } from '../templates/templates.queries.ts';
import type { TaskType } from '../../shared/tasks.ts';
import type { TemplateDetails, TemplateInputRaw } from '../../shared/templates.ts';
import { apiOver, createTestContext, TEST_PASSWORD_HASH, type TestContext } from './harness.ts';
import { DatabaseImage } from './database-image.ts';

/** Who calls. Company A has two managers (one manages P1, the other nothing) and two new hires. */
export const ACTORS = ['anonymous', 'adminA', 'managerA', 'otherManagerA', 'newHireA1', 'newHireA2', 'adminB', 'managerB', 'newHireB'] as const;
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

/**
 * Callers by API key (issue 21): company A's keys, made by adminA, sent as `Authorization: Bearer` with no
 * cookie. Each acts as adminA within its scope; matrix.ts derives what they get from adminA's line.
 */
export const KEY_ACTORS = ['keyA', 'readKeyA'] as const;
export type KeyActor = (typeof KEY_ACTORS)[number];
export const KEY_SCOPE: Record<KeyActor, ApiKeyScope> = { keyA: 'write', readKeyA: 'read' };
/** Whose key it is: the actor it acts as. */
export const KEY_CREATOR: Record<KeyActor, SignedInActor> = { keyA: 'adminA', readKeyA: 'adminA' };

/** Start date of every plan; its value does not matter to any permission. */
const START_DATE = '2026-01-05';

/** Every template's policy, so a test can send the hash of what the new hire read. */
export const WORLD_POLICY_TEXT = 'Be kind. Keep secrets secret.';
/** The smallest file the server takes as a PDF (its type is read from these first bytes). */
export const WORLD_PDF = new TextEncoder().encode('%PDF-1.4\n%%EOF\n');

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
        // Issue 19: what the new hire hands in (files, acceptances, answers) and who may read it.
        { title: 'Bank details', type: 'form', formQuestions: [{ id: 'iban', kind: 'short_text', label: 'IBAN', required: true }] },
        { title: 'Code of conduct', type: 'acknowledgement', policyText: WORLD_POLICY_TEXT },
        { title: 'Copy of your ID', type: 'upload', uploadKinds: ['pdf'] },
      ],
    },
  ],
});

/** A paid Growth plan, activated the only way the product allows: a verified notify. */
async function activateGrowth(ctx: TestContext, companyId: string) {
  const order = await createPendingOrder(ctx.db, { companyId, planType: 'growth', billingPeriod: 'monthly', currency: 'LKR' });
  const orderId = order.payhereOrderId ?? '';
  const credentials = payhereCredentials(ctx.config.payhere);
  if (!credentials) throw new Error('the test config has no PayHere simulator');
  const outcome = await processNotify(ctx.db, ctx.config.payhere, signedNotify(credentials, orderId, order.amount, order.currency, '2'));
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
 *   staff note SN1 (adminA -> managerA on P1, never newHireA1's to read);
 *   a pending order; a sync client of newHireA1's.
 * - company B on Growth, cancelled (paid period still running): adminB, managerB, newHireB (owns PB,
 *   managed by managerB, from templateB made by managerB), otherManagerB, newHireB2 (owns PB2, no
 *   manager), pendingB, messages MB (managerB -> newHireB) and MB2 (adminB -> newHireB2), a pending order.
 * Every signed-in actor has a session cookie already, so the database does not change when one is used.
 */
async function seed(ctx: TestContext) {
  const { db } = ctx;

  const company = async (label: 'A' | 'B') => {
    const slug = `${label.toLowerCase()}-${crypto.randomUUID().slice(0, 8)}`;
    const { company: row, user } = await createCompanyWithAdmin(db, {
      fullName: `Admin ${label}`,
      email: `admin@${slug}.test`,
      passwordHash: TEST_PASSWORD_HASH,
      companyName: `Company ${label}`,
      companyAddress: '1 Test Street',
      isEmailVerified: true,
    });
    const member = async (role: 'manager' | 'new_hire', name: string, managerId?: string, signedUp = true) =>
      asCurrentUser(
        await createTeamMember(db, {
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

  const a = await company('A');
  const managerA = await a.member('manager', 'Manager');
  const otherManagerA = await a.member('manager', 'Other');
  const newHireA1 = await a.member('new_hire', 'Hire1', managerA.id);
  const newHireA2 = await a.member('new_hire', 'Hire2');
  const pendingA = await a.member('new_hire', 'Pending', managerA.id, false);

  const b = await company('B');
  const managerB = await b.member('manager', 'Manager');
  const otherManagerB = await b.member('manager', 'Other');
  const newHireB = await b.member('new_hire', 'Hire', managerB.id);
  const newHireB2 = await b.member('new_hire', 'Hire2');
  const pendingB = await b.member('new_hire', 'Pending', managerB.id, false);

  const subscriptionA = await activateGrowth(ctx, a.company.id);
  const subscriptionB = await activateGrowth(ctx, b.company.id);
  await cancelSubscription(db, { companyId: b.company.id, userId: b.admin.id, reason: 'other', payhere: subscriptionManagerFor(ctx.config) });

  const templateAdminA = await createTemplate(db, a.admin, templateInput('Engineering'));
  const templateManagerA = await createTemplate(db, managerA, templateInput('Sales'));
  const templateB = await createTemplate(db, managerB, templateInput('Support'));

  const planP1 = await assignPlanFromTemplate(db, a.admin, { newHireId: newHireA1.id, templateId: templateAdminA.id, startDate: START_DATE, managerId: managerA.id });
  const planP2 = await assignPlanFromTemplate(db, a.admin, { newHireId: newHireA2.id, templateId: templateManagerA.id, startDate: START_DATE });
  const planPB = await assignPlanFromTemplate(db, managerB, { newHireId: newHireB.id, templateId: templateB.id, startDate: START_DATE });
  const planPB2 = await assignPlanFromTemplate(db, b.admin, { newHireId: newHireB2.id, templateId: templateB.id, startDate: START_DATE });

  const send = (user: CurrentUser, planId: string, content: string) => transaction(db, (tx) => sendMessage(tx, user, { planId, content }));
  const messageM1 = await send(newHireA1, planP1.id, 'Hello manager, where is my laptop?');
  const messageM2 = await send(a.admin, planP2.id, 'Welcome aboard!');
  const messageMB = await send(managerB, planPB.id, 'Hi, see you Monday.');
  const messageMB2 = await send(b.admin, planPB2.id, 'Welcome!');
  // adminA's note to managerA about P1: a staff note, which newHireA1 must never read by any route.
  const staffNoteSN1 = await send(a.admin, planP1.id, 'Their laptop is on back order; please tell them gently.');

  // newHireA1's phone has synced once: its clientId is theirs alone.
  const syncClientA1 = crypto.randomUUID();
  await pushMutations(db, newHireA1, { clientId: syncClientA1, mutations: [] });

  // Company A's keys (the key actors) and one of company B's, each made by its company's admin.
  const key = async (user: CurrentUser, name: string, scope: ApiKeyScope) => {
    const { id, key: secret } = await createApiKey(db, user, { name, scope });
    return { id, key: secret };
  };
  const apiKeys = {
    keyA: await key(a.admin, 'Matrix write key', KEY_SCOPE.keyA),
    readKeyA: await key(a.admin, 'Matrix read key', KEY_SCOPE.readKeyA),
    B: await key(b.admin, 'Company B key', 'write'),
  };

  const orderA = await createPendingOrder(db, { companyId: a.company.id, planType: 'business', billingPeriod: 'monthly', currency: 'LKR' });
  const orderB = await createPendingOrder(db, { companyId: b.company.id, planType: 'business', billingPeriod: 'monthly', currency: 'USD' });

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
  const cookies = Object.fromEntries(await Promise.all(Object.entries(users).map(async ([actor, user]) => [actor, await ctx.cookieFor(user.id)]))) as Record<SignedInActor, string>;

  const firstTask = (plan: { tasks: { id: string }[] }) => {
    const task = plan.tasks[0];
    if (!task) throw new Error('a plan without tasks');
    return task.id;
  };
  const taskOfType = (tasks: { id: string; type: TaskType }[], type: TaskType) => {
    const task = tasks.find((candidate) => candidate.type === type);
    if (!task) throw new Error(`no ${type} task`);
    return task.id;
  };
  const actionTasksOf = (tasks: { id: string; type: TaskType }[]) => ({
    form: taskOfType(tasks, 'form'),
    acknowledgement: taskOfType(tasks, 'acknowledgement'),
    upload: taskOfType(tasks, 'upload'),
  });
  const templateTasksOf = (template: TemplateDetails) => actionTasksOf(template.sections.flatMap((section) => section.tasks));

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
    /** Each plan's form, policy and upload task, and each template's. */
    actionTasks: { P1: actionTasksOf(planP1.tasks), P2: actionTasksOf(planP2.tasks), PB: actionTasksOf(planPB.tasks) },
    templateTasks: { adminA: templateTasksOf(templateAdminA), managerA: templateTasksOf(templateManagerA), B: templateTasksOf(templateB) },
    /** Each plan's tasks in reverse: a new order naming every task once. */
    reversedTasks: { P1: planP1.tasks.map((task) => task.id).reverse(), P2: planP2.tasks.map((task) => task.id).reverse(), PB: planPB.tasks.map((task) => task.id).reverse() },
    messages: { M1: messageM1.id, M2: messageM2.id, MB: messageMB.id, MB2: messageMB2.id, SN1: staffNoteSN1.id },
    subscriptions: { A: subscriptionA, B: subscriptionB },
    syncClients: { newHireA1: syncClientA1 },
    /** Each key's id and the key itself (what the key actors send). */
    apiKeys,
    orders: {
      pendingA: { orderId: orderA.payhereOrderId ?? '', amount: orderA.amount, currency: orderA.currency },
      pendingB: { orderId: orderB.payhereOrderId ?? '', amount: orderB.amount, currency: orderB.currency },
    },
  };
}

export type WorldData = Awaited<ReturnType<typeof seed>>;

/** What a cell talks to: the harness's surface over its own copy of the world's database. */
export type WorldContext = Pick<TestContext, 'app' | 'db' | 'config' | 'mails' | 'changes' | 'request' | 'cookieFor'> & { close: () => Promise<void> };
export type World = WorldData & { ctx: WorldContext };

/** The built world, frozen: every fork is a copy of it. */
export type WorldImage = { data: WorldData; image: DatabaseImage; config: Config };

/** Builds the world through the real query functions in a test database, and freezes that database. */
export async function buildWorld(env: Record<string, string> = {}): Promise<WorldImage> {
  const ctx = await createTestContext(env);
  const data = await seed(ctx);
  return { data, image: await DatabaseImage.of(ctx.database), config: ctx.config };
}

/**
 * A fresh copy of the world (same ids, same sessions), so no write leaks into the next cell: about a
 * millisecond on SQLite, where building one takes a couple of hundred; on PostgreSQL the one database
 * put back as it was (database-image.ts), so one fork at a time. The caller closes it (`w.ctx.close()`).
 */
export async function forkWorld(world: WorldImage): Promise<World> {
  const copy = await world.image.copy();
  const api = apiOver(copy.db, { ...world.config, database: copy.config });
  return { ...world.data, ctx: { ...api, close: copy.close } };
}
