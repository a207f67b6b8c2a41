// Tombstones for rows that leave someone's view without a `deletedAt` row left behind (decision 004):
// a deleted person's plans and messages, which the foreign keys remove with their account, a plan
// handed to another new hire or manager, and a task of someone else's plan reassigned away from the new
// hire who did it. Pull reads them beside the synced tables.
import { and, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { MessageAudience } from '../../shared/messages.ts';
import { TOMBSTONE_HORIZON_DAYS } from '../../shared/sync.ts';
import type { Role } from '../../shared/roles.ts';
import type { Db, Tx } from '../db/client.ts';
import { messages, onboardingPlans, onboardingTasks, syncTombstones, users } from '../db/schema.ts';
import { uncountPlans } from '../stats/plan-counters.ts';

type TombstoneRow = typeof syncTombstones.$inferInsert;
type PlanParties = { id: string; companyId: string; newHireId: string; managerId: string | null };

const DAY_MS = 86_400_000;

/**
 * Writes tombstones (at most one per entity and person) and sweeps the company's ones past the horizon.
 * The sweep stays inside the company: a transaction holds only its own company's rows (DESIGN.md
 * section 9), so two companies' writers never wait on each other's tombstones.
 */
async function record(tx: Tx, companyId: string, rows: TombstoneRow[], now = new Date()): Promise<void> {
  const horizon = new Date(now.getTime() - TOMBSTONE_HORIZON_DAYS * DAY_MS).toISOString();
  await tx.delete(syncTombstones).where(and(eq(syncTombstones.companyId, companyId), lt(syncTombstones.createdAt, horizon)));
  const unique = new Map(rows.map((row) => [`${row.entity}:${row.entityId}:${row.userId ?? ''}`, row]));
  // Both engines cap bound parameters per statement: insert in chunks.
  const values = [...unique.values()];
  for (let start = 0; start < values.length; start += 100) await tx.insert(syncTombstones).values(values.slice(start, start + 100));
}

/**
 * Who can see a plan's rows besides its admins (the admins' tombstone has userId null). A staff note's
 * new hire never saw it, so never gets its tombstone either.
 */
function viewersOf(row: { newHireId: string; managerId: string | null; audience?: MessageAudience }, except: string): (string | null)[] {
  const newHire = row.audience === 'staff' ? [] : [row.newHireId];
  return [null, ...newHire, row.managerId].filter((id) => id !== except);
}

/**
 * Before a person's account row goes (same transaction, after `nextVersion`): their plans as a new hire
 * and every message they sent or received are removed by the foreign keys, so each one gets a tombstone
 * for everyone else who could see it; plans they managed lose their manager under the new version.
 */
export async function recordUserDeletion(tx: Tx, person: { id: string; companyId: string }, version: number): Promise<void> {
  const inCompany = eq(onboardingPlans.companyId, person.companyId);
  const ownPlans = await tx
    .select({ id: onboardingPlans.id, newHireId: onboardingPlans.newHireId, managerId: onboardingPlans.managerId })
    .from(onboardingPlans)
    .where(and(inCompany, eq(onboardingPlans.newHireId, person.id)));
  const ownPlanIds = new Set(ownPlans.map((plan) => plan.id));
  // Messages on plans that go anyway need no tombstone of their own: a plan's tombstone takes its
  // tasks and messages with it on every client.
  const theirMessages = (
    await tx
      .select({
        id: messages.id,
        planId: messages.planId,
        audience: messages.audience,
        newHireId: onboardingPlans.newHireId,
        managerId: onboardingPlans.managerId,
      })
      .from(messages)
      .innerJoin(onboardingPlans, eq(onboardingPlans.id, messages.planId))
      .where(and(eq(messages.companyId, person.companyId), or(eq(messages.senderId, person.id), eq(messages.receiverId, person.id))))
  ).filter((message) => !ownPlanIds.has(message.planId));

  // Their plans leave the company's maintained figures here, as a deleted plan does (decision 008).
  await uncountPlans(tx, [...ownPlanIds]);
  const base = { companyId: person.companyId, version };
  await record(tx, person.companyId, [
    ...ownPlans.flatMap((plan) => viewersOf(plan, person.id).map((userId) => ({ ...base, entity: 'plan' as const, entityId: plan.id, userId }))),
    ...theirMessages.flatMap((message) => viewersOf(message, person.id).map((userId) => ({ ...base, entity: 'message' as const, entityId: message.id, userId }))),
  ]);
  await tx
    .update(onboardingPlans)
    .set({ managerId: null, version })
    .where(and(inCompany, eq(onboardingPlans.managerId, person.id)));
}

/**
 * A plan changes hands (same transaction as the update, after `nextVersion`): the new hire or manager
 * who loses it gets a tombstone, and its live tasks and messages take the new version, so whoever gains
 * it receives them even though their cursor is past the rows' old versions.
 */
export async function recordPlanHandover(tx: Tx, before: PlanParties, after: { newHireId: string; managerId: string | null }, version: number): Promise<void> {
  const losing = [before.newHireId !== after.newHireId ? before.newHireId : null, before.managerId !== after.managerId ? before.managerId : null].filter(
    (id): id is string => id !== null,
  );
  if (losing.length === 0) return;
  // Admins see every plan of their company: an admin who stops managing it keeps it.
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, losing), eq(users.role, 'admin')));
  const stillSees = new Set(admins.map((user) => user.id));
  await record(
    tx,
    before.companyId,
    losing.filter((userId) => !stillSees.has(userId)).map((userId) => ({ entity: 'plan' as const, entityId: before.id, companyId: before.companyId, userId, version })),
  );
  await tx
    .update(onboardingTasks)
    .set({ version })
    .where(and(eq(onboardingTasks.planId, before.id), isNull(onboardingTasks.deletedAt)));
  await tx
    .update(messages)
    .set({ version })
    .where(and(eq(messages.planId, before.id), isNull(messages.deletedAt)));
}

