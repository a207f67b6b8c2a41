// What this browser keeps of each person, and when it is removed (shared devices). Every person who
// syncs has a database named `kickoff-<their id>`; a few `kickoff:` keys in Web Storage remember the
// signed-in person (for opening offline) and small per-person choices.
//
// The rules (DESIGN.md section 8):
// - `unauthorized` (a 401: the session is over, nobody is signed in): every database with nothing
//   waiting to sync is removed, and the cached user with it, so an expired session shows nothing
//   offline. A database whose outbox still holds the person's changes is kept so that, after they sign
//   in again, the changes go out; it is not shown to anyone meanwhile (the cached user is gone).
// - `signed-in` (someone signed in): every other person's database and keys are removed, unsynced
//   changes included. The sign-in screens warn first, naming whose changes will be lost.
// - `account-deleted`: everything of everyone is removed.
//
// No Dexie here (raw IndexedDB): the sign-in screens and the 401 handling load this without the sync
// engine, and a database is read without ever being created. The app's first chunk imports it lazily.

import { CACHED_USER_KEY, DB_NAME_PREFIX, dbNameFor, isPersonsChange, localRemovalClosers, onBeforeLocalRemoval } from './local-base.ts';

export { CACHED_USER_KEY, DB_NAME_PREFIX, dbNameFor, isPersonsChange, onBeforeLocalRemoval };
const STORAGE_PREFIX = 'kickoff:';

/** Who a database belongs to, written by the sync engine so the sign-in screen can name them. */
export type LocalOwner = { id: string; fullName: string | null; email: string | null };

export type LocalPerson = { userId: string; owner: LocalOwner | null; pending: number };

export type LocalDataCleanup = { kind: 'unauthorized' } | { kind: 'signed-in'; userId: string } | { kind: 'account-deleted' };

type Env = {
  indexedDB?: IDBFactory;
  storages?: Storage[];
};

function defaultStorages(): Storage[] {
  const found: Storage[] = [];
  for (const name of ['localStorage', 'sessionStorage'] as const) {
    try {
      const storage = (globalThis as Partial<Record<typeof name, Storage>>)[name];
      if (storage) found.push(storage);
    } catch {
      // Storage can throw when blocked; then nothing is kept there either.
    }
  }
  return found;
}

// One clean-up or read at a time per page: a read must never open (and so re-create) a database that
// a clean-up is deleting.
let queue: Promise<unknown> = Promise.resolve();
function exclusive<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work, work);
  queue = run.catch(() => undefined);
  return run;
}

async function databaseNames(idb: IDBFactory): Promise<string[]> {
  if (typeof idb.databases !== 'function') return [];
  const infos = await idb.databases();
  return infos.map((info) => info.name ?? '').filter((name) => name.startsWith(DB_NAME_PREFIX));
}

/** The outbox and owner of one database, read without creating it; null when it is not there. */
function readPerson(idb: IDBFactory, name: string): Promise<LocalPerson | null> {
  const userId = name.slice(DB_NAME_PREFIX.length);
  return new Promise((resolve) => {
    let request: IDBOpenDBRequest;
    try {
      request = idb.open(name);
    } catch {
      resolve(null);
      return;
    }
    // An upgrade means it did not exist (deleted meanwhile): abort, so it is not created.
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onerror = (event) => {
      event.preventDefault();
      resolve(null);
    };
    request.onsuccess = () => {
      const db = request.result;
      const stores = ['outbox', 'meta'].filter((store) => db.objectStoreNames.contains(store));
      if (stores.length === 0) {
        db.close();
        resolve({ userId, owner: null, pending: 0 });
        return;
      }
      let pending = 0;
      let owner: LocalOwner | null = null;
      const tx = db.transaction(stores, 'readonly');
      if (stores.includes('outbox')) {
        const rows = tx.objectStore('outbox').getAll();
        rows.onsuccess = () => (pending = (rows.result as { name: string }[]).filter(isPersonsChange).length);
      }
      if (stores.includes('meta')) {
        const row = tx.objectStore('meta').get('owner');
        row.onsuccess = () => (owner = (row.result as { value?: LocalOwner } | undefined)?.value ?? null);
      }
      tx.oncomplete = () => {
        db.close();
        resolve({ userId, owner, pending });
      };
      tx.onabort = () => {
        db.close();
        resolve(null);
      };
    };
  });
}

