// Accepting a policy (issue 19): the new hire types their name, the record keeps who, when, from where
// and the SHA-256 of exactly what they read, and the task completes. Records outlive policy changes:
// each text of a policy is a version, counted across every plan made from the same template task.
import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import {
  type AcceptPolicy,
  type AcknowledgementRecord,
  FULL_NAME_MISMATCH_MESSAGE,
  POLICY_CHANGED_MESSAGE,
  policySha256,
  typedNameMatches,
} from '../../shared/acknowledgements.ts';
import { canSeePlan } from '../../shared/onboarding.ts';
import { fillPlaceholders } from '../../shared/placeholders.ts';
import type { PolicyFile } from '../../shared/uploads.ts';
import { first, nextVersion, transaction, type Db, type Tx } from '../db/client.ts';
import { acknowledgements, onboardingPlans, onboardingTasks, users } from '../db/schema.ts';
import { badRequest, conflict, forbidden, notFound, validationFailed } from '../lib/app-error.ts';
import type { CurrentUser } from '../lib/env.ts';
import { placeholderValuesByPlan } from '../onboarding/plan-parties.ts';
import { setTaskCompleted, type TaskTick } from '../onboarding/tasks.queries.ts';

export const ALREADY_ACCEPTED_MESSAGE = 'You have already accepted this policy';
export const NOT_AN_ACKNOWLEDGEMENT_MESSAGE = 'This task has no policy to accept';
export const ONLY_THE_NEW_HIRE_ACCEPTS_MESSAGE = 'Only the new hire this policy is for can accept it.';
/** A user agent is kept for the record, not parsed: longer ones are cut here. */
export const USER_AGENT_MAX = 512;

/** Where the acceptance came from, as the route read it. */
export type AcceptanceOrigin = { ipAddress: string | null; userAgent: string | null };

/** The record made, and the task's completion (its plan and people, for the poke). */
export type Acceptance = { record: AcknowledgementRecord; tick: TaskTick };

type RecordRow = typeof acknowledgements.$inferSelect;

function toRecord(row: RecordRow, taskTitle: string, currentSha256: string): AcknowledgementRecord {
  return {
    id: row.id,
    taskId: row.taskId,
    planId: row.planId,
    taskTitle,
    userId: row.userId,
    typedName: row.typedName,
    acceptedAt: row.acceptedAt,
    ipAddress: row.ipAddress,
    userAgent: row.userAgent,
    sha256: row.sha256,
    version: row.version,
    policyText: row.policyText,
    policyFile: row.policyFile,
    isCurrent: row.sha256 === currentSha256,
  };
}

/** The name on a profile: the full name, else first and last; null when neither is set (any typed name then does). */
function profileNameOf(person: { fullName: string | null; firstName: string | null; lastName: string | null }): string | null {
  return person.fullName?.trim() || [person.firstName, person.lastName].filter(Boolean).join(' ').trim() || null;
}

/** The records that share versions with a task: those of its template task, or its own when it has none. */
function versionScope(companyId: string, task: { id: string; templateTaskId: string | null }): SQL {
  return and(
    eq(acknowledgements.companyId, companyId),
    task.templateTaskId ? eq(acknowledgements.templateTaskId, task.templateTaskId) : and(eq(acknowledgements.taskId, task.id), isNull(acknowledgements.templateTaskId)),
  ) as SQL;
}

