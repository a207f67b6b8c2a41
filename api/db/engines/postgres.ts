// PostgreSQL through node-postgres: a pool per process, async transactions on one pooled client each.
import { fileURLToPath } from 'node:url';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from '../schema.pg.ts';
import type { Db } from '../client.ts';
import { bindEngine, type Engine } from './engine.ts';

const migrationsFolder = fileURLToPath(new URL('../../../drizzle/pg', import.meta.url));

export type PostgresOptions = { url: string; poolSize: number };

export function createPool({ url, poolSize }: PostgresOptions): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
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

/** Connects and applies the committed migrations (one instance at a time). */
export async function openPostgres(options: PostgresOptions): Promise<{ db: Db; client: pg.Pool; engine: Engine }> {
  const pool = createPool(options);
  const db = drizzle({ client: pool, schema });
  const engine = postgresEngine(pool);
  await engine.exclusively('migrate', () => migrate(db, { migrationsFolder }));
  return { db: bindEngine(db, engine), client: pool, engine };
}

export function postgresEngine(pool: pg.Pool): Engine {
  const engine: Engine = {
    name: 'postgres',
    transaction: (db, body) => db.transaction((tx) => body(bindEngine(tx as unknown as Db, engine))),
    // REPEATABLE READ: every statement of the body reads the same snapshot.
    snapshot: (db, body) =>
      db.transaction((tx) => body(bindEngine(tx as unknown as Db, engine)), { isolationLevel: 'repeatable read', accessMode: 'read only' }),
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

    // Date arithmetic (stats): what SQLite does with text functions, PostgreSQL does with timestamptz.
    // timestamptz AT TIME ZONE 'UTC' is the UTC wall time, whatever the session's TimeZone.
    utcMonth: (timestamp) => sql<string>`to_char(${timestamp} at time zone 'UTC', 'YYYY-MM')`,
    daysFromDateTo: (day, timestamp) => sql<number>`((${timestamp} at time zone 'UTC')::date - ${day}::date)`,
  };
  return engine;
}
