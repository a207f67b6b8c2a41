// Files (issue 19): a new hire's documents on an upload task, and the PDFs of policies. The bytes go to
// the file storage before the row is written (a crash between leaves bytes nobody refers to, never a
// row without bytes); bytes a refused or removed row had are deleted after the commit.
import { createHash } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { canCompleteTask, canSeePlan } from '../../shared/onboarding.ts';
import { isStaff } from '../../shared/roles.ts';
import {
  cleanFileName,
  EMPTY_FILE_MESSAGE,
  fileTypeMessage,
  type PolicyFile,
  POLICY_FILE_TYPE_MESSAGE,
  sniffContentType,
  type StoredContentType,
  type TaskUpload,
  TOO_MANY_FILES_MESSAGE,
  UPLOAD_LIMITS,
  uploadRefusal,
} from '../../shared/uploads.ts';
import { type Db, nextVersion, transaction, type Tx, uniqueViolation } from '../db/client.ts';
import { files, onboardingPlans, onboardingTasks } from '../db/schema.ts';
import type { PlanRef } from '../events/events.queries.ts';
import { badRequest, conflict, notFound } from '../lib/app-error.ts';
import type { CurrentUser } from '../lib/env.ts';
import { setTaskCompleted } from '../onboarding/tasks.queries.ts';
import { removeStoredFiles } from './file-cleanup.ts';
import { type FileStorage, storageKeyOf } from './file-storage.ts';

export type UploadInput = { taskId: string; name: string; bytes: Uint8Array<ArrayBuffer>; clientUploadId?: string };
/** `replayed`: the device sent this upload before and it is stored already (nothing was written). */
export type UploadResult = { upload: TaskUpload; replayed: boolean; plan: PlanRef; assigneeId: string | null };
export type StoredFileBody = { name: string; contentType: StoredContentType; bytes: Uint8Array<ArrayBuffer> };
export type RemovedFile = { plan: PlanRef; assigneeId: string | null };

const CLIENT_UPLOAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const CLIENT_UPLOAD_ID_MESSAGE = 'X-Upload-Id must be a UUID';

/** A device's id for one upload, or undefined when none was sent; anything but a UUID is refused. */
export function clientUploadIdOf(header: string | undefined): string | undefined {
  if (header === undefined || header === '') return undefined;
  if (!CLIENT_UPLOAD_ID.test(header)) throw badRequest(CLIENT_UPLOAD_ID_MESSAGE);
  return header.toLowerCase();
}

const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The live task of the caller's company with its plan's people, or undefined. */
async function liveTask(tx: Tx, companyId: string, taskId: string) {
  const [row] = await tx
    .select({
      id: onboardingTasks.id,
      type: onboardingTasks.type,
      isCompleted: onboardingTasks.isCompleted,
      uploadKinds: onboardingTasks.uploadKinds,
      uploads: onboardingTasks.uploads,
      assigneeId: onboardingTasks.assigneeId,
      plan: { id: onboardingPlans.id, newHireId: onboardingPlans.newHireId, managerId: onboardingPlans.managerId },
    })
    .from(onboardingTasks)
    .innerJoin(onboardingPlans, eq(onboardingPlans.id, onboardingTasks.planId))
    .where(
      and(
        eq(onboardingTasks.id, taskId),
        eq(onboardingTasks.companyId, companyId),
        isNull(onboardingTasks.deletedAt),
        eq(onboardingPlans.companyId, companyId),
        isNull(onboardingPlans.deletedAt),
      ),
    );
  return row;
}
type LiveTask = NonNullable<Awaited<ReturnType<typeof liveTask>>>;

/** The task the caller may add a file to (as for ticking it: canCompleteTask), of type 'upload'; 404 / 400 otherwise. */
async function uploadTarget(tx: Tx, user: CurrentUser, taskId: string): Promise<LiveTask> {
  const task = await liveTask(tx, user.companyId, taskId);
  if (!task || !canCompleteTask(user, task.plan, task)) throw notFound('Task');
  if (task.type !== 'upload') throw badRequest('This task does not take files.');
  if ((task.uploads?.length ?? 0) >= UPLOAD_LIMITS.filesPerTask) throw badRequest(TOO_MANY_FILES_MESSAGE);
  return task;
}

