// The sync protocol's server side (DESIGN.md section 6): applying pushed mutations once, in order,
// and answering pulls with every visible row changed since a cursor.
import { and, asc, eq, gt, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
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
import type { Role } from '../../shared/roles.ts';
import { nextVersion, type Db, type Tx } from '../db/client.ts';
import { preparedFor } from '../db/prepared.ts';
import { companies, messages, onboardingPlans, onboardingTasks, syncClients, syncState, templates, users } from '../db/schema.ts';
import { AppError, badRequest, conflict, found, notFound } from '../lib/app-error.ts';
import type { CurrentUser } from '../lib/env.ts';
import { getConversationPlan, sendMessage } from '../messages/messages.queries.ts';
import { perRole, visiblePlanParams, visiblePlansWherePrepared } from '../onboarding/access.ts';
import { setTaskCompleted, toOnboardingTask } from '../onboarding/tasks.queries.ts';
import { tombstonesFor } from './tombstones.ts';

type SyncClientRow = typeof syncClients.$inferSelect;

/** Plans the user may see, deleted ones included, so their deletion reaches the client as a tombstone. */
const planScopeWithDeleted = (role: Role): SQL => visiblePlansWherePrepared(role, { includeDeleted: true });

const newHire = alias(users, 'plan_new_hire');
const manager = alias(users, 'plan_manager');
const contactColumns = { id: users.id, fullName: users.fullName, email: users.email };

// Prepared once per database (issue 10). They bind `updatedAt` themselves: drizzle computes
// $defaultFn and $onUpdateFn values when it builds the SQL, which would freeze them here.
const statements = preparedFor((db) => ({
  client: db.select().from(syncClients).where(eq(syncClients.clientId, sql.placeholder('clientId'))).prepare(),
  insertClient: db
    .insert(syncClients)
    .values({ clientId: sql.placeholder('clientId'), userId: sql.placeholder('userId'), lastMutationId: 0, updatedAt: sql.placeholder('updatedAt') })
    .returning()
    .prepare(),
  setLastMutationId: db
    .update(syncClients)
    .set({ lastMutationId: sql`${sql.placeholder('lastMutationId')}`, updatedAt: sql`${sql.placeholder('updatedAt')}` })
    .where(eq(syncClients.clientId, sql.placeholder('clientId')))
    .prepare(),
  touchClient: db
    .update(syncClients)
    .set({ updatedAt: sql`${sql.placeholder('updatedAt')}` })
    .where(eq(syncClients.clientId, sql.placeholder('clientId')))
    .prepare(),
  lastMutationId: db.select({ id: syncClients.lastMutationId }).from(syncClients).where(eq(syncClients.clientId, sql.placeholder('clientId'))).prepare(),
  version: db.select({ version: syncState.version }).from(syncState).where(eq(syncState.id, 1)).prepare(),
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
      .prepare(),
  ),
  tasks: perRole((_scope, role) =>
    db
      .select({ task: onboardingTasks, planDeletedAt: onboardingPlans.deletedAt })
      .from(onboardingTasks)
      .innerJoin(onboardingPlans, eq(onboardingPlans.id, onboardingTasks.planId))
      .where(and(planScopeWithDeleted(role), gt(onboardingTasks.version, sql.placeholder('since'))))
      .orderBy(asc(onboardingTasks.planId), asc(onboardingTasks.order))
      .prepare(),
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
      .where(and(planScopeWithDeleted(role), gt(messages.version, sql.placeholder('since'))))
      .orderBy(asc(messages.createdAt), asc(messages.id))
      .prepare(),
  ),
  planTemplateIds: perRole((scope) => db.select({ id: onboardingPlans.templateId }).from(onboardingPlans).where(scope).prepare()),
  // The ids travel as one JSON array, so one prepared statement serves any number of templates. The
  // unary + keeps SQLite from reading all of the company's templates instead of looking up each id.
  templates: db
    .select({ id: templates.id, title: templates.title, duration: templates.duration, description: templates.description })
    .from(templates)
    .where(
      and(
        sql`+${templates.companyId} = ${sql.placeholder('companyId')}`,
        sql`${templates.id} in (select value from json_each(${sql.placeholder('templateIds')}))`,
      ),
    )
    .prepare(),
  company: db
    .select({ id: companies.id, name: companies.name, helpfulResources: companies.helpfulResources })
    .from(companies)
    .where(eq(companies.id, sql.placeholder('companyId')))
    .prepare(),
  managerContact: db
    .select(contactColumns)
    .from(users)
    .where(and(eq(users.id, sql.placeholder('managerId')), eq(users.companyId, sql.placeholder('companyId'))))
    .prepare(),
  admins: db
    .select(contactColumns)
    .from(users)
    .where(and(eq(users.companyId, sql.placeholder('companyId')), eq(users.role, 'admin')))
    .orderBy(asc(users.createdAt))
    .prepare(),
}));