/** Deletes one database; gives up waiting after a while if another tab holds it open (it is deleted once they let go). */
function deleteDatabase(idb: IDBFactory, name: string): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 3_000);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    try {
      const request = idb.deleteDatabase(name);
      request.onsuccess = done;
      request.onerror = done;
    } catch {
      done();
    }
  });
}

/** The id a `kickoff:` key belongs to, or undefined for a key about nobody in particular. */
function ownerOfKey(storage: Storage, key: string): string | undefined {
  if (key === CACHED_USER_KEY) {
    try {
      return (JSON.parse(storage.getItem(key) ?? 'null') as { id?: string } | null)?.id ?? '';
    } catch {
      return '';
    }
  }
  return key.match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i)?.[0];
}

/** Removes every `kickoff:` key of a person other than `keepUserId` (all of them when null). */
export function forgetPeopleInStorage(keepUserId: string | null, storages: Storage[] = defaultStorages()): void {
  for (const storage of storages) {
    try {
      const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index)).filter((key): key is string => !!key?.startsWith(STORAGE_PREFIX));
      for (const key of keys) {
        const owner = ownerOfKey(storage, key);
        if (owner !== undefined && owner !== keepUserId) storage.removeItem(key);
      }
    } catch {
      // Blocked storage holds nothing.
    }
  }
}

/**
 * Applies one of the three rules above; answers the ids whose databases were removed. Never throws:
 * a browser without IndexedDB has nothing to remove.
 */
export function clearLocalData(cleanup: LocalDataCleanup, env: Env = {}): Promise<string[]> {
  const keep = cleanup.kind === 'signed-in' ? cleanup.userId : null;
  forgetPeopleInStorage(keep, env.storages);
  const idb = env.indexedDB ?? globalThis.indexedDB;
  if (!idb) return Promise.resolve([]);
  return exclusive(async () => {
    const removed: string[] = [];
    for (const name of await databaseNames(idb).catch(() => [])) {
      const userId = name.slice(DB_NAME_PREFIX.length);
      if (userId === keep) continue;
      if (cleanup.kind === 'unauthorized') {
        // Kept when changes wait, and when it cannot be read (never lose changes on a guess).
        const person = await readPerson(idb, name);
        if (!person || person.pending > 0) continue;
      }
      for (const close of localRemovalClosers) close(userId);
      await deleteDatabase(idb, name);
      removed.push(userId);
    }
    return removed;
  }).catch(() => []);
}

/** The people whose changes wait on this device (for the sign-in screens' warning). */
export function unsyncedPeople(env: Env = {}): Promise<LocalPerson[]> {
  const idb = env.indexedDB ?? globalThis.indexedDB;
  if (!idb) return Promise.resolve([]);
  return exclusive(async () => {
    const people: LocalPerson[] = [];
    for (const name of await databaseNames(idb)) {
      const person = await readPerson(idb, name);
      if (person && person.pending > 0) people.push(person);
    }
    return people;
  }).catch(() => []);
}

function ownerName(person: LocalPerson): string {
  return person.owner?.fullName || person.owner?.email || 'another person';
}

/** '3 unsynced changes of Kavya Silva' (and '1 unsynced change of Dilan Jayasuriya'). */
export function describeUnsynced(people: LocalPerson[]): string {
  const parts = people.map((person) => `${person.pending} unsynced ${person.pending === 1 ? 'change' : 'changes'} of ${ownerName(person)}`);
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** Whose changes would be removed if `email` signed in: everyone's but that person's own. */
export function unsyncedOfOthers(people: LocalPerson[], email: string): LocalPerson[] {
  const typed = email.trim().toLowerCase();
  return people.filter((person) => !person.owner?.email || person.owner.email.trim().toLowerCase() !== typed);
}