/**
 * Tasks change hands (same transaction as the update, after `nextVersion`; pass each task with the
 * assignee it had before): a new hire who loses a task of another person's plan gets a tombstone for it,
 * as their device holds such tasks one by one, not through the plan. Staff hold no synced copy, and the
 * plan's own new hire keeps receiving the task with the plan (the live row in the same pull wins).
 */
export async function recordTasksLeaving(tx: Tx, companyId: string, before: { id: string; assigneeId: string | null }[], version: number): Promise<void> {
  const previous = [...new Set(before.map((task) => task.assigneeId).filter((id): id is string => id !== null))];
  if (previous.length === 0) return;
  const newHires = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, previous), eq(users.companyId, companyId), eq(users.role, 'new_hire')));
  const holders = new Set(newHires.map((user) => user.id));
  const rows = before
    .filter((task) => task.assigneeId !== null && holders.has(task.assigneeId))
    .map((task) => ({ entity: 'task' as const, entityId: task.id, companyId, userId: task.assigneeId, version }));
  if (rows.length > 0) await record(tx, companyId, rows);
}

/**
 * The tombstones newer than the `since` placeholder that a person's pull must carry: their own, and
 * (admins) the company's. Not run on its own: the pull reads it with its other reads. None on a full
 * pull (`since` 0), which drops tombstones anyway.
 */
export function newerTombstones(db: Db, role: Role) {
  // Admins see every plan of the company: theirs and the company's (userId null).
  const forUser = role === 'admin' ? or(isNull(syncTombstones.userId), eq(syncTombstones.userId, sql.placeholder('userId'))) : eq(syncTombstones.userId, sql.placeholder('userId'));
  return db
    .selectDistinct({ entity: syncTombstones.entity, entityId: syncTombstones.entityId })
    .from(syncTombstones)
    .where(and(sql`${sql.placeholder('since')} > 0`, eq(syncTombstones.companyId, sql.placeholder('companyId')), forUser, gt(syncTombstones.version, sql.placeholder('since'))));
}
