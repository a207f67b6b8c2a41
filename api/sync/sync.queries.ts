// The sync protocol's server side (DESIGN.md sections 6 and 9): applying pushed mutations once, in
// order, and answering pulls with every visible row of the caller's company changed since a cursor.
import { and, eq, getTableColumns, gt, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
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
import { taskHasPlaceholders } from '../../shared/placeholders.ts';
import type { Role } from '../../shared/roles.ts';
import { committedRead, first, lockCompanyTakingVersion, nextVersion, transaction, type Db, type Tx } from '../db/client.ts';
import { jsonRows } from '../db/json-rows.ts';
import { flatRows, preparedFor } from '../db/prepared.ts';
import { companies, messages, onboardingPlans, onboardingTasks, syncClients, templates, users } from '../db/schema.ts';
import { AppError, badRequest, conflict, found, notFound } from '../lib/app-error.ts';
import type { CurrentUser } from '../lib/env.ts';
import { sendMessage, staffNotesHiddenFrom } from '../messages/messages.queries.ts';
import { submitForm } from '../forms/forms.queries.ts';
import type { FormAnswers } from '../../shared/forms.ts';
import { getVisiblePlan, perRole, visiblePlanParams, visiblePlansWherePrepared } from '../onboarding/access.ts';
import { placeholderValuesByPlan } from '../onboarding/plan-parties.ts';
import { setTaskCompleted, taskAssignee, taskAssigneeJoin, taskWithAssigneeColumns, toOnboardingTask, type TaskTick } from '../onboarding/tasks.queries.ts';
import type { TickedTaskRef } from '../events/events.queries.ts';
import { newerTombstones } from './tombstones.ts';
import { planBuddy, planManager, planNewHire, planPeopleColumns } from '../onboarding/plan-people.ts';

type SyncClientRow = typeof syncClients.$inferSelect;

/** Plans the user may see, deleted ones included, so their deletion reaches the client as a tombstone. */
const planScopeWithDeleted = (role: Role): SQL => visiblePlansWherePrepared(role, { includeDeleted: true });

const contact = alias(users, 'contact');

// The pull's reads, each run only inside the pull's one statement (jsonRows), which also orders them.
function changedPlans(db: Db, role: Role) {
  return db
    .select({ ...getTableColumns(onboardingPlans), ...planPeopleColumns })
    .from(onboardingPlans)
    .innerJoin(planNewHire, eq(planNewHire.id, onboardingPlans.newHireId))
    .leftJoin(planManager, eq(planManager.id, onboardingPlans.managerId))
    .leftJoin(planBuddy, eq(planBuddy.id, onboardingPlans.buddyId))
    .leftJoin(templates, eq(templates.id, onboardingPlans.templateId))
    .where(and(planScopeWithDeleted(role), gt(onboardingPlans.version, sql.placeholder('since'))));
}

function changedTasks(db: Db, role: Role) {
  return db
    .select({ ...taskWithAssigneeColumns, planDeletedAt: onboardingPlans.deletedAt })
    .from(onboardingTasks)
    .innerJoin(onboardingPlans, eq(onboardingPlans.id, onboardingTasks.planId))
    .leftJoin(taskAssignee, taskAssigneeJoin)
    .where(and(planScopeWithDeleted(role), gt(onboardingTasks.version, sql.placeholder('since'))));
}

/**
 * A new hire also does tasks on other people's plans (as someone's buddy, say): those assigned to them,
 * each with the plan it is for. Deleted ones and those of deleted plans come too, as tombstones. A
 * new-hire task is the plan's new hire's own, never one done for someone else (a plan handed to another
 * new hire leaves its done ones with who did them): excluding the kind keeps the caller's own changed
 * tasks out of the read, and of tasks_assignee_version_idx. The company is checked on the plan, not the
 * task: a task's company and version together match tasks_company_version_idx, which PostgreSQL's
 * generic plan then walked from the cursor on, every task of the company on a first pull (137 ms for the
 * 10,000-people company).
 */
function changedAssignedTasks(db: Db) {
  return db
    .select({
      ...taskWithAssigneeColumns,
      planDeletedAt: onboardingPlans.deletedAt,
      planKind: onboardingPlans.kind,
      planStartDate: onboardingPlans.startDate,
      planNewHireId: planNewHire.id,
      planNewHireFullName: planNewHire.fullName,
      planNewHireEmail: planNewHire.email,
      planNewHireImageUrl: planNewHire.profileImageUrl,
    })
    .from(onboardingTasks)
    .innerJoin(onboardingPlans, eq(onboardingPlans.id, onboardingTasks.planId))
    .innerJoin(planNewHire, eq(planNewHire.id, onboardingPlans.newHireId))
    .leftJoin(taskAssignee, taskAssigneeJoin)
    .where(
      and(
        eq(onboardingTasks.assigneeId, sql.placeholder('userId')),
        // A literal, as the index's own condition: a generic plan cannot prove a parameter matches it.
        sql`${onboardingTasks.assigneeKind} <> 'new_hire'`,
        eq(onboardingPlans.companyId, sql.placeholder('companyId')),
        ne(onboardingPlans.newHireId, sql.placeholder('userId')),
        gt(onboardingTasks.version, sql.placeholder('since')),
      ),
    );
}
type AssignedTaskRow = Awaited<ReturnType<typeof changedAssignedTasks>>[number];

function changedMessages(db: Db, role: Role) {
  return (
    db
      .select({ ...getTableColumns(messages), planDeletedAt: onboardingPlans.deletedAt, senderFullName: users.fullName, senderRole: users.role })
      .from(messages)
      .innerJoin(onboardingPlans, eq(onboardingPlans.id, messages.planId))
      .leftJoin(users, eq(users.id, messages.senderId))
      // A staff note never reaches the new hire, not even as a tombstone.
      .where(and(planScopeWithDeleted(role), staffNotesHiddenFrom(sql.placeholder('userId')), gt(messages.version, sql.placeholder('since'))))
  );
}

/**
 * The templates of the plans the caller sees (deleted templates stay readable), looked up from the plans
 * so each is found by its id; the join on companyId keeps another company's template out. Those changed
 * since the cursor, and those of plans changed since it (a plan newly assigned from an old template): a
 * device keeps the others (since 0: all of them).
 */
function changedTemplates(db: Db, scope: SQL) {
  return db
    .selectDistinct({ id: templates.id, title: templates.title, duration: templates.duration, description: templates.description })
    .from(onboardingPlans)
    .innerJoin(templates, and(eq(templates.id, onboardingPlans.templateId), eq(templates.companyId, onboardingPlans.companyId)))
    .where(and(scope, or(gt(templates.version, sql.placeholder('since')), gt(onboardingPlans.version, sql.placeholder('since')))));
}

function companyAdmins(db: Db) {
  return db
    .select({ id: users.id, fullName: users.fullName, email: users.email, createdAt: users.createdAt })
    .from(users)
    .where(and(eq(users.companyId, sql.placeholder('companyId')), eq(users.role, 'admin')));
}

// Prepared once per connection (issue 10), named for PostgreSQL. They bind `updatedAt` themselves:
// drizzle computes $defaultFn and $onUpdateFn values when it builds the SQL, which would freeze them here.
const statements = preparedFor((db) => ({
  client: flatRows(
    db
      .select()
      .from(syncClients)
      .where(eq(syncClients.clientId, sql.placeholder('clientId')))
      .prepare('sync.client'),
  ),
  // A pull or an empty push registers a new client at 0. A concurrent first request of the same client
  // may insert it first: then nothing comes back.
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
  // A client's first mutation: registers the client at 1, or moves it on from 0 when a pull or an empty
  // push registered it. Only the caller's own client (nothing reads it before), and only from 0.
  firstMutation: db
    .insert(syncClients)
    .values({
      clientId: sql.placeholder('clientId'),
      userId: sql.placeholder('userId'),
      companyId: sql.placeholder('companyId'),
      lastMutationId: 1,
      updatedAt: sql.placeholder('updatedAt'),
    })
    .onConflictDoUpdate({
      target: syncClients.clientId,
      set: { lastMutationId: 1, updatedAt: sql`excluded.updated_at` },
      setWhere: and(eq(syncClients.userId, sql`excluded.user_id`), eq(syncClients.lastMutationId, 0)),
    })
    .returning({ lastMutationId: syncClients.lastMutationId })
    .prepare('sync.client.first'),
  // Moves the counter on only from the mutation before, so a concurrent push of the same client cannot
  // apply the same mutation twice: the loser updates no row and rolls back. Only the caller's own client:
  // a push does not read the client before its mutations.
  advance: db
    .update(syncClients)
    .set({ lastMutationId: sql`${sql.placeholder('id')}`, updatedAt: sql`${sql.placeholder('updatedAt')}` })
    .where(
      and(eq(syncClients.clientId, sql.placeholder('clientId')), eq(syncClients.userId, sql.placeholder('userId')), eq(syncClients.lastMutationId, sql.placeholder('previous'))),
    )
    .returning({ lastMutationId: syncClients.lastMutationId })
    .prepare('sync.client.advance'),
  touchClient: db
    .update(syncClients)
    .set({ updatedAt: sql`${sql.placeholder('updatedAt')}` })
    .where(eq(syncClients.clientId, sql.placeholder('clientId')))
    .prepare('sync.client.touch'),
  // Everything a pull reads, in one statement, so one snapshot (committedRead; issue 20): the company (its
  // version is the new cursor), the caller's sync client (null when new) and their manager's contact
  // (null without one, or when they left the company), with the changed rows of each synced table.
  pull: perRole((scope, role) =>
    flatRows(
      db
        .select({
          companyId: companies.id,
          companyName: companies.name,
          helpfulResources: companies.helpfulResources,
          version: companies.version,
          clientUserId: syncClients.userId,
          lastMutationId: syncClients.lastMutationId,
          clientSeenAt: syncClients.updatedAt,
          managerId: contact.id,
          managerFullName: contact.fullName,
          managerEmail: contact.email,
          plans: jsonRows(db, changedPlans(db, role), ['createdAt', 'id']),
          tasks: jsonRows(db, changedTasks(db, role), ['planId', 'order', 'id']),
          // Staff read their tasks online (My tasks); only a new hire's device holds them.
          assignedTasks: role === 'new_hire' ? jsonRows(db, changedAssignedTasks(db), ['planId', 'order', 'id']) : sql`'[]'`.mapWith((): AssignedTaskRow[] => []),
          messages: jsonRows(db, changedMessages(db, role), ['createdAt', 'id']),
          templates: jsonRows(db, changedTemplates(db, scope), ['id']),
          // Rows that left the caller's view with no deletedAt row behind (hard deletes, a plan handed to someone else).
          gone: jsonRows(db, newerTombstones(db, role)),
          // The contacts when the caller has no manager (or theirs left the company).
          admins: jsonRows(db, companyAdmins(db), ['createdAt', 'id']),
        })
        .from(companies)
        .leftJoin(syncClients, eq(syncClients.clientId, sql.placeholder('clientId')))
        .leftJoin(contact, and(eq(contact.id, sql.placeholder('managerId')), eq(contact.companyId, companies.id)))
        .where(eq(companies.id, sql.placeholder('companyId')))
        .prepare(`sync.pull.${role}`),
    ),
  ),
}));

/** The caller's sync client as stored, or undefined when it is new; another user's clientId answers 404. */
async function findClient(db: Db, user: CurrentUser, clientId: string): Promise<SyncClientRow | undefined> {
  const stored = await first(statements(db).client.execute({ clientId }));
  if (stored && stored.userId !== user.id) throw notFound('Sync client');
  return stored;
}

/** Registers a new client, no mutation applied yet; false when a concurrent request registered it first. */
async function register(db: Db, user: CurrentUser, clientId: string): Promise<boolean> {
  const updatedAt = new Date().toISOString();
  const inserted = await statements(db).insertClient.execute({ clientId, userId: user.id, companyId: user.companyId, updatedAt });
  return inserted.length === 1;
}

/** The caller's sync client, registered on first use; another user's clientId answers 404. */
async function ensureClient(db: Db, user: CurrentUser, clientId: string): Promise<SyncClientRow> {
  const stored = await findClient(db, user, clientId);
  if (stored) return stored;
  await register(db, user, clientId);
  return found(await findClient(db, user, clientId), 'Sync client');
}

/**
 * Moves the caller's client's counter from `id - 1` to `id`, a first mutation registering a new client;
 * false when the counter was elsewhere (a retry, another push of the same client got there first, a
 * gap) or the client is someone else's.
 */
async function moveCounterTo(tx: Tx, user: CurrentUser, clientId: string, id: number): Promise<boolean> {
  const updatedAt = new Date().toISOString();
  const moved =
    id === 1
      ? await statements(tx).firstMutation.execute({ clientId, userId: user.id, companyId: user.companyId, updatedAt })
      : await statements(tx).advance.execute({ clientId, userId: user.id, id, previous: id - 1, updatedAt });
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
 * Each write takes the company's next version first (the functions called do it themselves). A tick or
 * a submitted form answers its task's plan and people, read in its transaction: what its poke needs.
 */
async function applyMutation(tx: Tx, user: CurrentUser, mutation: PushMutation): Promise<TaskTick | undefined> {
  switch (mutation.name) {
    case 'task.setCompleted': {
      const args = parseArgs('task.setCompleted', mutation.args);
      return setTaskCompleted(tx, user, { taskId: args.taskId, isCompleted: args.isCompleted, completedAt: args.completedAt ?? undefined });
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
    case 'form.submit': {
      const args = parseArgs('form.submit', mutation.args);
      // submitForm checks the answers against the task's questions itself.
      return submitForm(tx, user, { ...args, answers: args.answers as FormAnswers });
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
 * Applies the mutation and moves the client's counter to it in one transaction (a new client is
 * registered by its first mutation, so a device's first push costs no transaction of its own). A broken
 * rule rolls the mutation back and still moves the counter. Null: the counter was not at the mutation
 * before (a retry, another push of the same client got there first, a gap, someone else's client).
 */
async function applyInOrder(db: Db, user: CurrentUser, clientId: string, mutation: PushMutation, ticked: TickedTaskRef[]): Promise<MutationResult | null> {
  const moveCounter = (tx: Tx) => moveCounterTo(tx, user, clientId, mutation.id);
  try {
    const tick = await transaction(db, async (tx) => {
      // The company's lock, the counter and the mutation's statements go out together: the counter costs
      // no round trip of its own under the lock. The lock first, as every writer takes it: deleting a
      // person takes it before their client rows go (cascade), so the counter after it cannot deadlock.
      // The lock is the mutation's version, taken ahead: one update of the company row, not two.
      const [, moved, applied] = await Promise.all([lockCompanyTakingVersion(tx, user.companyId), moveCounter(tx), applyMutation(tx, user, mutation)]);
      if (!moved) throw new AppliedElsewhere();
      return applied;
    });
    if (tick) ticked.push({ ...tick.plan, assigneeId: tick.task.assigneeId });
    return { id: mutation.id, status: 'applied' };
  } catch (error) {
    if (error instanceof AppliedElsewhere) return null;
    // A broken rule is the person's to see, not a reason to block the queue; a server fault is retried.
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    const moved = await transaction(db, moveCounter);
    return moved ? { id: mutation.id, status: 'rejected', message: error.message } : null;
  }
}

/**
 * POST /api/sync/push. Each mutation commits on its own: a duplicate is skipped, a gap stops the
 * push with 409 (earlier ones stay applied), and a rejected one still advances the counter. `ticked`
 * receives the plan and people of each tick and form applied now, for their poke (none read again).
 * The client is not read first: a push is in order but for a retry, so each mutation moves the counter on
 * from the one before. Only when that moves no counter is the client read, to tell a duplicate, a gap
 * or another person's client apart.
 */
export async function pushMutations(db: Db, user: CurrentUser, request: PushRequest, ticked: TickedTaskRef[] = []): Promise<PushResponse> {
  const { clientId } = request;
  if (request.mutations.length === 0) return { results: [], lastMutationId: (await ensureClient(db, user, clientId)).lastMutationId };
  // The client's counter as read or moved by this push, or null until it had to be read.
  let stored: number | null = null;
  const results: MutationResult[] = [];
  for (let index = 0; index < request.mutations.length;) {
    const mutation = request.mutations[index]!;
    if (stored !== null && mutation.id <= stored) {
      results.push({ id: mutation.id, status: 'duplicate' });
      index += 1;
      continue;
    }
    if (stored !== null && mutation.id > stored + 1) {
      // Another push of this client may have moved the counter on since it was read: look again first.
      const again = (await findClient(db, user, clientId))?.lastMutationId ?? 0;
      if (again !== stored) {
        stored = again;
        continue;
      }
      throw conflict(`Mutation ${mutation.id} is out of order: the server expected ${stored + 1}.`);
    }
    const result = await applyInOrder(db, user, clientId, mutation, ticked);
    if (result) {
      results.push(result);
      stored = mutation.id;
      index += 1;
    } else {
      // The counter was not at the mutation before: the next round answers from it as stored.
      stored = (await findClient(db, user, clientId))?.lastMutationId ?? 0;
    }
  }
  return { results, lastMutationId: stored ?? 0 };
}

const tombstone = (id: string): Tombstone => ({ id, deleted: true });

const DAY_MS = 86_400_000;

export type PullOptions = { clientId: string; cursor: number; now?: Date };

/**
 * How stale a client's "last seen" (`sync_clients.updated_at`) may get before a pull writes it again:
 * the tombstone horizon is 30 days, so an hour early or late changes nothing, and most pulls write nothing.
 */
const LAST_SEEN_PRECISION_MS = 3_600_000;

/** Everything a pull reads, in one statement; `since` 0 reads the whole view. */
async function readPull(db: Db, user: CurrentUser, clientId: string, since: number) {
  const params = { ...visiblePlanParams(user), clientId, managerId: user.managerId, since };
  const read = found(await committedRead(db, (handle) => first(statements(handle).pull[user.role].execute(params))), 'Company');
  const { companyId, companyName, helpfulResources, version, clientUserId, lastMutationId, clientSeenAt, managerId, managerFullName, managerEmail } = read;
  const { plans: planRows, tasks: taskRows, assignedTasks: assignedRows, messages: messageRows, templates: syncTemplates, gone, admins } = read;
  const company = { id: companyId, name: companyName, helpfulResources, version };
  const manager = managerId !== null && managerEmail !== null ? { id: managerId, fullName: managerFullName, email: managerEmail } : null;
  // Without a manager (or when theirs left the company), the admins are the contacts.
  const contacts = { manager, admins: manager ? [] : admins.map(({ id, fullName, email }) => ({ id, fullName, email })) };
  // The plans whose tasks name placeholders are looked up only when some do. Their people's names are
  // read a moment after the rows; a later change of a name reaches the device with the rows it changes.
  const withPlaceholders = [...taskRows, ...assignedRows].filter((task) => !task.deletedAt && taskHasPlaceholders(task));
  const placeholders = await placeholderValuesByPlan(
    db,
    withPlaceholders.map((task) => task.planId),
  );
  const client = clientUserId !== null && lastMutationId !== null && clientSeenAt !== null ? { userId: clientUserId, lastMutationId, seenAt: clientSeenAt } : undefined;
  return { client, company, planRows, taskRows, assignedRows, messageRows, syncTemplates, contacts, gone, placeholders };
}

/**
 * GET /api/sync/pull: everything visible that changed after `cursor`, read in one statement, so from one
 * snapshot. The new cursor is the company's version in it: every write stamped at or below it has
 * committed and is in the snapshot (the company's row lock orders its writers), every later one is above
 * it. The changes since `cursor` are read with the client and the company; when those
 * call for a reset (a new or long-silent client, a cursor from elsewhere), the whole view is read again.
 */
export async function pullChanges(db: Db, user: CurrentUser, options: PullOptions): Promise<PullResponse> {
  const now = options.now ?? new Date();
  const { clientId } = options;
  let read = await readPull(db, user, clientId, Math.max(options.cursor, 0));
  const { client } = read;
  if (client && client.userId !== user.id) throw notFound('Sync client');
  // updatedAt doubles as "last seen": a client silent past the tombstone horizon may have missed deletions.
  const silentTooLong = !!client && now.getTime() - Date.parse(client.seenAt) > TOMBSTONE_HORIZON_DAYS * DAY_MS;
  const reset = options.cursor <= 0 || !client || silentTooLong || options.cursor > read.company.version;
  if (reset && options.cursor > 0) read = await readPull(db, user, clientId, 0);
  if (!client) {
    // Registered after the read (one statement). A concurrent first request may have registered it
    // first: then it must be this person's.
    if (!(await register(db, user, clientId))) await findClient(db, user, clientId);
  } else if (now.getTime() - Date.parse(client.seenAt) > LAST_SEEN_PRECISION_MS) {
    await statements(db).touchClient.execute({ clientId, updatedAt: now.toISOString() });
  }
  const { company, planRows, taskRows, assignedRows, messageRows, syncTemplates, contacts, gone, placeholders } = read;
  const keep = <T extends { id: string }>(rows: SyncRow<T>[]) => (reset ? rows.filter((row) => !isTombstone(row)) : rows);

  const plans = keep(
    planRows.map((plan): SyncRow<SyncPlan> =>
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
            kind: plan.kind,
            businessDays: plan.businessDays,
            buddyId: plan.buddyId,
            isCompleted: plan.isCompleted,
            completedAt: plan.completedAt,
            createdAt: plan.createdAt,
            updatedAt: plan.updatedAt,
            newHire: { id: plan.newHireId, fullName: plan.newHireFullName, email: plan.newHireEmail, profileImageUrl: plan.newHireImageUrl },
            // A joined person or template has its required email or title; without them the join found none.
            manager:
              plan.managerId && plan.managerEmail !== null
                ? {
                    id: plan.managerId,
                    fullName: plan.managerFullName,
                    email: plan.managerEmail,
                    profileImageUrl: plan.managerImageUrl,
                    firstName: plan.managerFirstName,
                    lastName: plan.managerLastName,
                  }
                : null,
            buddy:
              plan.buddyId && plan.buddyEmail !== null ? { id: plan.buddyId, fullName: plan.buddyFullName, email: plan.buddyEmail, profileImageUrl: plan.buddyImageUrl } : null,
            template:
              plan.templateTitle !== null && plan.templateDuration !== null
                ? { title: plan.templateTitle, duration: plan.templateDuration, description: plan.templateDescription }
                : null,
          },
    ),
  );
  const tasks = keep([
    ...taskRows.map((task): SyncRow<SyncTask> => (task.deletedAt || task.planDeletedAt ? tombstone(task.id) : toOnboardingTask(task, placeholders.get(task.planId)))),
    ...assignedRows.map(({ planKind, planStartDate, planNewHireId, planNewHireFullName, planNewHireEmail, planNewHireImageUrl, ...task }): SyncRow<SyncTask> =>
      task.deletedAt || task.planDeletedAt
        ? tombstone(task.id)
        : {
            ...toOnboardingTask(task, placeholders.get(task.planId)),
            plan: {
              id: task.planId,
              kind: planKind,
              startDate: planStartDate,
              newHire: { id: planNewHireId, fullName: planNewHireFullName, email: planNewHireEmail, profileImageUrl: planNewHireImageUrl },
            },
          },
    ),
  ]);
  const syncMessages = keep(
    messageRows.map((message): SyncRow<SyncMessage> =>
      message.deletedAt || message.planDeletedAt
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
            sender: message.senderRole ? { fullName: message.senderFullName, role: message.senderRole } : null,
          },
    ),
  );

  // Rows that left the caller's view: a live row in this answer is newer than any such tombstone and wins.
  const leftView = (entity: 'plan' | 'message' | 'task', live: { id: string }[]) => {
    const present = new Set(live.map((row) => row.id));
    return (reset ? [] : gone).filter((row) => row.entity === entity && !present.has(row.entityId)).map((row) => tombstone(row.entityId));
  };
  // Plan tombstones first: a client drops a plan's tasks and messages with it, then applies what follows.
  plans.unshift(...leftView('plan', plans));
  syncMessages.unshift(...leftView('message', syncMessages));
  tasks.unshift(...leftView('task', tasks));

  return {
    cursor: company.version,
    lastMutationId: read.client?.lastMutationId ?? 0,
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
    contacts,
  };
}
