// The blob outbox (issue 19): a file picked for an upload task waits in Dexie (`uploads`) until it has
// been sent, so a document chosen offline goes up on reconnect. Files go one at a time, each named by
// its id (X-Upload-Id), so a send cut off after the server stored it is answered, not stored twice.
// Kept apart from the mutation outbox: a file is megabytes, a mutation a few bytes, and the server
// stores it through its own route, not the sync push.
import { useLiveQuery } from 'dexie-react-hooks';
import { useSyncExternalStore } from 'react';
import type { TaskUpload } from '../../shared/uploads.ts';
import { ApiError, apiUpload, NetworkError, type UploadProgress } from '../lib/api-client.ts';
import type { KickoffDb, PendingUpload } from './db.ts';

export type { UploadProgress };
export type UploadSender = (upload: PendingUpload, onProgress: (progress: UploadProgress) => void) => Promise<TaskUpload>;

/** The real sender: the raw bytes to the task's files route, with progress. */
export const httpUploadSender: UploadSender = (upload, onProgress) =>
  apiUpload<TaskUpload>(`/api/tasks/${encodeURIComponent(upload.taskId)}/files?name=${encodeURIComponent(upload.name)}`, upload.blob, {
    headers: { 'X-Upload-Id': upload.id },
    onProgress,
  });

// ---- progress: a tiny store the screens read with useUploadProgress ----

const progressById = new Map<string, UploadProgress>();
const progressListeners = new Set<() => void>();

function setProgress(id: string, progress: UploadProgress | undefined) {
  if (progress) progressById.set(id, progress);
  else progressById.delete(id);
  for (const listener of progressListeners) listener();
}

function subscribeProgress(listener: () => void) {
  progressListeners.add(listener);
  return () => void progressListeners.delete(listener);
}

/** How much of a pending upload has gone up; undefined while it is not being sent. */
export function useUploadProgress(uploadId: string): UploadProgress | undefined {
  return useSyncExternalStore(
    subscribeProgress,
    () => progressById.get(uploadId),
    () => undefined,
  );
}

// ---- sending ----

type Sending = { running: Promise<void> | null; again: boolean; options: SendOptions };
const sendingByDb = new WeakMap<KickoffDb, Sending>();
/** What to do once a file is stored: the engine pulls, so the task arrives with its uploads. */
const afterSentByDb = new WeakMap<KickoffDb, () => Promise<void>>();

export type SendOptions = { send?: UploadSender; isOnline?: () => boolean };

/** The next upload to send: the oldest one the server has not refused. */
async function nextPending(db: KickoffDb): Promise<PendingUpload | undefined> {
  const waiting = await db.uploads.toArray();
  return waiting.filter((upload) => upload.error === undefined).sort((a, b) => a.createdAt.localeCompare(b.createdAt))[0];
}

/** The server refused the file itself (type, size, the task gone): retrying would not help. */
const isRefusal = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401 && error.status !== 429;

async function sendAll(db: KickoffDb, { send = httpUploadSender, isOnline = () => globalThis.navigator?.onLine ?? true }: SendOptions): Promise<void> {
  for (;;) {
    if (!isOnline()) return;
    const upload = await nextPending(db);
    if (!upload) return;
    setProgress(upload.id, { loaded: 0, total: upload.size });
    try {
      await send(upload, (progress) => setProgress(upload.id, progress));
    } catch (error) {
      setProgress(upload.id, undefined);
      // Refused: it stays, with why, until the person removes it.
      if (isRefusal(error)) {
        await db.uploads.update(upload.id, { error: (error as ApiError).message });
        continue;
      }
      // No connection, a 5xx, a 401 or a 429: kept as it is for the next `online` or sign-in.
      if (!(error instanceof NetworkError || error instanceof ApiError)) console.error('Upload failed:', error);
      return;
    }
    // Pulled before the row goes, so the file moves from waiting to uploaded without vanishing between.
    await afterSentByDb
      .get(db)?.()
      .catch(() => undefined);
    await db.uploads.delete(upload.id);
    setProgress(upload.id, undefined);
  }
}

/**
 * Sends the waiting uploads, one at a time, until none is left or the connection fails. A call while
 * a send runs makes that run look again when it ends, so a file queued meanwhile is not left behind.
 */
export function sendPendingUploads(db: KickoffDb, options: SendOptions = {}): Promise<void> {
  let state = sendingByDb.get(db);
  if (!state) {
    state = { running: null, again: false, options };
    sendingByDb.set(db, state);
  }
  const sending = state;
  // The latest caller's way of sending is the one the next round uses.
  sending.options = options;
  if (sending.running) {
    sending.again = true;
    return sending.running;
  }
  // Cleared in the same turn as the last look, so a call in between is never lost.
  const run = async () => {
    try {
      do {
        sending.again = false;
        await sendAll(db, sending.options);
      } while (sending.again);
    } finally {
      sending.running = null;
    }
  };
  sending.running = run();
  return sending.running;
}

export type QueueUploadInput = { taskId: string; planId: string; file: File };

/** Keeps the file on the device and starts sending it (at once when online, else on reconnect). */
export async function queueUpload(db: KickoffDb, { taskId, planId, file }: QueueUploadInput, options: SendOptions = {}): Promise<PendingUpload> {
  const upload: PendingUpload = { id: crypto.randomUUID(), taskId, planId, name: file.name, size: file.size, blob: file, createdAt: new Date().toISOString() };
  await db.uploads.add(upload);
  void sendPendingUploads(db, options);
  return upload;
}

/** Drops a waiting or refused file from the device (never sent, or refused by the server). */
export async function removePendingUpload(db: KickoffDb, uploadId: string): Promise<void> {
  await db.uploads.delete(uploadId);
}

/** A signed-in person's outbox of files: sent now and on every `online`; `afterSent` runs after each file went up. Returns the stop. */
export function followUploads(db: KickoffDb, afterSent: () => Promise<void>, options: SendOptions = {}): () => void {
  afterSentByDb.set(db, afterSent);
  const onOnline = () => void sendPendingUploads(db, options);
  if (typeof window !== 'undefined') window.addEventListener('online', onOnline);
  onOnline();
  return () => {
    afterSentByDb.delete(db);
    if (typeof window !== 'undefined') window.removeEventListener('online', onOnline);
  };
}

/** A task's files waiting on this device, oldest first; undefined while the first read runs. */
export function usePendingUploads(db: KickoffDb | null, taskId: string): PendingUpload[] | undefined {
  return useLiveQuery(async () => (db ? (await db.uploads.where('taskId').equals(taskId).toArray()).sort((a, b) => a.createdAt.localeCompare(b.createdAt)) : []), [db, taskId]);
}
