// Prepared statements built once per database connection and reused: drizzle's query builder
// compiles its SQL again on every call, which halves the throughput of hot paths (issue 10).
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
