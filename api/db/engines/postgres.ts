// PostgreSQL through node-postgres: a pool per process, async transactions on one pooled client each.
import { fileURLToPath } from 'node:url';
import type { SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from '../schema.pg.ts';
import type { Db, Tx } from '../client.ts';
import { bindEngine, connectionOf, type Engine } from './engine.ts';

const migrationsFolder = fileURLToPath(new URL('../../../drizzle/pg', import.meta.url));

export type PostgresOptions = { url: string; poolSize: number };

export function createPool({ url, poolSize }: PostgresOptions): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    // Queries issued together on one connection (a transaction's `Promise.all`) go out without waiting
    // for each answer; the server still runs them in order. A tick's writes take one round trip.
    pipeline: true,
    // Timestamps go in and out as UTC; no JIT (it spent 90 of 514 ms compiling the stats aggregate); a
    // stuck statement or transaction cannot hold locks forever.
    options: '-c TimeZone=UTC -c jit=off',
    statement_timeout: 30_000,
    idle_in_transaction_session_timeout: 60_000,
    idleTimeoutMillis: 10_000,
  });
  // A pooled client that loses its server (restart, failover) is dropped; the next query gets a new one.
  pool.on('error', (error) => console.error('PostgreSQL pool:', error.message));
  return pool;
}

type Corkable = { cork: () => void; uncork: () => void };

/**
 * Queries a pooled client is given in one tick (a sync pull's reads, a tick's writes) go to the socket in
 * one write: node-postgres corks the socket around each query's own messages only, so ten pipelined
 * queries were ten writev calls (a fifth of a pull's CPU, issue 20). The socket is uncorked on the next
 * tick, after the code that issued them has run; nothing waits on an answer before then.
 */
export function coalesceWrites(client: pg.PoolClient): void {
  const stream = (client as unknown as { connection?: { stream?: Partial<Corkable> } }).connection?.stream;
  if (!stream?.cork || !stream.uncork) return;
  const socket = stream as Corkable;
  const query = client.query;
  let corked = false;
  const uncork = () => {
    corked = false;
    socket.uncork();
  };
  client.query = function (this: pg.PoolClient, ...args: unknown[]) {
    if (!corked) {
      corked = true;
      socket.cork();
      process.nextTick(uncork);
    }
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof client.query;
}

/**
 * drizzle awaits a transaction's BEGIN before running its body, a round trip with the pooled connection
 * held and nothing learned: BEGIN cannot fail on a live connection, and on a dead one every statement
 * after it fails too. Answered at once here, it goes out pipelined with the body's first statements.
 */
export function pipelineBegin(client: pg.PoolClient): void {
  const query = client.query;
  client.query = function (this: pg.PoolClient, ...args: unknown[]) {
    const sent = (query as (...a: unknown[]) => unknown).apply(this, args);
    if ((args[0] as { text?: unknown } | undefined)?.text !== 'begin') return sent;
    // Its error, if the connection died, reaches the caller through the next statement's.
    (sent as Promise<unknown>).catch(() => undefined);
    return Promise.resolve({ command: 'BEGIN', rowCount: null, rows: [], fields: [], oid: 0 });
  } as typeof client.query;
}

/** Connects and applies the committed migrations (one instance at a time). */
export async function openPostgres(options: PostgresOptions): Promise<{ db: Db; client: pg.Pool; engine: Engine }> {
  const pool = createPool(options);
  pool.on('connect', (client) => {
    coalesceWrites(client);
    pipelineBegin(client);
  });
  const db = drizzle({ client: pool, schema });
  const engine = postgresEngine(pool);
  await engine.exclusively('migrate', () => migrate(db, { migrationsFolder }));
  return { db: bindEngine(db, engine, pool), client: pool, engine };
}

export function postgresEngine(pool: pg.Pool): Engine {
  /** A drizzle handle per pooled client, made at its first transaction and kept with it. */
  const handles = new WeakMap<pg.PoolClient, Db>();

  function handleOf(client: pg.PoolClient): Db {
    let handle = handles.get(client);
    if (!handle) {
      handle = drizzle({ client, schema });
      handles.set(client, handle);
    }
    return handle;
  }

  /**
   * The client is taken from the pool here, not inside drizzle, so the transaction's handle can be bound
   * to the connection it runs on. Inside a transaction, drizzle makes a savepoint on the same client.
   */
  async function inTransaction<T>(db: Db, body: (tx: Tx) => Promise<T>): Promise<T> {
    const connection = connectionOf(db);
    if (connection !== pool) return db.transaction((tx) => body(bindEngine(tx, engine, connection)));
    const client = await pool.connect();
    try {
      return await handleOf(client).transaction((tx) => body(bindEngine(tx, engine, client)));
    } finally {
      client.release();
    }
  }

  const engine: Engine = {
    name: 'postgres',
    transaction: (db, body) => inTransaction(db, body),
    // A statement reads one snapshot of committed rows.
    committedRead: (db, read) => read(db),
    rows: async <T>(db: Db, query: SQL) => (await db.execute(query)).rows as T[],
    // A session-level advisory lock, held on one pooled connection for the duration of the work.
    exclusively: async (name, work) => {
      const lock = await pool.connect();
      try {
        await lock.query('SELECT pg_advisory_lock(hashtext($1))', [`kickoff:${name}`]);
        return await work();
      } finally {
        await lock.query('SELECT pg_advisory_unlock(hashtext($1))', [`kickoff:${name}`]).catch(() => undefined);
        lock.release();
      }
    },
    close: () => pool.end(),
  };
  return engine;
}
