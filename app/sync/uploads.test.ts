// @vitest-environment node
// The blob outbox (app/sync/uploads.ts): one at a time, kept offline, refused files kept with why.
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TaskUpload } from '../../shared/uploads.ts';
import { ApiError, NetworkError } from '../lib/api-client.ts';
import { createKickoffDb, type KickoffDb, type PendingUpload } from './db.ts';
import { followUploads, queueUpload, sendPendingUploads, type UploadSender } from './uploads.ts';

let db: KickoffDb;
const pdf = (name: string) => new File(['%PDF-1.7\n'], name, { type: 'application/pdf' });
const stored = (upload: PendingUpload): TaskUpload => ({
  id: crypto.randomUUID(),
  name: upload.name,
  contentType: 'application/pdf',
  size: upload.size,
  createdAt: upload.createdAt,
  uploadedBy: 'u1',
});

beforeEach(() => {
  db = createKickoffDb(crypto.randomUUID());
});

describe('the blob outbox', () => {
  it('keeps a file picked offline and sends it, once, when sending is asked online; then the engine pulls', async () => {
    let online = false;
    const sent: string[] = [];
    const send: UploadSender = async (upload, onProgress) => {
      onProgress({ loaded: upload.size, total: upload.size });
      sent.push(upload.id);
      return stored(upload);
    };
    const queued = await queueUpload(db, { taskId: 't1', planId: 'p1', file: pdf('id.pdf') }, { send, isOnline: () => online });
    await sendPendingUploads(db, { send, isOnline: () => online });
    expect(sent).toEqual([]);
    expect(await db.uploads.get(queued.id)).toMatchObject({ name: 'id.pdf', taskId: 't1', planId: 'p1' });

    online = true;
    const pull = vi.fn(async () => {
      // The pull runs before the row goes: the file never vanishes from the screen in between.
      expect(await db.uploads.count()).toBe(1);
    });
    const stop = followUploads(db, pull, { send, isOnline: () => online });
    await sendPendingUploads(db, { send, isOnline: () => online });
    expect(sent).toEqual([queued.id]);
    expect(pull).toHaveBeenCalledTimes(1);
    expect(await db.uploads.count()).toBe(0);
    stop();
  });

  it('sends one at a time in the order picked, naming each by its id', async () => {
    let active = 0;
    const order: string[] = [];
    const send: UploadSender = async (upload) => {
      active += 1;
      expect(active).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 5));
      order.push(upload.name);
      active -= 1;
      return stored(upload);
    };
    const options = { send, isOnline: () => true };
    await queueUpload(db, { taskId: 't1', planId: 'p1', file: pdf('a.pdf') }, options);
    await new Promise((resolve) => setTimeout(resolve, 2));
    await queueUpload(db, { taskId: 't1', planId: 'p1', file: pdf('b.pdf') }, options);
    await sendPendingUploads(db, options);
    expect(order).toEqual(['a.pdf', 'b.pdf']);
  });

  it('keeps a file when the network fails, and keeps a refused one with the reason while sending the rest', async () => {
    const network: UploadSender = async () => Promise.reject(new NetworkError());
    const kept = await queueUpload(db, { taskId: 't1', planId: 'p1', file: pdf('kept.pdf') }, { send: network, isOnline: () => false });
    await sendPendingUploads(db, { send: network, isOnline: () => true });
    expect((await db.uploads.get(kept.id))?.error).toBeUndefined();

    const refuseFirst: UploadSender = async (upload) => {
      if (upload.id === kept.id) throw new ApiError(400, 'Upload a PDF');
      return stored(upload);
    };
    const next = await queueUpload(db, { taskId: 't1', planId: 'p1', file: pdf('next.pdf') }, { send: refuseFirst, isOnline: () => false });
    await sendPendingUploads(db, { send: refuseFirst, isOnline: () => true });
    expect((await db.uploads.get(kept.id))?.error).toBe('Upload a PDF');
    expect(await db.uploads.get(next.id)).toBeUndefined();
    // A refused file is not sent again.
    const again = vi.fn(refuseFirst);
    await sendPendingUploads(db, { send: again, isOnline: () => true });
    expect(again).not.toHaveBeenCalled();
  });
});
