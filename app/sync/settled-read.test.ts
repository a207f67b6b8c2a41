// @vitest-environment node
// A settled read (settled-read.ts) against a real Dexie: a lone write is read at once, writes in a run
// are read once after it, and the last read holds every write.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { createKickoffDb, type KickoffDb } from './db.ts';
import { watchSettled, type SettledReadOptions } from './settled-read.ts';
import { checklistTask } from './test-fixtures.ts';

const QUIET_MS = 60;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const opened: KickoffDb[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
});

/** A database holding `count` tasks, and a watch of how many are done, with every result it gave. */
async function watched(count: number, { quietMs = QUIET_MS, maxWaitMs = 2_000, readAtOnceWhile }: SettledReadOptions<number> = {}) {
  const db = createKickoffDb(crypto.randomUUID());
  opened.push(db);
  const planId = crypto.randomUUID();
  const tasks = Array.from({ length: count }, (_, order) => checklistTask(order, { planId }));
  await db.tasks.bulkPut(tasks);
  const results: number[] = [];
  let reads = 0;
  const stop = watchSettled(
    db,
    ['tasks'],
    async () => {
      reads += 1;
      return (await db.tasks.toArray()).filter((task) => task.isCompleted).length;
    },
    (done) => results.push(done),
    (error) => {
      throw error;
    },
    { quietMs, maxWaitMs, readAtOnceWhile },
  );
  await expect.poll(() => results.length).toBe(1);
  const tick = (index: number) => db.tasks.update(tasks[index]!.id, { isCompleted: true });
  return { db, results, reads: () => reads, tick, stop };
}

describe('a settled read', () => {
  it('reads the first write after a quiet moment at once, without waiting for the writes to settle', async () => {
    const quietMs = 300;
    // Settling could take a minute here: a read before the writes stop can only be the first write's.
    const { results, tick, stop } = await watched(40, { quietMs, maxWaitMs: 60_000 });
    await sleep(quietMs + 50);
    let index = 0;
    const ticking = (async () => {
      for (; index < 40; index += 1) {
        await tick(index);
        await sleep(quietMs / 4);
      }
    })();
    await expect.poll(() => results.length > 1 && index < 40).toBe(true);
    expect(results.at(-1)).toBeGreaterThanOrEqual(1);
    await ticking;
    await expect.poll(() => results.at(-1)).toBe(40);
    stop();
  });

  it('reads writes in a run once after they stop, and that read holds them all', async () => {
    const quietMs = 500;
    const { results, reads, tick, stop } = await watched(20, { quietMs });
    await sleep(quietMs + 50);
    const readsBefore = reads();
    for (let index = 0; index < 10; index += 1) await tick(index);
    await expect.poll(() => results.at(-1)).toBe(10);
    // The run's first write is read at once (it may find 1 or 2 done), then one read after the run.
    expect(reads() - readsBefore).toBeLessThanOrEqual(3);
    stop();
  });

  it('reads while writes go on without a pause, once the longest wait is up', async () => {
    const { results, tick, stop } = await watched(40, { maxWaitMs: QUIET_MS * 2 });
    await sleep(QUIET_MS * 2);
    let index = 0;
    const ticking = (async () => {
      for (; index < 40; index += 1) {
        await tick(index);
        await sleep(QUIET_MS / 4);
      }
    })();
    // Some read lands in the middle of the run, not only after it.
    await expect.poll(() => results.some((done) => done > 1 && done < 40 && index < 40)).toBe(true);
    await ticking;
    await expect.poll(() => results.at(-1)).toBe(40);
    stop();
  });

  it('reads every write at once while the last result asks for it (a screen waiting for its first pull)', async () => {
    // Right after a read, a write would wait a quiet minute: a read before then can only be one at once.
    const { results, tick, stop } = await watched(5, { quietMs: 60_000, maxWaitMs: 60_000, readAtOnceWhile: (done) => done === 0 });
    await tick(0);
    await expect.poll(() => results.at(-1)).toBe(1);
    // One done: the read no longer asks, so the next write waits for its quiet moment.
    await tick(1);
    await sleep(QUIET_MS * 3);
    expect(results.at(-1)).toBe(1);
    stop();
  });

  it('reads nothing after it is stopped, and no writes of other tables', async () => {
    const { db, results, reads, tick, stop } = await watched(3);
    await sleep(QUIET_MS * 2);
    const readsBefore = reads();
    await db.outbox.add({ id: 1, name: 'task.setCompleted', args: { taskId: 'x', isCompleted: true, completedAt: null }, createdAt: new Date().toISOString() });
    await sleep(QUIET_MS * 2);
    expect(reads()).toBe(readsBefore);
    stop();
    await tick(0);
    await sleep(QUIET_MS * 2);
    expect(results.at(-1)).toBe(0);
  });

  it('reports a failed read, but not the database closing under it (signing out deletes it)', async () => {
    const db = createKickoffDb(crypto.randomUUID());
    opened.push(db);
    const errors: unknown[] = [];
    db.close();
    const stop = watchSettled(
      db,
      ['tasks'],
      () => db.tasks.toArray(),
      () => undefined,
      (error) => errors.push(error),
    );
    await sleep(QUIET_MS);
    expect(errors).toEqual([]);
    stop();
    const failing = watchSettled(
      db,
      ['tasks'],
      () => Promise.reject(new Error('disk full')),
      () => undefined,
      (error) => errors.push(error),
    );
    await expect.poll(() => errors.length).toBe(1);
    failing();
  });
});
