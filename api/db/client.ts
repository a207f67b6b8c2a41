// Opens the SQLite file with the pragmas we rely on and applies the committed migrations.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import * as schema from './schema.ts';

export type Db = ReturnType<typeof createDb>;

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

function createDb(sqlite: Database.Database) {
  return drizzle({ client: sqlite, schema });
}

/** Opens (creating if needed) and migrates the database; ':memory:' gives a private test database. */
export function openDatabase(path: string): { db: Db; sqlite: Database.Database } {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const sqlite = new Database(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const db = createDb(sqlite);
  migrate(db, { migrationsFolder });
  sqlite.prepare('INSERT OR IGNORE INTO sync_state (id, version) VALUES (1, 0)').run();
  return { db, sqlite };
}

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Bumps the global sync counter and returns the new value. Call once per write transaction and
 * stamp every synced row it touches with the result (DESIGN.md section 6).
 */
export function nextVersion(tx: Tx | Db): number {
  const row = tx.get<{ version: number }>(
    sql`UPDATE sync_state SET version = version + 1 WHERE id = 1 RETURNING version`,
  );
  return row.version;
}
