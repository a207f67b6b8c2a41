// The little about local data that the app's first chunk and the sync engine both need: the names a
// person's data is kept under, what counts as their change, and the hook that lets the clean-up
// (app/sync/local-data.ts, loaded on demand) stop this page's sync before deleting a database.

/** Every person who syncs has a database named `kickoff-<their id>`. */
export const DB_NAME_PREFIX = 'kickoff-';
/** The signed-in person's answer from /api/auth/user, kept so the new hire's app opens offline. */
export const CACHED_USER_KEY = 'kickoff:user';

/** The database of one person: their id is in the name, so two people on one device never mix. */
export function dbNameFor(userId: string): string {
  return `${DB_NAME_PREFIX}${userId}`;
}

/** Read receipts are bookkeeping, not a change the person would miss: counts leave them out. */
export function isPersonsChange(row: { name: string }): boolean {
  return row.name !== 'message.markRead';
}

export function pluralChanges(count: number): string {
  return `${count} ${count === 1 ? 'change' : 'changes'}`;
}

// Before a database is deleted, whatever this page holds open on it (a running sync engine, an open
// Dexie connection) is stopped and closed; the sync module registers how when it loads.
type Closer = (userId: string) => void;
export const localRemovalClosers = new Set<Closer>();
export function onBeforeLocalRemoval(closer: Closer): () => void {
  localRemovalClosers.add(closer);
  return () => void localRemovalClosers.delete(closer);
}
