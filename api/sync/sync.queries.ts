// The sync protocol's server side (DESIGN.md section 6): applying pushed mutations once, in order,
// and answering pulls with every visible row changed since a cursor.
import { and, asc, eq, gt, inArray, type SQL } from 'drizzle-orm';
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
import type { Db, Tx } from '../db/client.ts';
import { companies, messages, onboardingPlans, onboardingTasks, syncClients, syncState, templates, users } from '../db/schema.ts';
import { AppError, badRequest, conflict, found, notFound } from '../lib/app-error.ts';
import type { CurrentUser } from '../lib/env.ts';
import { sendMessage } from '../messages/messages.queries.ts';
import { visiblePlansWhere } from '../onboarding/access.ts';
import { setTaskCompleted, toOnboardingTask } from '../onboarding/tasks.queries.ts';

type SyncClientRow = typeof syncClients.$inferSelect;

/** The caller's sync client, registered on first use; another user's clientId answers 404. */
function ensureClient(db: Db, user: CurrentUser, clientId: string): { client: SyncClientRow; isNew: boolean } {
  const existing = db.select().from(syncClients).where(eq(syncClients.clientId, clientId)).get();
  if (existing) {
    if (existing.userId !== user.id) throw notFound('Sync client');
    return { client: existing, isNew: false };
  }
  const client = db.insert(syncClients).values({ clientId, userId: user.id, lastMutationId: 0 }).returning().get();
  return { client, isNew: true };
}

function setLastMutationId(db: Db | Tx, clientId: string, id: number) {
  db.update(syncClients).set({ lastMutationId: id }).where(eq(syncClients.clientId, clientId)).run();
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
    default:
      throw badRequest(`Unknown mutation ${mutation.name}`);
  }
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

/**
 * Plans the user may see, deleted ones included, so their deletion reaches the client as a
 * tombstone. Same rule as visiblePlansWhere (api/onboarding/access.ts), minus the deletedAt filter.
 */
function planScopeWithDeleted(user: CurrentUser): SQL {
  const scope = [eq(onboardingPlans.companyId, user.companyId)];
  if (user.role === 'manager') scope.push(eq(onboardingPlans.managerId, user.id));
  else if (user.role === 'new_hire') scope.push(eq(onboardingPlans.newHireId, user.id));
  return and(...scope) as SQL;
}

const tombstone = (id: string): Tombstone => ({ id, deleted: true });
const DAY_MS = 86_400_000;

export type PullOptions = { clientId: string; cursor: number; now?: Date };

/** GET /api/sync/pull: everything visible that changed after `cursor`, read in one transaction. */
export function pullChanges(db: Db, user: CurrentUser, options: PullOptions): PullResponse {
  const now = options.now ?? new Date();
  const { client, isNew } = ensureClient(db, user, options.clientId);
  // updatedAt doubles as "last seen": a client silent past the tombstone horizon may have missed deletions.
  db.update(syncClients).set({ updatedAt: now.toISOString() }).where(eq(syncClients.clientId, client.clientId)).run();

  return db.transaction((tx) => {
    const current = found(tx.select({ version: syncState.version }).from(syncState).where(eq(syncState.id, 1)).get(), 'Sync state').version;
    const silentTooLong = now.getTime() - Date.parse(client.updatedAt) > TOMBSTONE_HORIZON_DAYS * DAY_MS;
    const reset = options.cursor <= 0 || isNew || silentTooLong || options.cursor > current;
    const since = reset ? 0 : options.cursor;
    const keep = <T extends { id: string }>(rows: SyncRow<T>[]) => (reset ? rows.filter((row) => !isTombstone(row)) : rows);

    const newHire = alias(users, 'plan_new_hire');
    const manager = alias(users, 'plan_manager');
    const planRows = tx
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
      .where(and(planScopeWithDeleted(user), gt(onboardingPlans.version, since)))
      .orderBy(asc(onboardingPlans.createdAt), asc(onboardingPlans.id))
      .all();
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
      tx
        .select({ task: onboardingTasks, planDeletedAt: onboardingPlans.deletedAt })
        .from(onboardingTasks)
        .innerJoin(onboardingPlans, eq(onboardingPlans.id, onboardingTasks.planId))
        .where(and(planScopeWithDeleted(user), gt(onboardingTasks.version, since)))
        .orderBy(asc(onboardingTasks.planId), asc(onboardingTasks.order))
        .all()
        .map(({ task, planDeletedAt }): SyncRow<SyncTask> =>
          task.deletedAt || planDeletedAt ? tombstone(task.id) : toOnboardingTask(task),
        ),
    );

    const messageRows = tx
      .select({
        message: messages,
        planDeletedAt: onboardingPlans.deletedAt,
        senderFullName: users.fullName,
        senderRole: users.role,
      })
      .from(messages)
      .innerJoin(onboardingPlans, eq(onboardingPlans.id, messages.planId))
      .leftJoin(users, eq(users.id, messages.senderId))
      .where(and(planScopeWithDeleted(user), gt(messages.version, since)))
      .orderBy(asc(messages.createdAt), asc(messages.id))
      .all();
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
    const planTemplateIds = tx
      .select({ id: onboardingPlans.templateId })
      .from(onboardingPlans)
      .where(visiblePlansWhere(user))
      .all()
      .map((row) => row.id)
      .filter((id): id is string => !!id);
    const syncTemplates = planTemplateIds.length
      ? tx
          .select({ id: templates.id, title: templates.title, duration: templates.duration, description: templates.description })
          .from(templates)
          .where(and(eq(templates.companyId, user.companyId), inArray(templates.id, planTemplateIds)))
          .all()
      : [];

    const company = found(
      tx.select({ id: companies.id, name: companies.name, helpfulResources: companies.helpfulResources }).from(companies).where(eq(companies.id, user.companyId)).get(),
      'Company',
    );
    const contactColumns = { id: users.id, fullName: users.fullName, email: users.email };
    const managerContact = user.managerId
      ? (tx.select(contactColumns).from(users).where(and(eq(users.id, user.managerId), eq(users.companyId, user.companyId))).get() ?? null)
      : null;
    const admins = managerContact
      ? []
      : tx.select(contactColumns).from(users).where(and(eq(users.companyId, user.companyId), eq(users.role, 'admin'))).orderBy(asc(users.createdAt)).all();
    const lastMutationId =
      tx.select({ id: syncClients.lastMutationId }).from(syncClients).where(eq(syncClients.clientId, client.clientId)).get()?.id ?? 0;

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