/** The stored file of an earlier send of this upload, if the caller made it on this task. */
async function replayOf(db: Db, user: CurrentUser, taskId: string, clientUploadId: string): Promise<UploadResult | undefined> {
  const [file] = await db
    .select()
    .from(files)
    .where(and(eq(files.companyId, user.companyId), eq(files.clientUploadId, clientUploadId)));
  if (!file) return undefined;
  // Another person's or task's id: a device never reuses one, so this is no replay.
  if (file.taskId !== taskId || file.uploadedBy !== user.id) throw conflict('This upload id was used for another file.');
  const task = await liveTask(db, user.companyId, taskId);
  if (!task || !canCompleteTask(user, task.plan, task)) throw notFound('Task');
  const upload = task.uploads?.find((item) => item.id === file.id);
  if (!upload) throw notFound('File');
  return { upload, replayed: true, plan: task.plan, assigneeId: task.assigneeId };
}

/**
 * POST /api/tasks/{taskId}/files: stores the file, appends it to the task's uploads (synced to the
 * device with the task row) and completes the task if it was open. With `clientUploadId`, a second
 * send answers the file the first one stored.
 */
export async function uploadTaskFile(db: Db, storage: FileStorage, user: CurrentUser, input: UploadInput): Promise<UploadResult> {
  if (input.clientUploadId) {
    const replay = await replayOf(db, user, input.taskId, input.clientUploadId);
    if (replay) return replay;
  }
  // Checked before the bytes are stored: nothing is written for a task the caller may not add to.
  const target = await uploadTarget(db, user, input.taskId);
  const contentType = sniffContentType(input.bytes);
  const kinds = target.uploadKinds ?? [];
  const refusal = uploadRefusal({ size: input.bytes.byteLength, contentType }, kinds);
  // (No refusal means a type was sniffed; the second test is for the compiler.)
  if (refusal || !contentType) throw badRequest(refusal ?? fileTypeMessage(kinds));

  const fileId = crypto.randomUUID();
  const storageKey = storageKeyOf(user.companyId, fileId);
  const upload: TaskUpload = {
    id: fileId,
    name: cleanFileName(input.name),
    contentType,
    size: input.bytes.byteLength,
    createdAt: new Date().toISOString(),
    uploadedBy: user.id,
  };
  await storage.put(storageKey, input.bytes, contentType);
  try {
    return await transaction(db, async (tx) => {
      const version = await nextVersion(tx, user.companyId);
      // Read again under the company's lock: two uploads at once must not both pass the count.
      const task = await uploadTarget(tx, user, input.taskId);
      await tx.insert(files).values({
        id: fileId,
        companyId: user.companyId,
        purpose: 'upload',
        planId: task.plan.id,
        taskId: task.id,
        name: upload.name,
        contentType,
        size: upload.size,
        sha256: sha256Of(input.bytes),
        storageKey,
        uploadedBy: user.id,
        clientUploadId: input.clientUploadId ?? null,
        createdAt: upload.createdAt,
      });
      await tx
        .update(onboardingTasks)
        .set({ uploads: [...(task.uploads ?? []), upload], version, updatedAt: new Date().toISOString() })
        .where(eq(onboardingTasks.id, task.id));
      if (!task.isCompleted) await setTaskCompleted(tx, user, { taskId: task.id, isCompleted: true }, { byAction: true });
      return { upload, replayed: false, plan: task.plan, assigneeId: task.assigneeId };
    });
  } catch (error) {
    await removeStoredFiles(storage, [storageKey]);
    // The same upload sent twice at once: the other send stored it.
    if (input.clientUploadId && uniqueViolation(error)) {
      const replay = await replayOf(db, user, input.taskId, input.clientUploadId);
      if (replay) return replay;
    }
    throw error;
  }
}

