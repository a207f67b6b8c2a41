// SQLite through better-sqlite3: one connection, synchronous statements, WAL.
import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import type { SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import * as schema from '../schema.sqlite.ts';
import type { Db } from '../client.ts';
import { bindEngine, type Engine } from './engine.ts';

const migrationsFolder = fileURLToPath(new URL('../../../drizzle/sqlite', import.meta.url));

export type SqliteDb = ReturnType<typeof drizzle<typeof schema>>;

/** The longest a commit waits for a checkpoint to sync it to the file. */
export const CHECKPOINT_EVERY_MS = 60_000;

/** Opens (creating if needed) and migrates the file; ':memory:' gives a private test database. */
export function openSqlite(path: string): { db: Db; client: Database.Database; engine: Engine } {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const client = new Database(path);
  client.pragma('journal_mode = WAL');
  client.pragma('busy_timeout = 5000');
  client.pragma('synchronous = NORMAL');
  // The WAL is copied back into the file (and synced: at NORMAL, the only syncs) every 10,000 pages
  // rather than SQLite's 1,000: writes keep touching the same pages (the company's version, a plan's
  // counters), so each checkpoint copies about as many pages either way, ten times less often. A sync
  // push's share of its ceiling went 0.41-0.48 -> 0.54-0.64 (issue 20); the WAL file may reach ~40 MB.
  client.pragma('wal_autocheckpoint = 10000');
  // Commits since the last checkpoint survive a crash of the process but not a power cut: one at least
  // every minute bounds that in time too, however few pages were written. Once the database is closed,
  // the timer stops itself at its next turn.
  const checkpoints =
    path === ':memory:' ? undefined : setInterval(() => (client.open ? client.pragma('wal_checkpoint(PASSIVE)') : clearInterval(checkpoints)), CHECKPOINT_EVERY_MS).unref();
  const sqliteDb = drizzle({ client, schema });
  // Migrations run with foreign keys off, as SQLite's table-rebuild procedure requires (a rebuilt parent
  // table would otherwise cascade-delete its children), and are checked before any request is served.
  client.pragma('foreign_keys = OFF');
  migrate(sqliteDb, { migrationsFolder });
  const broken = client.pragma('foreign_key_check') as unknown[];
  if (broken.length > 0) throw new Error(`Migrations left ${broken.length} rows with broken foreign keys`);
  client.pragma('foreign_keys = ON');
  keepPlanAveragesOnly(client);
  // Queries are typed against the PostgreSQL schema; the twin tables build the same statements here.
  const engine = sqliteEngine(client);
  return { db: bindEngine(sqliteDb as unknown as Db, engine, client), client, engine };
}

/**
 * better-sqlite3 builds SQLite with STAT4. After an ANALYZE (an operator's, or bench/data.ts's) its
 * samples make SQLite plan a statement anew at every run whose bound values may change the plan: that is
 * nearly every prepared statement here, and re-planning a join costs 0.03-0.1 ms, ten times what most of
 * them take to run (a pull's reads went from 0.03 to 0.39 ms). Our reads go through indexes on ids,
 * where stat1's averages plan as well: its samples are dropped, its averages kept and reloaded.
 */
function keepPlanAveragesOnly(client: Database.Database) {
  if (!client.prepare("SELECT 1 FROM sqlite_schema WHERE name = 'sqlite_stat4'").get()) return;
  client.exec('DELETE FROM sqlite_stat4; ANALYZE sqlite_schema');
}

/**
 * better-sqlite3 cannot hold a transaction across an `await` the way drizzle's helper wants (it commits
 * early), so BEGIN/COMMIT are issued here, on the one connection. Transactions take turns (a queue), and
 * one opened inside another's body becomes a savepoint. Statements finish synchronously, so a body that
 * awaits only the database runs within one turn of the event loop and no other request's statement can
 * land inside the transaction. A body that awaits anything else (mail, hashing, timers) would let one
 * in: that is a bug, detected below and answered with a rollback.
 */
function transactionsOn(client: Database.Database) {
  const current = new AsyncLocalStorage<true>();
  let queue: Promise<unknown> = Promise.resolve();
  let savepoints = 0;

  async function run<T>(db: Db, begin: string, body: (tx: Db) => Promise<T>, durable = false): Promise<T> {
    const nested = current.getStore() === true;
    const savepoint = `kickoff_${++savepoints}`;
    // SQLite refuses to change the level inside a transaction, so it is set around the outermost one.
    const fullSync = durable && !nested;
    if (fullSync) client.pragma('synchronous = FULL');
    client.exec(nested ? `SAVEPOINT ${savepoint}` : begin);
    let leftTheTurn = false;
    const sentinel = setImmediate(() => (leftTheTurn = true));
    try {
      const result = await current.run(true, () => body(db));
      if (leftTheTurn) throw new Error('A SQLite transaction body awaited something other than the database; do that work before or after the transaction.');
      client.exec(nested ? `RELEASE ${savepoint}` : 'COMMIT');
      return result;
    } catch (error) {
      if (client.inTransaction) client.exec(nested ? `ROLLBACK TO ${savepoint}; RELEASE ${savepoint}` : 'ROLLBACK');
      throw error;
    } finally {
      clearImmediate(sentinel);
      if (fullSync) client.pragma('synchronous = NORMAL');
    }
  }

  return async function inTransaction<T>(db: Db, begin: string, body: (tx: Db) => Promise<T>, durable?: boolean): Promise<T> {
    if (current.getStore() === true) return run(db, begin, body);
    const previous = queue;
    let release = () => {};
    queue = new Promise<void>((resolve) => (release = resolve));
    await previous;
    try {
      return await run(db, begin, body, durable);
    } finally {
      release();
    }
  };
}

export function sqliteEngine(client: Database.Database): Engine {
  const inTransaction = transactionsOn(client);
  return {
    name: 'sqlite',
    transaction: (db, body, options) => inTransaction(db, 'BEGIN IMMEDIATE', body, options?.durable),
    committedRead: (db, read) => inTransaction(db, 'BEGIN', read),
    // One process owns the file: a chore cannot race another instance.
    exclusively: (_name, work) => work(),
    rows: async <T>(db: Db, query: SQL) => (db as unknown as SqliteDb).all<T>(query),
    close: async () => void client.close(),
  };
}
