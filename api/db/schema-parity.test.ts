// The two dialects' schemas are twins (DESIGN.md section 9): the same tables under the same export
// names, the same columns (name, not null, default, primary key), the same indexes (name, unique,
// columns) and the same foreign keys. A column added to one schema and not the other fails here.
// Read from drizzle's own table configs, so it runs the same on either engine.
import { Column, getTableName, is, SQL, StringChunk } from 'drizzle-orm';
import { getTableConfig as getPgTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { getTableConfig as getSqliteTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import * as pgSchema from './schema.pg.ts';
import * as sqliteSchema from './schema.sqlite.ts';

type TableShape = {
  name: string;
  columns: Record<string, { notNull: boolean; hasDefault: boolean; primary: boolean }>;
  indexes: Record<string, { unique: boolean; on: string[] }>;
  /** `column -> table.column on delete ...`, sorted. */
  foreignKeys: string[];
};

/** A column by name, an expression by its text with column names in place (`lower(email)`). */
function indexed(part: unknown): string {
  if (is(part, Column)) return part.name;
  if (is(part, SQL)) {
    return part.queryChunks.map((chunk) => (is(chunk, Column) ? chunk.name : is(chunk, StringChunk) ? chunk.value.join('') : '?')).join('');
  }
  // pg-core wraps a column of an index in an IndexedColumn, which keeps its name.
  const name = (part as { name?: unknown }).name;
  return typeof name === 'string' ? name : '?';
}

type AnyConfig = ReturnType<typeof getPgTableConfig> | ReturnType<typeof getSqliteTableConfig>;

function shapeOf(config: AnyConfig): TableShape {
  return {
    name: config.name,
    columns: Object.fromEntries(config.columns.map((column) => [column.name, { notNull: column.notNull, hasDefault: column.hasDefault, primary: column.primary }])),
    indexes: Object.fromEntries(config.indexes.map((index) => [index.config.name ?? '(unnamed)', { unique: index.config.unique, on: index.config.columns.map(indexed) }])),
    foreignKeys: config.foreignKeys
      .map((foreignKey) => {
        const reference = foreignKey.reference();
        const target = reference.foreignColumns.map((column) => `${getTableName(reference.foreignTable)}.${column.name}`).join(', ');
        return `${reference.columns.map((column) => column.name).join(', ')} -> ${target} on delete ${foreignKey.onDelete ?? 'no action'}`;
      })
      .sort(),
  };
}

/** Export name -> table shape, for every table a schema module exports. */
function tablesOf(module: Record<string, unknown>): Map<string, TableShape> {
  const tables = new Map<string, TableShape>();
  for (const [exportName, value] of Object.entries(module)) {
    if (is(value, PgTable)) tables.set(exportName, shapeOf(getPgTableConfig(value)));
    else if (is(value, SQLiteTable)) tables.set(exportName, shapeOf(getSqliteTableConfig(value)));
  }
  return tables;
}

const postgres = tablesOf(pgSchema);
const sqlite = tablesOf(sqliteSchema);
const names = [...new Set([...postgres.keys(), ...sqlite.keys()])].sort();

/** Tables that belong to no company: the company itself, a person's sign-in bookkeeping (found by token or credential before any company is known), the server's own keys. */
const NOT_COMPANY_OWNED = ['companies', 'sessions', 'auth_tokens', 'auth_flows', 'passkeys', 'recovery_codes', 'rate_limits', 'server_settings'];

describe('schema.sqlite.ts and schema.pg.ts', () => {
  it('export the same tables under the same names', () => {
    expect(names.length).toBeGreaterThan(10);
    expect([...sqlite.keys()].sort()).toEqual([...postgres.keys()].sort());
  });

  it.each(names)('%s: same table name, columns, indexes and foreign keys', (exportName) => {
    expect(sqlite.get(exportName), 'SQLite').toEqual(postgres.get(exportName));
  });

  it.each([
    ['SQLite', sqlite],
    ['PostgreSQL', postgres],
  ] as const)('%s: every company-owned table has company_id, cascading with its company', (_engine, tables) => {
    const owned = [...tables.values()].filter((table) => !NOT_COMPANY_OWNED.includes(table.name));
    expect(owned.length).toBeGreaterThan(10);
    for (const table of owned) {
      expect(table.columns.company_id, `${table.name}.company_id`).toBeDefined();
      expect(table.foreignKeys, `${table.name}.company_id`).toContain('company_id -> companies.id on delete cascade');
    }
  });
});
