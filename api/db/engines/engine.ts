// What differs between the two engines, behind one interface: each engine's module implements it.
import type { SQL } from 'drizzle-orm';
import type { Db, Tx } from '../client.ts';

export type TransactionOptions = {
  /**
   * On disk before the commit returns, even if the machine loses power (payments). PostgreSQL commits
   * are (synchronous_commit on); SQLite's WAL at synchronous=NORMAL may lose the last commits on power
   * loss, so these run at FULL. Decided by the outermost transaction.
   */
  durable?: boolean;
};

export type Engine = {
  name: 'sqlite' | 'postgres';
  /** Runs `body` in one write transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(db: Db, body: (tx: Tx) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /**
   * Runs `read`, a single statement, over committed rows only (the sync pull reads every table as of
   * one moment). PostgreSQL runs it as it comes: a statement reads one snapshot. SQLite runs it between
   * transactions: on its one connection, inside another request's open transaction, it would read that
   * transaction's writes before they commit.
   */
  committedRead<T>(db: Db, read: (db: Db) => Promise<T>): Promise<T>;
  /**
   * Runs `work` while no other process of this database runs work under the same name (start-up
   * chores such as migrations and the demo seed, when several instances start together).
   */
  exclusively<T>(name: string, work: () => Promise<T>): Promise<T>;
  /** A raw statement's rows. */
  rows<T>(db: Db, query: SQL): Promise<T[]>;
  close(): Promise<void>;
};

type Binding = { engine: Engine; connection: object };

const bindings = new WeakMap<object, Binding>();

/**
 * Records which engine serves a database handle (and each transaction handle made from it), and the
 * connection its statements run on: the better-sqlite3 database; on PostgreSQL the pool, or inside a
 * transaction the pooled client holding it.
 */
export function bindEngine<T extends object>(db: T, engine: Engine, connection: object): T {
  bindings.set(db, { engine, connection });
  return db;
}

function bindingOf(db: Db): Binding {
  const binding = bindings.get(db);
  if (!binding) throw new Error('This database handle was not opened through openDatabase');
  return binding;
}

export const engineOf = (db: Db): Engine => bindingOf(db).engine;

/** The connection a handle's statements run on (prepared.ts keeps prepared statements per connection). */
export const connectionOf = (db: Db): object => bindingOf(db).connection;