/** A live task of the company that the caller may accept: its policy, plan people and assignee's names. */
async function findPolicyTask(db: Db | Tx, user: CurrentUser, taskId: string) {
  const task = await first(
    db
      .select({
        id: onboardingTasks.id,
        planId: onboardingTasks.planId,
        templateTaskId: onboardingTasks.templateTaskId,
        type: onboardingTasks.type,
        isCompleted: onboardingTasks.isCompleted,
        assigneeId: onboardingTasks.assigneeId,
        policyText: onboardingTasks.policyText,
        policyFile: onboardingTasks.policyFile,
        newHireId: onboardingPlans.newHireId,
        managerId: onboardingPlans.managerId,
        fullName: users.fullName,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(onboardingTasks)
      .innerJoin(onboardingPlans, eq(onboardingPlans.id, onboardingTasks.planId))
      .leftJoin(users, eq(users.id, onboardingTasks.assigneeId))
      .where(and(eq(onboardingTasks.id, taskId), isNull(onboardingTasks.deletedAt), eq(onboardingPlans.companyId, user.companyId), isNull(onboardingPlans.deletedAt))),
  );
  const isAssignee = task?.assigneeId === user.id;
  if (!task || (!isAssignee && !canSeePlan(user, task))) throw notFound('Task');
  if (task.type !== 'acknowledgement') throw badRequest(NOT_AN_ACKNOWLEDGEMENT_MESSAGE);
  if (!isAssignee) throw forbidden(ONLY_THE_NEW_HIRE_ACCEPTS_MESSAGE);
  return task;
}

type Policy = { policyText: string | null; policyFile: PolicyFile | null };
const samePolicy = (a: Policy, b: Policy) => a.policyText === b.policyText && a.policyFile?.sha256 === b.policyFile?.sha256;

/**
 * POST /api/tasks/{taskId}/acknowledgement. Only the task's assignee accepts (staff who may see the plan:
 * 403; anyone else: 404), with their own name, the policy as it is stored now (else 409, so the screen
 * shows the new text), once per text. Completes the task in the same transaction.
 */
export async function acceptPolicy(db: Db, user: CurrentUser, taskId: string, input: AcceptPolicy, origin: AcceptanceOrigin): Promise<Acceptance> {
  // Hashing is no database work, so it cannot run inside a transaction (SQLite's is synchronous): the
  // policy is hashed first, and the transaction goes on only if it reads the very policy hashed.
  const read = await findPolicyTask(db, user, taskId);
  if (!typedNameMatches(input.fullName, profileNameOf(read))) {
    throw validationFailed([{ path: 'fullName', message: FULL_NAME_MISMATCH_MESSAGE }]);
  }
  const sha256 = await policySha256(read);
  if (input.sha256 !== sha256) throw conflict(POLICY_CHANGED_MESSAGE);

  return transaction(db, async (tx) => {
    // The company's lock first: two acceptances of a new text cannot then both take the same new version.
    await nextVersion(tx, user.companyId);
    const task = await findPolicyTask(tx, user, taskId);
    if (!samePolicy(task, read)) throw conflict(POLICY_CHANGED_MESSAGE);

    const newest = await first(
      tx
        .select({ sha256: acknowledgements.sha256 })
        .from(acknowledgements)
        .where(and(eq(acknowledgements.taskId, task.id), eq(acknowledgements.userId, user.id)))
        .orderBy(desc(acknowledgements.acceptedAt), desc(acknowledgements.version))
        .limit(1),
    );
    if (task.isCompleted && newest?.sha256 === sha256) throw conflict(ALREADY_ACCEPTED_MESSAGE);

    const scope = versionScope(user.companyId, task);
    const [sameText, highest] = await Promise.all([
      first(
        tx
          .select({ version: acknowledgements.version })
          .from(acknowledgements)
          .where(and(scope, eq(acknowledgements.sha256, sha256)))
          .limit(1),
      ),
      first(
        tx
          .select({ version: sql<number | string | null>`max(${acknowledgements.version})` })
          .from(acknowledgements)
          .where(scope),
      ),
    ]);
    const version = sameText?.version ?? Number(highest?.version ?? 0) + 1;

    const [row] = await tx
      .insert(acknowledgements)
      .values({
        companyId: user.companyId,
        planId: task.planId,
        taskId: task.id,
        templateTaskId: task.templateTaskId,
        userId: user.id,
        typedName: input.fullName,
        acceptedAt: new Date().toISOString(),
        ipAddress: origin.ipAddress,
        userAgent: origin.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
        sha256,
        version,
        // A copy of what was read: the task's policy may change, the record may not.
        policyText: task.policyFile ? null : task.policyText,
        policyFile: task.policyFile,
      })
      .returning();
    if (!row) throw new Error('acceptPolicy: the insert returned no record');
    const tick = await setTaskCompleted(tx, user, { taskId: task.id, isCompleted: true }, { byAction: true });
    return { record: toRecord(row, tick.task.title, sha256), tick };
  });
}

/**
 * The acceptances of a company, newest first: of some plans, of one template task's plans, or both.
 * `isCurrent` tells whether the task's policy is still the text accepted. Access is the caller's to check.
 */
export async function acknowledgementRecords(db: Db, scope: { companyId: string; planIds?: string[]; templateTaskId?: string }): Promise<AcknowledgementRecord[]> {
  if (scope.planIds?.length === 0) return [];
  const conditions = [eq(acknowledgements.companyId, scope.companyId)];
  if (scope.planIds) conditions.push(inArray(acknowledgements.planId, scope.planIds));
  if (scope.templateTaskId) conditions.push(eq(acknowledgements.templateTaskId, scope.templateTaskId));
  const rows = await db
    .select({
      record: acknowledgements,
      taskTitle: onboardingTasks.title,
      taskPolicyText: onboardingTasks.policyText,
      taskPolicyFile: onboardingTasks.policyFile,
    })
    .from(acknowledgements)
    .innerJoin(onboardingTasks, eq(onboardingTasks.id, acknowledgements.taskId))
    .where(and(...conditions))
    .orderBy(desc(acknowledgements.acceptedAt), desc(acknowledgements.version), desc(acknowledgements.id));
  if (rows.length === 0) return [];

  // One hash per task, not per record; titles filled with their plan's names like every task answer.
  const currentByTask = new Map<string, Promise<string>>();
  for (const row of rows) {
    if (!currentByTask.has(row.record.taskId)) currentByTask.set(row.record.taskId, policySha256({ policyText: row.taskPolicyText, policyFile: row.taskPolicyFile }));
  }
  const placeholderPlans = rows.filter((row) => row.taskTitle.includes('{{')).map((row) => row.record.planId);
  const values = await placeholderValuesByPlan(db, placeholderPlans);
  return Promise.all(
    rows.map(async (row) => {
      const planValues = values.get(row.record.planId);
      const title = planValues ? fillPlaceholders(row.taskTitle, planValues) : row.taskTitle;
      return toRecord(row.record, title, await (currentByTask.get(row.record.taskId) as Promise<string>));
    }),
  );
}