/** The caller's sync client, registered on first use; another user's clientId answers 404. */
function ensureClient(db: Db, user: CurrentUser, clientId: string): { client: SyncClientRow; isNew: boolean } {
  const statement = statements(db);
  const existing = statement.client.get({ clientId });
  if (existing) {
    if (existing.userId !== user.id) throw notFound('Sync client');
    return { client: existing, isNew: false };
  }
  const client = found(statement.insertClient.get({ clientId, userId: user.id, updatedAt: new Date().toISOString() }), 'Sync client');
  return { client, isNew: true };
}

function setLastMutationId(db: Db | Tx, clientId: string, id: number) {
  statements(db).setLastMutationId.run({ clientId, lastMutationId: id, updatedAt: new Date().toISOString() });
}

/** Checks a mutation's args against its schema; bad args reject that mutation alone. */
function parseArgs<N extends MutationName>(name: N, args: unknown): v.InferOutput<(typeof MUTATION_ARGS_SCHEMAS)[N]> {
  const result = v.safeParse(MUTATION_ARGS_SCHEMAS[name], args);
  if (!result.success) throw badRequest(result.issues[0]?.message ?? 'Invalid mutation');
  return result.output as v.InferOutput<(typeof MUTATION_ARGS_SCHEMAS)[N]>;
}

