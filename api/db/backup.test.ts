// Scheduled online backups of the SQLite file: one copy per interval, the newest BACKUP_KEEP kept.
// They copy a SQLite file whichever engine the suite runs on (config refuses BACKUP_DIR on PostgreSQL).
import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { type ChoreLog, startChores } from '../chores.ts';
import { openTestDatabase } from '../test/harness.ts';
import { backupAndRotate, nextBackupDelay, scheduledBackups } from './backup.ts';

const workDir = mkdtempSync(join(tmpdir(), 'kickoff-backups-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

/** A live WAL database with `rows` rows, still open (as the server holds it) while it is backed up. */
function liveDatabase(name: string, rows: number): Database.Database {
  const source = new Database(join(workDir, `${name}.sqlite`));
  source.pragma('journal_mode = WAL');
  source.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)');
  const insert = source.prepare('INSERT INTO notes (body) VALUES (?)');
  for (let i = 0; i < rows; i++) insert.run(`note ${i}`);
  return source;
}

const countIn = (path: string) => {
  const copy = new Database(path, { readonly: true, fileMustExist: true });
  try {
    return (copy.prepare('SELECT count(*) AS n FROM notes').get() as { n: number }).n;
  } finally {
    copy.close();
  }
};

describe('scheduled backups', () => {
  it('keep the newest N and leave other files in the folder alone', async () => {
    const source = liveDatabase('rotate', 10);
    const dir = join(workDir, 'rotate-backups');
    const start = Date.parse('2026-11-01T03:00:00.000Z');
    for (let day = 0; day < 5; day++) {
      source.prepare('INSERT INTO notes (body) VALUES (?)').run(`day ${day}`);
      const result = await backupAndRotate(source.name, dir, 3, new Date(start + day * 86_400_000));
      expect(result.integrity).toBe('ok');
      writeFileSync(join(dir, 'operator-notes.txt'), 'not a backup');
    }
    source.close();
    expect(scheduledBackups(dir)).toEqual(['kickoff-2026-11-03T03-00-00-000Z.sqlite', 'kickoff-2026-11-04T03-00-00-000Z.sqlite', 'kickoff-2026-11-05T03-00-00-000Z.sqlite']);
    expect(readdirSync(dir).sort()).toEqual([...scheduledBackups(dir), 'operator-notes.txt'].sort());
    // Each copy is the database as it was at its time: 10 rows plus one per day so far.
    expect(scheduledBackups(dir).map((name) => countIn(join(dir, name)))).toEqual([13, 14, 15]);
  });

  it('run every interval from the server chores, rotating as they go', async () => {
    const source = liveDatabase('scheduled', 5);
    const dir = join(workDir, 'scheduled-backups');
    const { db } = await openTestDatabase();
    const infos: string[] = [];
    const errors: unknown[] = [];
    const log: ChoreLog = { info: (message) => infos.push(message), error: (_message, error) => errors.push(error) };
    const chores = startChores({
      db,
      config: { database: { engine: 'sqlite', path: source.name }, backup: { dir, keep: 2, intervalMs: 40 } },
      log,
    });
    const deadline = Date.now() + 10_000;
    while (infos.length < 5 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    chores.stop();
    source.close();
    expect(errors).toEqual([]);
    expect(infos.length).toBeGreaterThanOrEqual(5);
    expect(infos.at(-1)).toMatch(/^Backed up .*scheduled\.sqlite to .*kickoff-.*\.sqlite \(0\.0 MiB, 1 older removed\)\.$/);
    expect(scheduledBackups(dir)).toHaveLength(2);
    for (const name of scheduledBackups(dir)) expect(countIn(join(dir, name))).toBe(5);
  });

  it('are due at once without a backup, else one interval after the newest (restarts make no extra copies)', async () => {
    const dir = join(workDir, 'due');
    expect(nextBackupDelay(dir, 86_400_000)).toBe(0);
    const source = liveDatabase('due', 1);
    const now = Date.now();
    await backupAndRotate(source.name, dir, 3, new Date(now));
    source.close();
    const newest = join(dir, scheduledBackups(dir)[0] ?? '');
    const madeAgo = (ms: number) => utimesSync(newest, new Date(now - ms), new Date(now - ms));
    madeAgo(3_600_000);
    expect(nextBackupDelay(dir, 86_400_000, now)).toBeCloseTo(82_800_000, -1);
    madeAgo(2 * 86_400_000);
    expect(nextBackupDelay(dir, 86_400_000, now)).toBe(0);
  });
});
