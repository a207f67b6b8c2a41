// @vitest-environment node
// Shared devices: which local databases and cached users each clean-up removes (app/sync/local-data.ts).
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { OutboxRow } from './db.ts';
import { createKickoffDb, putMeta } from './db.ts';
import { CACHED_USER_KEY, clearLocalData, dbNameFor, describeUnsynced, onBeforeLocalRemoval, unsyncedOfOthers, unsyncedPeople } from './local-data.ts';

/** A Web Storage over a Map (the node environment has none). */
class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
  keys() {
    return [...this.items.keys()].sort();
  }
}

const A = { id: crypto.randomUUID(), fullName: 'Kavya Silva', email: 'kavya@demo.test' };
const B = { id: crypto.randomUUID(), fullName: 'Dilan Jayasuriya', email: 'dilan@demo.test' };
const C = { id: crypto.randomUUID(), fullName: 'Sam Read', email: 'sam@demo.test' };

const tick = (id: number): OutboxRow => ({
  id,
  name: 'task.setCompleted',
  args: { taskId: crypto.randomUUID(), isCompleted: true, completedAt: null },
  createdAt: '2026-01-05T10:00:00.000Z',
});
const readReceipt = (id: number): OutboxRow => ({
  id,
  name: 'message.markRead',
  args: { planId: crypto.randomUUID(), upTo: '2026-01-05T10:00:00.000Z' },
  createdAt: '2026-01-05T10:00:00.000Z',
});

/** A person's database as the app leaves it: a plan row, the owner, and an outbox. */
async function makeDb(person: typeof A, outbox: OutboxRow[]) {
  const db = createKickoffDb(person.id);
  await db.open();
  await db.templates.put({ id: crypto.randomUUID(), title: `Plan of ${person.fullName}` } as never);
  await putMeta(db, 'owner', person);
  await db.outbox.bulkAdd(outbox);
  db.close();
}

async function names(): Promise<string[]> {
  return (await indexedDB.databases()).map((info) => info.name!).sort();
}

function storageOf(...people: (typeof A)[]) {
  const storage = new MemoryStorage();
  storage.setItem(CACHED_USER_KEY, JSON.stringify({ id: people[0]!.id, fullName: people[0]!.fullName }));
  for (const person of people) storage.setItem(`kickoff:verify-banner-dismissed:${person.id}`, '1');
  storage.setItem('kickoff:install-dismissed', '1'); // about nobody: stays
  storage.setItem('other-app', 'x'); // not ours: stays
  return storage;
}

beforeEach(async () => {
  for (const name of await names()) {
    await new Promise((resolve) => {
      const request = indexedDB.deleteDatabase(name);
      request.onsuccess = request.onerror = resolve;
    });
  }
  // A: a tick waiting; B: nothing waiting; C: only a read receipt (bookkeeping, not a change).
  await makeDb(A, [tick(1), tick(2)]);
  await makeDb(B, []);
  await makeDb(C, [readReceipt(1)]);
});