/** Applies one mutation with the same checks as the REST routes; throws AppError when a rule is broken. */
function applyMutation(tx: Tx, user: CurrentUser, mutation: PushMutation): void {
  switch (mutation.name) {
    case 'task.setCompleted': {
      const args = parseArgs('task.setCompleted', mutation.args);
      setTaskCompleted(tx, user, { taskId: args.taskId, isCompleted: args.isCompleted, completedAt: args.completedAt ?? undefined });
      return;
    }
    case 'message.send': {
      const args = parseArgs('message.send', mutation.args);
      sendMessage(tx, user, { id: args.id, planId: args.planId, content: args.content, createdAt: args.createdAt });
      return;
    }
    case 'message.markRead': {
      const args = parseArgs('message.markRead', mutation.args);
      markConversationRead(tx, user, args.planId, args.upTo);
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
function markConversationRead(tx: Tx, user: CurrentUser, planId: string, upTo: string): void {
  const plan = getConversationPlan(tx, user, planId);
  const unread = and(
    eq(messages.planId, plan.id),
    eq(messages.receiverId, user.id),
    eq(messages.isRead, false),
    isNull(messages.deletedAt),
    lte(messages.createdAt, new Date(upTo).toISOString()),
  );
  if (!tx.select({ id: messages.id }).from(messages).where(unread).limit(1).get()) return;
  tx.update(messages).set({ isRead: true, version: nextVersion(tx) }).where(unread).run();
}

/**
 * POST /api/sync/push. Each mutation commits on its own: a duplicate is skipped, a gap stops the
 * push with 409 (earlier ones stay applied), and a rejected one still advances the counter.
 */
export function pushMutations(db: Db, user: CurrentUser, request: PushRequest): PushResponse {
  let { lastMutationId } = ensureClient(db, user, request.clientId).client;
  const results: MutationResult[] = [];
  for (const mutation of request.mutations) {
    if (mutation.id <= lastMutationId) {
      results.push({ id: mutation.id, status: 'duplicate' });
      continue;
    }
    if (mutation.id > lastMutationId + 1) {
      throw conflict(`Mutation ${mutation.id} is out of order: the server expected ${lastMutationId + 1}.`);
    }
    try {
      db.transaction((tx) => {
        applyMutation(tx, user, mutation);
        setLastMutationId(tx, request.clientId, mutation.id);
      });
      results.push({ id: mutation.id, status: 'applied' });
    } catch (error) {
      // A broken rule is the person's to see, not a reason to block the queue; a server fault is retried.
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      setLastMutationId(db, request.clientId, mutation.id);
      results.push({ id: mutation.id, status: 'rejected', message: error.message });
    }
    lastMutationId = mutation.id;
  }
  return { results, lastMutationId };
}

const tombstone = (id: string): Tombstone => ({ id, deleted: true });
const DAY_MS = 86_400_000;

export type PullOptions = { clientId: string; cursor: number; now?: Date };

/** GET /api/sync/pull: everything visible that changed after `cursor`, read in one transaction. */
export function pullChanges(db: Db, user: CurrentUser, options: PullOptions): PullResponse {
  const now = options.now ?? new Date();
  const { client, isNew } = ensureClient(db, user, options.clientId);
  const statement = statements(db);
  // updatedAt doubles as "last seen": a client silent past the tombstone horizon may have missed deletions.
  statement.touchClient.run({ clientId: client.clientId, updatedAt: now.toISOString() });
  const params = visiblePlanParams(user);

  // The prepared statements run on the connection, inside the transaction this opens.
  return db.transaction((tx) => {
    const current = found(statement.version.get(), 'Sync state').version;
    const silentTooLong = now.getTime() - Date.parse(client.updatedAt) > TOMBSTONE_HORIZON_DAYS * DAY_MS;
    const reset = options.cursor <= 0 || isNew || silentTooLong || options.cursor > current;
    const since = reset ? 0 : options.cursor;
    const keep = <T extends { id: string }>(rows: SyncRow<T>[]) => (reset ? rows.filter((row) => !isTombstone(row)) : rows);

    const planRows = statement.plans[user.role].all({ ...params, since });
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

    const tasks = keep(
      statement.tasks[user.role]
        .all({ ...params, since })
        .map(({ task, planDeletedAt }): SyncRow<SyncTask> =>
          task.deletedAt || planDeletedAt ? tombstone(task.id) : toOnboardingTask(task),
        ),
    );

    const messageRows = statement.messages[user.role].all({ ...params, since });
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
              isRead: message.isRead,
              createdAt: message.createdAt,
              sender: senderRole ? { fullName: senderFullName, role: senderRole } : null,
            },
      ),
    );

    // Few and small: the templates of the visible plans are sent whole every time, so a plan newly
    // assigned from an old template still brings its title and duration. Deleted templates stay readable.
    const planTemplateIds = statement.planTemplateIds[user.role]
      .all(params)
      .map((row) => row.id)
      .filter((id): id is string => !!id);
    const syncTemplates = planTemplateIds.length
      ? statement.templates.all({ companyId: user.companyId, templateIds: JSON.stringify(planTemplateIds) })
      : [];

    const company = found(statement.company.get({ companyId: user.companyId }), 'Company');
    const managerContact = user.managerId
      ? (statement.managerContact.get({ managerId: user.managerId, companyId: user.companyId }) ?? null)
      : null;
    const admins = managerContact ? [] : statement.admins.all({ companyId: user.companyId });
    // Rows that left the caller's view with no deletedAt row behind (hard deletes, a plan handed to
    // someone else). A live row in this answer is newer than any such tombstone and wins.
    const gone = reset ? [] : tombstonesFor(tx, user, since);
    const leftView = (entity: 'plan' | 'message', live: { id: string }[]) => {
      const present = new Set(live.map((row) => row.id));
      return gone.filter((row) => row.entity === entity && !present.has(row.entityId)).map((row) => tombstone(row.entityId));
    };
    // Plan tombstones first: a client drops a plan's tasks and messages with it, then applies what follows.
    plans.unshift(...leftView('plan', plans));
    syncMessages.unshift(...leftView('message', syncMessages));

    const lastMutationId = statement.lastMutationId.get({ clientId: client.clientId })?.id ?? 0;

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
        helpfulResources: (company.helpfulResources ?? []).filter((link) => link.label && link.url),
      },
      contacts: { manager: managerContact, admins },
    };
  });
}
