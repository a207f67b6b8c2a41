// Test-only: a built test database frozen as an image that cases copy from (so no write leaks from one
// case into the next), and a fingerprint of every table (so a refused request can be shown to have
// changed nothing). Both work on either engine; shared by world.ts and fuzz-cases.ts.
import { createHash } from 'node:crypto';
import Database from 'better-sqlite3';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { type Db, rows } from '../db/client.ts';
import { bindEngine, engineOf } from '../db/engines/engine.ts';
import { type SqliteDb, sqliteEngine } from '../db/engines/sqlite.ts';
import * as sqliteSchema from '../db/schema.sqlite.ts';
import { openTestDatabase } from '../test/harness.ts';

export type TestDatabase = Awaited<ReturnType<typeof openTestDatabase>>;
export type DatabaseCopy = Pick<TestDatabase, 'db' | 'config' | 'close'>;

type Frozen = { engine: 'sqlite'; image: Buffer } | { engine: 'postgres'; name: string };

/**
 * SQLite: the database serialized to a buffer, each copy deserialized from it (about a millisecond).
 * PostgreSQL: the database itself, each copy made by CREATE DATABASE ... TEMPLATE (openTestDatabase);
 * PostgreSQL copies a template only while nobody is connected to it, so freezing closes its pool and
 * keeps its name. One copy is made ahead while the caller uses the last one, hiding most of the wait.
 */
export class DatabaseImage {
  private next: Promise<DatabaseCopy> | undefined;

  private constructor(private readonly frozen: Frozen) {}

  /** Freezes `database`: it is closed, and from now on only copied. */
  static async of(database: TestDatabase): Promise<DatabaseImage> {
    if (database.config.engine === 'sqlite') {
      const image = (database.db as unknown as SqliteDb).$client.serialize();
      await database.close();
      return new DatabaseImage({ engine: 'sqlite', image });
    }
    if (!database.name) throw new Error('DatabaseImage: a PostgreSQL test database without a name');
    // Only the pool: the database stays, and the harness drops it after the file.
    await database.engine.close();
    return new DatabaseImage({ engine: 'postgres', name: database.name });
  }

  /** A fresh, independent copy; the caller closes it. */
  async copy(): Promise<DatabaseCopy> {
    if (this.frozen.engine === 'sqlite') return sqliteCopy(this.frozen.image);
    const { name } = this.frozen;
    const copy = this.next ?? openTestDatabase(name);
    // Copies of one template are made one at a time (PostgreSQL refuses two at once).
    this.next = copy.then(() => openTestDatabase(name));
    this.next.catch(() => undefined);
    return copy;
  }

  /**
   * Waits for the copy made ahead, if any, so that it exists when the harness closes the file's
   * databases (call it in an afterAll): a pool still being opened then would keep the worker alive.
   */
  async settle(): Promise<void> {
    await this.next?.catch(() => undefined);
  }
}

function sqliteCopy(image: Buffer): DatabaseCopy {
  const client = new Database(image);
  client.pragma('foreign_keys = ON');
  const engine = sqliteEngine(client);
  const db = bindEngine(drizzle({ client, schema: sqliteSchema }) as unknown as Db, engine);
  return { db, config: { engine: 'sqlite', path: ':memory:' }, close: engine.close };
}

/** The application's tables, from the engine's own catalogue (migration bookkeeping left out). */
async function dataTables(db: Db): Promise<string[]> {
  const catalogue =
    engineOf(db).name === 'sqlite'
      ? sql`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%' ORDER BY name`
      : sql`SELECT table_name AS name FROM information_schema.tables
            WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name NOT LIKE '__drizzle%' ORDER BY table_name`;
  return (await rows<{ name: string }>(db, catalogue)).map((row) => row.name);
}

/**
 * Every table's row count and a hash of its rows, so a refused request can be shown to have changed
 * nothing. Rows are put in order of all their columns (their JSON text), which needs no key and is total.
 */
export async function snapshot(db: Db, except: readonly string[] = []): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const table of await dataTables(db)) {
    if (except.includes(table)) continue;
    const lines = (await rows<unknown>(db, sql`SELECT * FROM ${sql.identifier(table)}`)).map((row) => JSON.stringify(row)).sort();
    result[table] = `${lines.length} rows ${createHash('sha256').update(lines.join('\n')).digest('hex').slice(0, 16)}`;
  }
  return result;
}
