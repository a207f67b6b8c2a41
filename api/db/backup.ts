// Consistent online backups of the SQLite database (issue 11), safe while the server writes:
// in WAL mode a reader never blocks the writer, and SQLite's backup API copies one snapshot.
// PostgreSQL has its own tool for this (pg_dump), which `npm run db:backup` points to.
// With BACKUP_DIR the server also makes them on a schedule, keeping the newest BACKUP_KEEP.
import { mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';

/** What `npm run db:backup` answers when the server runs on PostgreSQL: there is no file to copy. */
export const POSTGRES_BACKUP_MESSAGE =
  'db:backup copies the SQLite file, but DATABASE_URL selects PostgreSQL: back it up with pg_dump instead, e.g. pg_dump --format=custom --file=kickoff.dump "$DATABASE_URL" (see the README).';

export type BackupResult = { path: string; totalPages: number; bytes: number; integrity: string };

/**
 * Copies `source` to `destination` in one backup step, so the copy is a single snapshot (a
 * multi-step backup restarts whenever another connection writes, and may never finish on a
 * busy server). The copy is written beside the destination and renamed into place only after
 * `PRAGMA integrity_check` passes, so a failed backup never leaves a half-written file behind.
 */
export async function backupDatabase(source: Database.Database, destination: string): Promise<BackupResult> {
  const partial = `${destination}.partial`;
  rmSync(partial, { force: true });
  try {
    const { totalPages } = await source.backup(partial, { progress: () => 0x7fffffff });
    const copy = new Database(partial, { fileMustExist: true });
    let integrity: string;
    let bytes: number;
    try {
      integrity = String(copy.pragma('integrity_check', { simple: true }));
      const pageSize = Number(copy.pragma('page_size', { simple: true }));
      bytes = Number(copy.pragma('page_count', { simple: true })) * pageSize;
      // The copy carries the source's WAL flag; fold any WAL content back so one file is the backup.
      copy.pragma('wal_checkpoint(TRUNCATE)');
    } finally {
      copy.close();
    }
    if (integrity !== 'ok') throw new Error(`Backup failed its integrity check: ${integrity}`);
    for (const suffix of ['-wal', '-shm']) rmSync(partial + suffix, { force: true });
    renameSync(partial, destination);
    return { path: destination, totalPages, bytes, integrity };
  } catch (error) {
    for (const suffix of ['', '-wal', '-shm']) rmSync(partial + suffix, { force: true });
    throw error;
  }
}

/** Opens the live database for reading only (no migrations, no schema changes) and backs it up. */
export async function backupDatabaseFile(sourcePath: string, destination: string): Promise<BackupResult> {
  const source = new Database(sourcePath, { fileMustExist: true, readonly: true });
  try {
    return await backupDatabase(source, destination);
  } finally {
    source.close();
  }
}

/** Scheduled backups are named by their UTC time, so names sort oldest first. */
const SCHEDULED_NAME = /^kickoff-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.sqlite$/;

/** The scheduled backups in `dir`, oldest first (other files there are not ours and left alone). */
export function scheduledBackups(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.filter((name) => SCHEDULED_NAME.test(name)).sort();
}

/** Copies the live database into `dir` under a timestamped name, then deletes all but the newest `keep`. */
export async function backupAndRotate(sourcePath: string, dir: string, keep: number, now = new Date()): Promise<BackupResult & { deleted: string[] }> {
  mkdirSync(dir, { recursive: true });
  const name = `kickoff-${now.toISOString().replace(/[:.]/g, '-')}.sqlite`;
  const result = await backupDatabaseFile(sourcePath, join(dir, name));
  const deleted = scheduledBackups(dir).slice(0, -keep);
  for (const old of deleted) rmSync(join(dir, old), { force: true });
  return { ...result, deleted };
}

/**
 * How long until the next scheduled backup is due: at once when there is none, else one interval after
 * the newest. So restarts (even a crash loop) do not make extra copies that rotate the older ones out.
 */
export function nextBackupDelay(dir: string, intervalMs: number, now = Date.now()): number {
  const newest = scheduledBackups(dir).at(-1);
  if (!newest) return 0;
  return Math.max(0, Math.min(intervalMs, statSync(join(dir, newest)).mtimeMs + intervalMs - now));
}
