// Prepared statements built once per database connection and reused: drizzle's query builder
// compiles its SQL again on every call, which halves the throughput of hot paths (issue 10).
import type { Db, Tx } from './client.ts';

/**
 * drizzle keeps the connection's session on the database and on every transaction opened on it, so
 * statements prepared through either run on the same connection (inside whatever transaction is open).
 */
function sessionOf(db: Db | Tx): object {
  const session = (db as unknown as { session?: object }).session;
  if (!session) throw new Error('preparedFor: this drizzle version keeps no session on the database object');
  return session;
}

/**
 * Returns a getter for the statements `build` prepares (drizzle's `.prepare()` with
 * `sql.placeholder(...)`), built on first use of each connection and cached with it.
 */
export function preparedFor<T>(build: (db: Db) => T): (db: Db | Tx) => T {
  const bySession = new WeakMap<object, T>();
  return (db) => {
    const session = sessionOf(db);
    let statements = bySession.get(session);
    if (!statements) {
      // Only the query builders are used to prepare, and a transaction has the same ones.
      statements = build(db as Db);
      bySession.set(session, statements);
    }
    return statements;
  };
}
