// Prepared statements built once per database connection and reused: drizzle's query builder
// compiles its SQL again on every call, which halves the throughput of hot paths (issue 10).
import { Column, is, SQL } from 'drizzle-orm';
import type { Db, Tx } from './client.ts';
import { connectionOf } from './engines/engine.ts';

/**
 * Returns a getter for the statements `build` prepares (drizzle's `.prepare()` with
 * `sql.placeholder(...)`), built on first use of each connection and cached with it. A statement runs
 * on the connection it was prepared on: the one better-sqlite3 connection; on PostgreSQL the pool
 * outside transactions, and inside one the pooled client that holds it. Pooled clients are reused, so
 * statements built for one serve every later transaction on it (rebuilding them per transaction cost
 * ~5 ms each on the sync routes).
 */
export function preparedFor<T>(build: (db: Db) => T): (db: Db | Tx) => T {
  const byConnection = new WeakMap<object, T>();
  return (db) => {
    const connection = connectionOf(db);
    let statements = byConnection.get(connection);
    if (!statements) {
      statements = build(db);
      byConnection.set(connection, statements);
    }
    return statements;
  };
}

type Decoder = ((value: unknown) => unknown) | null;
type SelectedField = { path: string[]; field: unknown };
/** The parts of drizzle's prepared query (0.45, both drivers) that `flatRows` uses; not in its public types. */
type DrizzlePrepared = { fields?: SelectedField[]; customResultMapper?: (rows: unknown[][]) => unknown };

function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field.mapFromDriverValue === Column.prototype.mapFromDriverValue ? null : (value) => field.mapFromDriverValue(value);
  const expression = is(field, SQL) ? field : is(field, SQL.Aliased) ? field.sql : undefined;
  // SQL's decoder (set by `.mapWith()`) is internal to drizzle's types.
  const decoder = (expression as { decoder?: { mapFromDriverValue: (value: unknown) => unknown } } | undefined)?.decoder;
  if (!decoder) throw new Error('flatRows: a selected field is neither a column nor SQL');
  return (value) => decoder.mapFromDriverValue(value);
}

/**
 * Turns rows given as arrays of driver values (in `fields`' order) into objects keyed as `fields`, each
 * value through its column's decoder looked up once. Null stays null.
 */
export function rowDecoder(fields: { key: string; field: unknown }[]): (rows: unknown[][]) => Record<string, unknown>[] {
  const keys = fields.map(({ key }) => key);
  const decoders = fields.map(({ field }) => decoderOf(field));
  return (rows) =>
    rows.map((row) => {
      const mapped: Record<string, unknown> = {};
      for (let index = 0; index < keys.length; index++) {
        const value = row[index];
        const decode = decoders[index];
        mapped[keys[index] as string] = value === null ? null : decode ? decode(value) : value;
      }
      return mapped;
    });
}

/**
 * Maps the rows of a prepared select of flat columns (no nested objects) with each column's decoder
 * looked up once, instead of drizzle's per-row, per-column type checks (a sixth of a list's CPU, issue
 * 20). The rows are the same: drizzle's own decoders, keys in selection order, null stays null. Uses
 * drizzle's hook for relational queries (`customResultMapper`), which both drivers call with the
 * driver's rows as arrays. Read them with `execute()` (SQLite's `get()` would answer an array).
 */
export function flatRows<T extends object>(prepared: T): T {
  const internal = prepared as DrizzlePrepared;
  const fields = internal.fields;
  if (!fields || fields.some(({ path }) => path.length !== 1)) throw new Error('flatRows takes a prepared select of flat columns');
  internal.customResultMapper = rowDecoder(fields.map(({ path, field }) => ({ key: path[0] as string, field })));
  return prepared;
}
