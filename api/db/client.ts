// Opens the configured database (SQLite by default, PostgreSQL with DATABASE_URL) and offers the few
// operations whose SQL differs between the engines. Queries themselves are written once, in drizzle.
import { eq, sql, type SQL } from 'drizzle-orm';
import type { NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import { type DatabaseConfig, databaseEngine } from '../config.ts';
import { engineOf, type Engine, type TransactionOptions } from './engines/engine.ts';
import { openPostgres } from './engines/postgres.ts';
import { openSqlite } from './engines/sqlite.ts';
import { preparedFor } from './prepared.ts';
import type * as pgSchema from './schema.pg.ts';
import { companies } from './schema.ts';

/**
 * A database handle, typed by the PostgreSQL schema (its API is the async one both engines share).
 * drizzle's database class, which its transaction class extends: the body of `transaction(db, tx => ...)`
 * gets a handle of this type too, with no cast (on SQLite it is the database handle itself).
 */
export type Db = PgDatabase<NodePgQueryResultHKT, typeof pgSchema>;
/** A transaction's handle: the same type as `Db`, named so signatures say they expect to run inside one. */
export type Tx = Db;

export type OpenDatabase = { db: Db; engine: Engine; close: () => Promise<void> };

export async function openDatabase(config: DatabaseConfig): Promise<OpenDatabase> {
  if (config.engine !== databaseEngine()) {
    throw new Error(`The tables were bound to ${databaseEngine()} at start; cannot open ${config.engine}`);
  }
  const { db, engine } = config.engine === 'postgres' ? await openPostgres({ url: config.url, poolSize: config.poolSize }) : openSqlite(config.path);
  return { db, engine, close: () => engine.close() };
}

/** Runs `body` in one transaction: all of it commits, or (when it throws) none of it does. */
export function transaction<T>(db: Db, body: (tx: Tx) => Promise<T>, options?: TransactionOptions): Promise<T> {
  return engineOf(db).transaction(db, body, options);
}

/** Runs `read`, one statement, over committed rows only: one consistent snapshot of the whole database. */
export function committedRead<T>(db: Db, read: (db: Db) => Promise<T>): Promise<T> {
  return engineOf(db).committedRead(db, read);
}

/** The rows of a raw statement (prefer the query builder; this is for SQL it cannot say). */
export function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return engineOf(db).rows<T>(db, query);
}

/** The first row of a query, or undefined. */
export async function first<T>(query: PromiseLike<T[]>): Promise<T | undefined> {
  return (await query)[0];
}

/**
 * Bumps the company's sync counter and returns the new value (DESIGN.md section 9). Call it first in
 * each write transaction that touches the company's synced rows, and stamp them with the result: the
 * row lock it takes makes the company's writers commit in version order, so a pull never skips a row.
 * After lockCompanyTakingVersion, the first call answers the version that lock took.
 */
export function nextVersion(tx: Tx, companyId: string): Promise<number> {
  const ahead = versionsTakenAhead.get(tx);
  if (ahead?.companyId === companyId) {
    versionsTakenAhead.delete(tx);
    return ahead.version;
  }
  return takeVersion(tx, companyId);
}

async function takeVersion(tx: Tx, companyId: string): Promise<number> {
  const [row] = await versionStatements(tx).next.execute({ companyId });
  if (!row) throw new Error(`nextVersion: no company ${companyId}`);
  return row.version;
}

/** Versions taken with the lock (lockCompanyTakingVersion), each kept for its transaction's first nextVersion. */
const versionsTakenAhead = new WeakMap<Tx, { companyId: string; version: Promise<number> }>();

// Every write runs it first: prepared once per connection (building its SQL each time cost a push about 4%).
const versionStatements = preparedFor((db) => ({
  next: db
    .update(companies)
    .set({ version: sql`${companies.version} + 1`, updatedAt: sql`${companies.updatedAt}` })
    .where(eq(companies.id, sql.placeholder('companyId')))
    .returning({ version: companies.version })
    .prepare('companies.nextVersion'),
  lock: db
    .update(companies)
    .set({ updatedAt: sql`${companies.updatedAt}` })
    .where(eq(companies.id, sql.placeholder('companyId')))
    .prepare('companies.lock'),
}));

/**
 * Takes the company row's lock for the rest of the transaction without bumping its sync counter
 * (checks such as plan limits run under it; an UPDATE because SQLite has no SELECT ... FOR UPDATE).
 */
export async function lockCompany(tx: Tx, companyId: string): Promise<void> {
  await versionStatements(tx).lock.execute({ companyId });
}

/**
 * Takes the company row's lock by taking its next version, which the transaction's first nextVersion
 * then answers: a write that locks before it knows whether it writes (a sync push, whose mutation
 * takes the version itself) updates the company row once, not twice. When nothing is written after
 * all, the counter has moved with no row stamped with it: a pull then finds nothing new.
 */
export function lockCompanyTakingVersion(tx: Tx, companyId: string): Promise<void> {
  const version = takeVersion(tx, companyId);
  versionsTakenAhead.set(tx, { companyId, version });
  return version.then(() => undefined);
}

type DriverError = Error & { code?: string; constraint?: string };

/** The error and its causes: drizzle wraps the driver's error (which carries the code) in its own. */
function driverErrors(error: unknown): DriverError[] {
  const chain: DriverError[] = [];
  for (let cause = error; cause instanceof Error; cause = cause.cause) chain.push(cause);
  return chain;
}

/**
 * PostgreSQL's refusal of text it cannot store: a NUL character, or a lone surrogate in JSON (the API
 * refuses both earlier; this answers what reaches the engine another way).
 */
export function isUnstorableText(error: unknown): boolean {
  return driverErrors(error).some(({ code, message }) => code === '22021' || code === '22P05' || (code === '22P02' && /surrogate|\\u0000/i.test(message)));
}

/** Which unique index a failed insert or update ran into, on either engine; undefined for other errors. */
export function uniqueViolation(error: unknown): { index: string } | undefined {
  for (const cause of driverErrors(error)) {
    const { code, constraint } = cause;
    if (code === '23505') return { index: constraint ?? '' };
    if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
      return { index: /index '([^']+)'/.exec(cause.message)?.[1] ?? cause.message };
    }
  }
  return undefined;
}
