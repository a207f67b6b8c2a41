// The committed migrations of the engine under test build the data model: tables, cascades, unique
// emails, indexes; read back from the engine's own catalogue (sqlite_master and pragmas, or
// information_schema and pg_catalog), so each engine's migration folder is checked on its own engine.
import { is, sql } from 'drizzle-orm';
import { getTableConfig as getPgTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { getTableConfig as getSqliteTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testEngine } from '../test/harness.ts';
import { type Db, rows } from './client.ts';
import { companies, users } from './schema.ts';
import * as pgSchema from './schema.pg.ts';
import * as sqliteSchema from './schema.sqlite.ts';

const SPEC_TABLES = [
  'users',
  'companies',
  'templates',
  'template_sections',
  'template_tasks',
  'onboarding_plans',
  'onboarding_tasks',
  'messages',
  'subscriptions',
  'payment_transactions',
  'sessions',
];

type ForeignKey = { table: string; from: string; on_delete: string };
type Catalogue = {
  tables: () => Promise<string[]>;
  columns: (table: string) => Promise<string[]>;
  foreignKeys: (table: string) => Promise<ForeignKey[]>;
  /** Each index of the table with its first column (null for an expression). */
  indexes: (table: string) => Promise<{ name: string; first: string | null }[]>;
};

const sqliteCatalogue = (db: Db): Catalogue => ({
  tables: async () =>
    (await rows<{ name: string }>(db, sql`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%'`)).map((t) => t.name),
  columns: async (table) => (await rows<{ name: string }>(db, sql`SELECT name FROM pragma_table_info(${table})`)).map((c) => c.name),
  foreignKeys: (table) => rows<ForeignKey>(db, sql`SELECT "table", "from", on_delete FROM pragma_foreign_key_list(${table})`),
  indexes: (table) =>
    rows<{ name: string; first: string | null }>(
      db,
      sql`SELECT il.name AS name, (SELECT ii.name FROM pragma_index_info(il.name) ii WHERE ii.seqno = 0) AS first
                 FROM pragma_index_list(${table}) il WHERE il.origin = 'c'`,
    ),
});

const postgresCatalogue = (db: Db): Catalogue => ({
  tables: async () =>
    (await rows<{ name: string }>(db, sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`)).map(
      (t) => t.name,
    ),
  columns: async (table) =>
    (await rows<{ name: string }>(db, sql`SELECT column_name AS name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ${table}`)).map(
      (c) => c.name,
    ),
  foreignKeys: (table) =>
    rows<ForeignKey>(
      db,
      sql`SELECT target.relname AS "table", a.attname AS "from",
                 CASE c.confdeltype WHEN 'c' THEN 'CASCADE' WHEN 'n' THEN 'SET NULL' WHEN 'd' THEN 'SET DEFAULT' WHEN 'r' THEN 'RESTRICT' ELSE 'NO ACTION' END AS on_delete
          FROM pg_constraint c
          JOIN pg_class source ON source.oid = c.conrelid
          JOIN pg_class target ON target.oid = c.confrelid
          JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
          WHERE c.contype = 'f' AND source.relname = ${table} AND source.relnamespace = current_schema()::regnamespace`,
    ),
  indexes: (table) =>
    rows<{ name: string; first: string | null }>(
      db,
      sql`SELECT i.relname AS name, a.attname AS first
          FROM pg_index x
          JOIN pg_class t ON t.oid = x.indrelid
          JOIN pg_class i ON i.oid = x.indexrelid
          LEFT JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = x.indkey[0] AND x.indkey[0] <> 0
          WHERE t.relname = ${table} AND t.relnamespace = current_schema()::regnamespace AND NOT x.indisprimary`,
    ),
});

/** The tables, columns and index names the active engine's schema module declares. */
function declaredSchema(): Map<string, { columns: string[]; indexes: string[] }> {
  const declared = new Map<string, { columns: string[]; indexes: string[] }>();
  const tables = testEngine === 'postgres' ? Object.values(pgSchema) : Object.values(sqliteSchema);
  for (const table of tables) {
    const config = is(table, PgTable) ? getPgTableConfig(table) : is(table, SQLiteTable) ? getSqliteTableConfig(table) : undefined;
    if (!config) continue;
    declared.set(config.name, {
      columns: config.columns.map((column) => column.name),
      indexes: config.indexes.map((index) => index.config.name ?? '(unnamed)'),
    });
  }
  return declared;
}

/** The database error behind a failed statement (drizzle wraps the driver's in its own). */
async function failure(statement: PromiseLike<unknown>): Promise<string> {
  try {
    await statement;
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause;
    return String(cause instanceof Error ? cause.message : error instanceof Error ? error.message : error);
  }
  return 'no error';
}

describe(`migrations (${testEngine})`, () => {
  let db: Db;
  let catalogue: Catalogue;
  beforeAll(async () => {
    ({ db } = await openTestDatabase());
    catalogue = testEngine === 'postgres' ? postgresCatalogue(db) : sqliteCatalogue(db);
  });

  it('creates every table of the data model, plus the sync, token and rate-limit bookkeeping', async () => {
    const tables = await catalogue.tables();
    expect(tables).toEqual(expect.arrayContaining([...SPEC_TABLES, 'sync_clients', 'sync_tombstones', 'auth_tokens', 'rate_limits']));
    // Sync versions are per company now (companies.version); the global counter is gone.
    expect(tables).not.toContain('sync_state');
    expect(await catalogue.columns('companies')).toContain('version');
  });

  it('builds exactly the tables, columns and indexes the schema module declares', async () => {
    const declared = declaredSchema();
    expect([...(await catalogue.tables())].sort()).toEqual([...declared.keys()].sort());
    for (const [table, { columns, indexes }] of declared) {
      expect([...(await catalogue.columns(table))].sort(), `columns of ${table}`).toEqual([...columns].sort());
      const built = (await catalogue.indexes(table)).map((index) => index.name);
      expect([...built].sort(), `indexes of ${table}`).toEqual([...indexes].sort());
    }
  });

  it('cascades children with their parents as the spec names', async () => {
    const { foreignKeys } = catalogue;
    expect(await foreignKeys('template_sections')).toContainEqual({ table: 'templates', from: 'template_id', on_delete: 'CASCADE' });
    expect(await foreignKeys('template_tasks')).toContainEqual({ table: 'template_sections', from: 'section_id', on_delete: 'CASCADE' });
    expect(await foreignKeys('onboarding_tasks')).toContainEqual({ table: 'onboarding_plans', from: 'plan_id', on_delete: 'CASCADE' });
    expect(await foreignKeys('messages')).toContainEqual({ table: 'onboarding_plans', from: 'plan_id', on_delete: 'CASCADE' });
    expect(await foreignKeys('users')).toContainEqual(expect.objectContaining({ table: 'companies', from: 'company_id' }));
    expect((await foreignKeys('onboarding_plans')).map((fk) => fk.from)).toEqual(expect.arrayContaining(['new_hire_id', 'template_id', 'manager_id', 'company_id']));
    // The shard key: a company's rows go with it, on every table that carries company_id.
    for (const table of ['template_sections', 'template_tasks', 'onboarding_tasks', 'messages', 'sync_clients']) {
      expect(await foreignKeys(table), table).toContainEqual({ table: 'companies', from: 'company_id', on_delete: 'CASCADE' });
    }
  });

  it('enforces foreign keys, and unique emails in any case', async () => {
    if (testEngine === 'sqlite') {
      // SQLite checks foreign keys only when the connection turns them on.
      expect(await rows<{ foreign_keys: number }>(db, sql`PRAGMA foreign_keys`)).toEqual([{ foreign_keys: 1 }]);
    }
    const user = (id: string, email: string, companyId: string) => db.insert(users).values({ id, email, role: 'admin', companyId });
    expect(await failure(user('u1', 'a@b.c', 'missing'))).toMatch(/FOREIGN KEY|foreign key/);
    await db.insert(companies).values({ id: 'c1', name: 'Co' });
    await user('u1', 'same@example.com', 'c1');
    expect(await failure(user('u2', 'SAME@example.com', 'c1'))).toMatch(/UNIQUE|unique/);
    expect(await failure(user('u3', 'Same@Example.COM', 'c1'))).toMatch(/UNIQUE|unique/);
  });

  it('indexes what lists filter by', async () => {
    const indexed = async (table: string) => (await catalogue.indexes(table)).map((index) => index.first);
    expect(await indexed('onboarding_plans')).toEqual(expect.arrayContaining(['company_id', 'manager_id', 'new_hire_id', 'template_id']));
    expect(await indexed('onboarding_tasks')).toContain('plan_id');
    expect(await indexed('messages')).toEqual(expect.arrayContaining(['plan_id', 'receiver_id', 'sender_id']));
    expect(await indexed('users')).toEqual(expect.arrayContaining(['company_id', 'manager_id']));
  });
});