/** A file with the plan it belongs to (none for a policy), of the caller's company. */
async function companyFile(db: Db, user: CurrentUser, fileId: string) {
  const [row] = await db
    .select({ file: files, plan: { id: onboardingPlans.id, newHireId: onboardingPlans.newHireId, managerId: onboardingPlans.managerId, deletedAt: onboardingPlans.deletedAt } })
    .from(files)
    .leftJoin(onboardingPlans, eq(onboardingPlans.id, files.planId))
    .where(and(eq(files.id, fileId), eq(files.companyId, user.companyId)));
  return row;
}

/**
 * GET /api/files/{fileId}: an upload to whoever may see its plan (its new hire, manager, the company's
 * admins), a policy to every member of the company; anyone else 404.
 */
export async function readStoredFile(db: Db, storage: FileStorage, user: CurrentUser, fileId: string): Promise<StoredFileBody> {
  const row = await companyFile(db, user, fileId);
  if (!row) throw notFound('File');
  const { file, plan } = row;
  if (file.purpose === 'upload' && !(plan && plan.deletedAt === null && canSeePlan(user, plan))) throw notFound('File');
  const bytes = await storage.get(file.storageKey);
  if (!bytes) throw notFound('File');
  return { name: file.name, contentType: file.contentType as StoredContentType, bytes };
}

/**
 * DELETE /api/files/{fileId}: by its uploader, or staff who may see its plan. The task drops it and
 * reopens when it held the last one; the bytes go after the commit.
 */
export async function deleteTaskFile(db: Db, storage: FileStorage, user: CurrentUser, fileId: string): Promise<RemovedFile> {
  const removed = await transaction(db, async (tx) => {
    const version = await nextVersion(tx, user.companyId);
    const row = await companyFile(tx, user, fileId);
    if (!row || row.file.purpose !== 'upload' || !row.file.taskId) throw notFound('File');
    const task = await liveTask(tx, user.companyId, row.file.taskId);
    if (!task) throw notFound('File');
    const mayRemove = (row.file.uploadedBy === user.id && canCompleteTask(user, task.plan, task)) || (isStaff(user.role) && canSeePlan(user, task.plan));
    if (!mayRemove) throw notFound('File');
    const left = (task.uploads ?? []).filter((upload) => upload.id !== fileId);
    await tx
      .update(onboardingTasks)
      .set({ uploads: left.length ? left : null, version, updatedAt: new Date().toISOString() })
      .where(eq(onboardingTasks.id, task.id));
    await tx.delete(files).where(eq(files.id, fileId));
    if (left.length === 0 && task.isCompleted) await setTaskCompleted(tx, user, { taskId: task.id, isCompleted: false });
    return { storageKey: row.file.storageKey, plan: task.plan, assigneeId: task.assigneeId };
  });
  await removeStoredFiles(storage, [removed.storageKey]);
  return { plan: removed.plan, assigneeId: removed.assigneeId };
}

/** POST /api/policy-files (staff): a policy's PDF, kept for acknowledgement tasks to link; no plan. */
export async function storePolicyFile(db: Db, storage: FileStorage, user: CurrentUser, input: { name: string; bytes: Uint8Array<ArrayBuffer> }): Promise<PolicyFile> {
  if (input.bytes.byteLength === 0) throw badRequest(EMPTY_FILE_MESSAGE);
  if (sniffContentType(input.bytes) !== 'application/pdf') throw badRequest(POLICY_FILE_TYPE_MESSAGE);
  const id = crypto.randomUUID();
  const storageKey = storageKeyOf(user.companyId, id);
  const policy: PolicyFile = { id, name: cleanFileName(input.name), size: input.bytes.byteLength, sha256: sha256Of(input.bytes) };
  await storage.put(storageKey, input.bytes, 'application/pdf');
  try {
    await db.insert(files).values({
      ...policy,
      companyId: user.companyId,
      purpose: 'policy',
      contentType: 'application/pdf',
      storageKey,
      uploadedBy: user.id,
    });
  } catch (error) {
    await removeStoredFiles(storage, [storageKey]);
    throw error;
  }
  return policy;
}
