// The sync protocol's server side (DESIGN.md sections 6 and 9): applying pushed mutations once, in
// order, and answering pulls with every visible row of the caller's company changed since a cursor.
import { and, asc, eq, gt, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import * as v from 'valibot';
import {
  isTombstone,
  MUTATION_ARGS_SCHEMAS,
  TOMBSTONE_HORIZON_DAYS,
  type MutationName,
  type MutationResult,
  type PullResponse,
  type PushMutation,
  type PushRequest,
  type PushResponse,
  type SyncMessage,
  type SyncPlan,
  type SyncRow,
  type SyncTask,
  type Tombstone,
} from '../../shared/sync.ts';
import { shownHelpfulLinks } from '../../shared/company.ts';
import type { Role } from '../../shared/roles.ts';
import { first, nextVersion, snapshot, transaction, type Db, type Tx } from '../db/client.ts';
import { preparedFor } from '../db/prepared.ts';
import { companies, messages, onboardingPlans, onboardingTasks, syncClients, templates, users } from '../db/schema.ts';
import { AppError, badRequest, conflict, found, notFound } from '../lib/app-error.ts';
import type { CurrentUser } from '../lib/env.ts';
import { sendMessage, staffNotesHiddenFrom } from '../messages/messages.queries.ts';
import { getVisiblePlan, perRole, visiblePlanParams, visiblePlansWherePrepared } from '../onboarding/access.ts';
import { setTaskCompleted, toOnboardingTask } from '../onboarding/tasks.queries.ts';
import { tombstonesFor } from './tombstones.ts';

type SyncClientRow = typeof syncClients.$inferSelect;

/** Plans the user may see, deleted ones included, so their deletion reaches the client as a tombstone. */
const planScopeWithDeleted = (role: Role): SQL => visiblePlansWherePrepared(role, { includeDeleted: true });

const newHire = alias(users, 'plan_new_hire');
const manager = alias(users, 'plan_manager');
const contactColumns = { id: users.id, fullName: users.fullName, email: users.email };

// Prepared once per connection (issue 10), named for PostgreSQL. They bind `updatedAt` themselves:
// drizzle computes $defaultFn and $onUpdateFn values when it builds the SQL, which would freeze them here.
const statements = preparedFor((db) => ({
  client: db
    .select()
    .from(syncClients)
    .where(eq(syncClients.clientId, sql.placeholder('clientId')))
    .prepare('sync.client'),
  // A concurrent first request of the same client may insert it first: then nothing comes back.
  insertClient: db
    .insert(syncClients)
    .values({
      clientId: sql.placeholder('clientId'),
      userId: sql.placeholder('userId'),
      companyId: sql.placeholder('companyId'),
      lastMutationId: 0,
      updatedAt: sql.placeholder('updatedAt'),
    })
    .onConflictDoNothing()
    .returning()
    .prepare('sync.client.insert'),
  // Moves the counter on only from the value this push saw, so a concurrent push of the same client
  // cannot apply the same mutation twice: the loser updates no row and rolls back.
  advance: db
    .update(syncClients)
    .set({ lastMutationId: sql`${sql.placeholder('id')}`, updatedAt: sql`${sql.placeholder('updatedAt')}` })
    .where(and(eq(syncClients.clientId, sql.placeholder('clientId')), eq(syncClients.lastMutationId, sql.placeholder('previous'))))
    .returning({ lastMutationId: syncClients.lastMutationId })
    .prepare('sync.client.advance'),
  touchClient: db
    .update(syncClients)
    .set({ updatedAt: sql`${sql.placeholder('updatedAt')}` })
    .where(eq(syncClients.clientId, sql.placeholder('clientId')))
    .prepare('sync.client.touch'),
  lastMutationId: db
    .select({ id: syncClients.lastMutationId })
    .from(syncClients)
    .where(eq(syncClients.clientId, sql.placeholder('clientId')))
    .prepare('sync.client.lastMutationId'),
  plans: perRole((_scope, role) =>
    db
      .select({
        plan: onboardingPlans,
        newHire: { id: newHire.id, fullName: newHire.fullName, email: newHire.email, profileImageUrl: newHire.profileImageUrl },
        manager: {
          id: manager.id,
          fullName: manager.fullName,
          email: manager.email,
          profileImageUrl: manager.profileImageUrl,
          firstName: manager.firstName,
          lastName: manager.lastName,
        },
        template: { title: templates.title, duration: templates.duration, description: templates.description },
      })
      .from(onboardingPlans)
      .innerJoin(newHire, eq(newHire.id, onboardingPlans.newHireId))
      .leftJoin(manager, eq(manager.id, onboardingPlans.managerId))
      .leftJoin(templates, eq(templates.id, onboardingPlans.templateId))
      .where(and(planScopeWithDeleted(role), gt(onboardingPlans.version, sql.placeholder('since'))))
      .orderBy(asc(onboardingPlans.createdAt), asc(onboardingPlans.id))
      .prepare(`sync.pull.plans.${role}`),
  ),
  tasks: perRole((_scope, role) =>
    db
      .select({ task: onboardingTasks, planDeletedAt: onboardingPlans.deletedAt })
      .from(onboardingTasks)
      .innerJoin(onboardingPlans, eq(onboardingPlans.id, onboardingTasks.planId))
      .where(and(planScopeWithDeleted(role), gt(onboardingTasks.version, sql.placeholder('since'))))
      .orderBy(asc(onboardingTasks.planId), asc(onboardingTasks.order), asc(onboardingTasks.id))
      .prepare(`sync.pull.tasks.${role}`),
  ),
  messages: perRole((_scope, role) =>
    db
      .select({
        message: messages,
        planDeletedAt: onboardingPlans.deletedAt,
        senderFullName: users.fullName,
        senderRole: users.role,
      })
      .from(messages)
      .innerJoin(onboardingPlans, eq(onboardingPlans.id, messages.planId))
      .leftJoin(users, eq(users.id, messages.senderId))
      // A staff note never reaches the new hire, not even as a tombstone.
      .where(and(planScopeWithDeleted(role), staffNotesHiddenFrom(sql.placeholder('userId')), gt(messages.version, sql.placeholder('since'))))
      .orderBy(asc(messages.createdAt), asc(messages.id))
      .prepare(`sync.pull.messages.${role}`),
  ),
  // The templates of the plans the caller sees (deleted templates stay readable), looked up from the
  // plans so each is found by its id; the join on companyId keeps another company's template out.
  templates: perRole((scope, role) =>
    db
      .selectDistinct({ id: templates.id, title: templates.title, duration: templates.duration, description: templates.description })
      .from(onboardingPlans)
      .innerJoin(templates, and(eq(templates.id, onboardingPlans.templateId), eq(templates.companyId, onboardingPlans.companyId)))
      .where(scope)
      .orderBy(asc(templates.id))
      .prepare(`sync.pull.templates.${role}`),
  ),
  company: db
    .select({ id: companies.id, name: companies.name, helpfulResources: companies.helpfulResources, version: companies.version })
    .from(companies)
    .where(eq(companies.id, sql.placeholder('companyId')))
    .prepare('sync.pull.company'),
  managerContact: db
    .select(contactColumns)
    .from(users)
    .where(and(eq(users.id, sql.placeholder('managerId')), eq(users.companyId, sql.placeholder('companyId'))))
    .prepare('sync.pull.managerContact'),
  admins: db
    .select(contactColumns)
    .from(users)
    .where(and(eq(users.companyId, sql.placeholder('companyId')), eq(users.role, 'admin')))
    .orderBy(asc(users.createdAt), asc(users.id))
    .prepare('sync.pull.admins'),
}));

/** The caller's sync client, registered on first use; another user's clientId answers 404. */
async function ensureClient(db: Db, user: CurrentUser, clientId: string): Promise<{ client: SyncClientRow; isNew: boolean }> {
  const existing = await first(statements(db).client.execute({ clientId }));
  if (existing) {
    if (existing.userId !== user.id) throw notFound('Sync client');
    return { client: existing, isNew: false };
  }
  return transaction(db, async (tx) => {
    const statement = statements(tx);
    const updatedAt = new Date().toISOString();
    const inserted = await first(statement.insertClient.execute({ clientId, userId: user.id, companyId: user.companyId, updatedAt }));
    if (inserted) return { client: inserted, isNew: true };
    const client = found(await first(statement.client.execute({ clientId })), 'Sync client');
    if (client.userId !== user.id) throw notFound('Sync client');
    return { client, isNew: false };
  });
}

/** The client's counter as stored now (another push of the same client may have moved it on). */
async function storedLastMutationId(db: Db, clientId: string): Promise<number> {
  return found(await first(statements(db).lastMutationId.execute({ clientId })), 'Sync client').id;
}

/** Moves the client's counter from `id - 1` to `id`; false when another push got there first. */
async function advance(tx: Tx, clientId: string, id: number): Promise<boolean> {
  const moved = await statements(tx).advance.execute({ clientId, id, previous: id - 1, updatedAt: new Date().toISOString() });
  return moved.length === 1;
}

/** Checks a mutation's args against its schema; bad args reject that mutation alone. */
function parseArgs<N extends MutationName>(name: N, args: unknown): v.InferOutput<(typeof MUTATION_ARGS_SCHEMAS)[N]> {
  const result = v.safeParse(MUTATION_ARGS_SCHEMAS[name], args);
  if (!result.success) throw badRequest(result.issues[0]?.message ?? 'Invalid mutation');
  return result.output as v.InferOutput<(typeof MUTATION_ARGS_SCHEMAS)[N]>;
}

/**
 * Applies one mutation with the same checks as the REST routes; throws AppError when a rule is broken.
 * Each write takes the company's next version first (the functions called do it themselves).
 */
async function applyMutation(tx: Tx, user: CurrentUser, mutation: PushMutation): Promise<void> {
  switch (mutation.name) {
    case 'task.setCompleted': {
      const args = parseArgs('task.setCompleted', mutation.args);
      await setTaskCompleted(tx, user, { taskId: args.taskId, isCompleted: args.isCompleted, completedAt: args.completedAt ?? undefined });
      return;
    }
    case 'message.send': {
      const args = parseArgs('message.send', mutation.args);
      await sendMessage(tx, user, { id: args.id, planId: args.planId, content: args.content, createdAt: args.createdAt });
      return;
    }
    case 'message.markRead': {
      const args = parseArgs('message.markRead', mutation.args);
      await markConversationRead(tx, user, args.planId, args.upTo);
      return;
    }
    default:
      throw badRequest(`Unknown mutation ${mutation.name}`);
  }
}

/**
 * The messages of a visible plan addressed to the caller and written at or before `upTo` become read,
 * under one new version; nothing to mark writes nothing. Another person's plan answers 404.
 */
async function markConversationRead(tx: Tx, user: CurrentUser, planId: string, upTo: string): Promise<void> {
  const plan = await getVisiblePlan(tx, user, planId);
  const unread = and(
    eq(messages.planId, plan.id),
    eq(messages.receiverId, user.id),
    eq(messages.isRead, false),
    isNull(messages.deletedAt),
    lte(messages.createdAt, new Date(upTo).toISOString()),
  );
  if (!(await first(tx.select({ id: messages.id }).from(messages).where(unread).limit(1)))) return;
  const version = await nextVersion(tx, user.companyId);
  await tx.update(messages).set({ isRead: true, version }).where(unread);
}

/** Thrown inside a mutation's transaction to roll it back: another push of the same client applied it first. */
class AppliedElsewhere extends Error {}

/**
 * Applies the mutation and advances the client's counter in one transaction. A broken rule rolls the
 * mutation back and still advances the counter. Null: another push of the same client got there first.
 */
async function applyInOrder(db: Db, user: CurrentUser, clientId: string, mutation: PushMutation): Promise<MutationResult | null> {
  try {
    await transaction(db, async (tx) => {
      await applyMutation(tx, user, mutation);
      // Last, after the company's lock: every writer takes that one first, so no two wait on each other.
      if (!(await advance(tx, clientId, mutation.id))) throw new AppliedElsewhere();
    });
    return { id: mutation.id, status: 'applied' };
  } catch (error) {
    if (error instanceof AppliedElsewhere) return null;
    // A broken rule is the person's to see, not a reason to block the queue; a server fault is retried.
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    const advanced = await transaction(db, (tx) => advance(tx, clientId, mutation.id));
    return advanced ? { id: mutation.id, status: 'rejected', message: error.message } : null;
  }
}

/**
 * POST /api/sync/push. Each mutation commits on its own: a duplicate is skipped, a gap stops the
 * push with 409 (earlier ones stay applied), and a rejected one still advances the counter.
 */
export async function pushMutations(db: Db, user: CurrentUser, request: PushRequest): Promise<PushResponse> {
  const { clientId } = request;
  let { lastMutationId } = (await ensureClient(db, user, clientId)).client;
  const results: MutationResult[] = [];
  for (let index = 0; index < request.mutations.length;) {
    const mutation = request.mutations[index]!;
    if (mutation.id <= lastMutationId) {
      results.push({ id: mutation.id, status: 'duplicate' });
      index += 1;
      continue;
    }
    if (mutation.id > lastMutationId + 1) {
      // Another push of this client may have moved the counter on since it was read: look again first.
      const stored = await storedLastMutationId(db, clientId);
      if (stored !== lastMutationId) {
        lastMutationId = stored;
        continue;
      }
      throw conflict(`Mutation ${mutation.id} is out of order: the server expected ${lastMutationId + 1}.`);
    }
    const result = await applyInOrder(db, user, clientId, mutation);
    if (result) {
      results.push(result);
      lastMutationId = mutation.id;
      index += 1;
    } else {
      // Applied by a concurrent push of the same client: the next round answers it as a duplicate.
      lastMutationId = await storedLastMutationId(db, clientId);
    }
  }
  return { results, lastMutationId };
}

const tombstone = (id: string): Tombstone => ({ id, deleted: true });
const DAY_MS = 86_400_000;

export type PullOptions = { clientId: string; cursor: number; now?: Date };

/**
 * GET /api/sync/pull: everything visible that changed after `cursor`, read in one snapshot. The new
 * cursor is the company's version in that snapshot: every write stamped at or below it has committed
 * and is in the snapshot (the company's row lock orders its writers), every later one is above it.
 */
export async function pullChanges(db: Db, user: CurrentUser, options: PullOptions): Promise<PullResponse> {
  const now = options.now ?? new Date();
  const { client, isNew } = await ensureClient(db, user, options.clientId);
  // updatedAt doubles as "last seen": a client silent past the tombstone horizon may have missed deletions.
  // One statement needs no transaction of its own, and a client just made was seen now already.
  if (!isNew) await statements(db).touchClient.execute({ clientId: client.clientId, updatedAt: now.toISOString() });
  const params = visiblePlanParams(user);

  return snapshot(db, async (tx) => {
    // Prepared on the snapshot's own handle: on PostgreSQL that is its connection.
    const statement = statements(tx);
    const company = found(await first(statement.company.execute({ companyId: user.companyId })), 'Company');
    const current = company.version;
    const silentTooLong = now.getTime() - Date.parse(client.updatedAt) > TOMBSTONE_HORIZON_DAYS * DAY_MS;
    const reset = options.cursor <= 0 || isNew || silentTooLong || options.cursor > current;
    const since = reset ? 0 : options.cursor;
    const keep = <T extends { id: string }>(rows: SyncRow<T>[]) => (reset ? rows.filter((row) => !isTombstone(row)) : rows);

    const planRows = await statement.plans[user.role].execute({ ...params, since });
    const plans = keep(
      planRows.map(({ plan, newHire, manager, template }): SyncRow<SyncPlan> =>
        plan.deletedAt
          ? tombstone(plan.id)
          : {
              id: plan.id,
              newHireId: plan.newHireId,
              templateId: plan.templateId,
              managerId: plan.managerId,
              companyId: plan.companyId,
              startDate: plan.startDate,
              currentPhase: plan.currentPhase,
              isCompleted: plan.isCompleted,
              completedAt: plan.completedAt,
              createdAt: plan.createdAt,
              updatedAt: plan.updatedAt,
              newHire,
              manager: manager?.id ? manager : null,
              template: template?.title !== undefined && template.title !== null ? template : null,
            },
      ),
    );

    const taskRows = await statement.tasks[user.role].execute({ ...params, since });
    const tasks = keep(taskRows.map(({ task, planDeletedAt }): SyncRow<SyncTask> => (task.deletedAt || planDeletedAt ? tombstone(task.id) : toOnboardingTask(task))));

    const messageRows = await statement.messages[user.role].execute({ ...params, since });
    const syncMessages = keep(
      messageRows.map(({ message, planDeletedAt, senderFullName, senderRole }): SyncRow<SyncMessage> =>
        message.deletedAt || planDeletedAt
          ? tombstone(message.id)
          : {
              id: message.id,
              planId: message.planId,
              senderId: message.senderId,
              receiverId: message.receiverId,
              content: message.content,
              audience: message.audience,
              isRead: message.isRead,
              createdAt: message.createdAt,
              sender: senderRole ? { fullName: senderFullName, role: senderRole } : null,
            },
      ),
    );

    // Few and small: the templates of the visible plans are sent whole every time, so a plan newly
    // assigned from an old template still brings its title and duration.
    const syncTemplates = await statement.templates[user.role].execute(params);

    const managerContact = user.managerId ? ((await first(statement.managerContact.execute({ managerId: user.managerId, companyId: user.companyId }))) ?? null) : null;
    const admins = managerContact ? [] : await statement.admins.execute({ companyId: user.companyId });
    // Rows that left the caller's view with no deletedAt row behind (hard deletes, a plan handed to
    // someone else). A live row in this answer is newer than any such tombstone and wins.
    const gone = reset ? [] : await tombstonesFor(tx, user, since);
    const leftView = (entity: 'plan' | 'message', live: { id: string }[]) => {
      const present = new Set(live.map((row) => row.id));
      return gone.filter((row) => row.entity === entity && !present.has(row.entityId)).map((row) => tombstone(row.entityId));
    };
    // Plan tombstones first: a client drops a plan's tasks and messages with it, then applies what follows.
    plans.unshift(...leftView('plan', plans));
    syncMessages.unshift(...leftView('message', syncMessages));

    const lastMutationId = (await first(statement.lastMutationId.execute({ clientId: client.clientId })))?.id ?? 0;

    return {
      cursor: current,
      lastMutationId,
      reset,
      plans,
      tasks,
      templates: syncTemplates,
      messages: syncMessages,
      company: {
        id: company.id,
        name: company.name,
        helpfulResources: shownHelpfulLinks(company.helpfulResources),
      },
      contacts: { manager: managerContact, admins },
    };
  });
}