describe('clearLocalData', () => {
  it('on a 401 removes every database with nothing to sync and every cached user, and keeps the one whose changes wait', async () => {
    const storage = storageOf(A, B);
    const removed = await clearLocalData({ kind: 'unauthorized' }, { storages: [storage] });
    expect(removed.sort()).toEqual([B.id, C.id].sort());
    expect(await names()).toEqual([dbNameFor(A.id)]);
    expect(storage.keys()).toEqual(['kickoff:install-dismissed', 'other-app']);
    // A's changes are intact for when A signs in again.
    const db = createKickoffDb(A.id);
    expect(await db.outbox.count()).toBe(2);
    db.close();
  });

  it('on a 401 with an empty outbox removes that person too: nothing stays to be shown offline', async () => {
    const removed = await clearLocalData({ kind: 'unauthorized' }, { storages: [storageOf(B)] });
    expect(removed).toContain(B.id);
    expect(await names()).not.toContain(dbNameFor(B.id));
  });

  it('on sign-in as a different person removes every other database, unsynced changes included', async () => {
    const storage = storageOf(A, B);
    const removed = await clearLocalData({ kind: 'signed-in', userId: B.id }, { storages: [storage] });
    expect(removed.sort()).toEqual([A.id, C.id].sort());
    expect(await names()).toEqual([dbNameFor(B.id)]);
    expect(storage.keys()).toEqual(['kickoff:install-dismissed', `kickoff:verify-banner-dismissed:${B.id}`, 'other-app']);
  });

  it('on sign-in as the same person keeps their database and its outbox (it goes out next)', async () => {
    const storage = storageOf(A);
    const removed = await clearLocalData({ kind: 'signed-in', userId: A.id }, { storages: [storage] });
    expect(removed.sort()).toEqual([B.id, C.id].sort());
    expect(await names()).toEqual([dbNameFor(A.id)]);
    expect(storage.getItem(CACHED_USER_KEY)).toContain(A.id);
    const db = createKickoffDb(A.id);
    expect(await db.outbox.count()).toBe(2);
    db.close();
  });

  it('on account deletion removes every database and every cached user', async () => {
    const storage = storageOf(B, A);
    const removed = await clearLocalData({ kind: 'account-deleted' }, { storages: [storage] });
    expect(removed.sort()).toEqual([A.id, B.id, C.id].sort());
    expect(await names()).toEqual([]);
    expect(storage.keys()).toEqual(['kickoff:install-dismissed', 'other-app']);
  });

  it("leaves databases that are not Kickoff's alone", async () => {
    await new Promise<void>((resolve) => {
      const request = indexedDB.open('someone-elses-app');
      request.onsuccess = () => {
        request.result.close();
        resolve();
      };
    });
    await clearLocalData({ kind: 'account-deleted' }, { storages: [] });
    expect(await names()).toEqual(['someone-elses-app']);
  });

  it("stops this page's sync of a person before deleting their database", async () => {
    const closed = vi.fn();
    const off = onBeforeLocalRemoval(closed);
    await clearLocalData({ kind: 'signed-in', userId: A.id }, { storages: [] });
    off();
    expect(closed.mock.calls.map(([id]) => id).sort()).toEqual([B.id, C.id].sort());
  });

  it('reading a database that was deleted meanwhile never re-creates it', async () => {
    const stale = await indexedDB.databases();
    await clearLocalData({ kind: 'unauthorized' }, { storages: [] });
    const databases = vi.spyOn(indexedDB, 'databases').mockResolvedValue(stale);
    const people = await unsyncedPeople();
    databases.mockRestore();
    expect(people.map((person) => person.userId)).toEqual([A.id]);
    expect(await names()).toEqual([dbNameFor(A.id)]);
  });
});

describe('the sign-in warning', () => {
  it('names whose changes wait, and which of them a sign-in would remove', async () => {
    const people = await unsyncedPeople();
    expect(people).toEqual([{ userId: A.id, owner: A, pending: 2 }]);
    expect(describeUnsynced(people)).toBe('2 unsynced changes of Kavya Silva');
    expect(unsyncedOfOthers(people, ' Kavya@Demo.test ')).toEqual([]);
    expect(unsyncedOfOthers(people, B.email)).toEqual(people);
    // Reading never creates or changes a database.
    expect(await names()).toEqual([A.id, B.id, C.id].map(dbNameFor).sort());
  });

  it('says "another person" when the owner is not known', () => {
    expect(describeUnsynced([{ userId: 'x', owner: null, pending: 1 }])).toBe('1 unsynced change of another person');
    expect(
      describeUnsynced([
        { userId: 'x', owner: null, pending: 1 },
        { userId: 'y', owner: { id: 'y', fullName: null, email: 'y@test' }, pending: 3 },
      ]),
    ).toBe('1 unsynced change of another person and 3 unsynced changes of y@test');
    expect(unsyncedOfOthers([{ userId: 'x', owner: null, pending: 1 }], 'x@test')).toHaveLength(1);
  });
});
