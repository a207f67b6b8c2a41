// Test-only: a built test database frozen as an image that cases copy from (so no write leaks from one
// case into the next), and a fingerprint of every table (so a refused request can be shown to have
// changed nothing). Both work on either engine; shared by world.ts and fuzz-cases.ts.
import { createHash } from 'node:crypto';
import Database from 'better-sqlite3';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { type Db, rows, transaction } from '../db/client.ts';
import { bindEngine, engineOf } from '../db/engines/engine.ts';
import { type SqliteDb, sqliteEngine } from '../db/engines/sqlite.ts';
import * as sqliteSchema from '../db/schema.sqlite.ts';
import type { openTestDatabase } from './harness.ts';

export type TestDatabase = Awaited<ReturnType<typeof openTestDatabase>>;
export type DatabaseCopy = Pick<TestDatabase, 'db' | 'config' | 'close'>;

/** Where the PostgreSQL image keeps the frozen rows, beside the tables the API uses. */
const FROZEN_SCHEMA = 'frozen_image';

type Frozen = { engine: 'sqlite'; image: Buffer } | { engine: 'postgres'; database: TestDatabase; restore: SQL };

/**
 * SQLite: the database serialized to a buffer, each copy deserialized from it (about a millisecond).
 * PostgreSQL: every table's rows copied aside into a schema of the same database, and each "copy" is the
 * database put back to them in one round trip (about 10 ms). A copy per case by CREATE DATABASE ...
 * TEMPLATE took 0.7-1 s here (the matrix's 900 cells: 460 s), and TRUNCATE about 170 ms. So on PostgreSQL
 * the copies share one database: one is live at a time, and asking for the next before closing the last
 * is an error.
 */
export class DatabaseImage {
  private live = false;

  private constructor(private readonly frozen: Frozen) {}

  /** Freezes `database`: from now on it is only copied (on SQLite it is closed). */
  static async of(database: TestDatabase): Promise<DatabaseImage> {
    if (database.config.engine === 'sqlite') {
      const image = (database.db as unknown as SqliteDb).$client.serialize();
      await database.close();
      return new DatabaseImage({ engine: 'sqlite', image });
    }
    const tables = await tablesParentsFirst(database.db);
    await transaction(database.db, async (tx) => {
      await rows(tx, sql`CREATE SCHEMA ${sql.identifier(FROZEN_SCHEMA)}`);
      for (const table of tables) await rows(tx, sql`CREATE TABLE ${frozen(table)} AS TABLE ${sql.identifier(table)}`);
    });
    return new DatabaseImage({ engine: 'postgres', database, restore: await restoreStatements(database.db, tables) });
  }

  /** A fresh copy of the frozen database; the caller closes it. */
  async copy(): Promise<DatabaseCopy> {
    if (this.frozen.engine === 'sqlite') return sqliteCopy(this.frozen.image);
    if (this.live) throw new Error('DatabaseImage: on PostgreSQL the copies share one database; close the last copy first');
    const { database, restore } = this.frozen;
    await rows(database.db, restore);
    this.live = true;
    return { db: database.db, config: database.config, close: async () => void (this.live = false) };
  }
}

const frozen = (table: string) => sql`${sql.identifier(FROZEN_SCHEMA)}.${sql.identifier(table)}`;

/**
 * Statements that put every table back to its frozen rows: children emptied before their parents, parents
 * filled before their children, identity counters set as they were. Sent as one parameterless query, which
 * PostgreSQL runs as one transaction.
 */
async function restoreStatements(db: Db, tablesParentsFirst: string[]): Promise<SQL> {
  const identities = await rows<{ table: string; column: string }>(
    db,
    sql`SELECT table_name AS "table", column_name AS "column" FROM information_schema.columns
        WHERE table_schema = current_schema() AND is_identity = 'YES'`,
  );
  const statements = [
    ...[...tablesParentsFirst].reverse().map((table) => sql`DELETE FROM ${sql.identifier(table)}`),
    ...tablesParentsFirst.map((table) => sql`INSERT INTO ${sql.identifier(table)} OVERRIDING SYSTEM VALUE SELECT * FROM ${frozen(table)}`),
    ...identities.map(
      ({ table, column }) =>
        sql`SELECT setval(pg_get_serial_sequence(${sql.raw(`'${table}'`)}, ${sql.raw(`'${column}'`)}), coalesce(max(${sql.identifier(column)}), 0) + 1, false) FROM ${sql.identifier(table)}`,
    ),
  ];
  return sql.join(statements, sql`; `);
}

/** The PostgreSQL tables in an order to fill them in: every table after the tables it references. */
async function tablesParentsFirst(db: Db): Promise<string[]> {
  const tables = await dataTables(db);
  const references = await rows<{ child: string; parent: string }>(
    db,
    sql`SELECT child.relname AS child, parent.relname AS parent
        FROM pg_constraint c JOIN pg_class child ON child.oid = c.conrelid JOIN pg_class parent ON parent.oid = c.confrelid
        WHERE c.contype = 'f' AND c.conrelid <> c.confrelid AND child.relnamespace = current_schema()::regnamespace`,
  );
  const ordered: string[] = [];
  const visit = (table: string, path: string[]) => {
    if (ordered.includes(table)) return;
    if (path.includes(table)) throw new Error(`foreign keys form a cycle: ${[...path, table].join(' -> ')}`);
    for (const { parent } of references.filter((reference) => reference.child === table)) visit(parent, [...path, table]);
    ordered.push(table);
  };
  for (const table of tables) visit(table, []);
  return ordered;
}

function sqliteCopy(image: Buffer): DatabaseCopy {
  const client = new Database(image);
  client.pragma('foreign_keys = ON');
  const engine = sqliteEngine(client);
  const db = bindEngine(drizzle({ client, schema: sqliteSchema }) as unknown as Db, engine, client);
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
