// Test-only: runs the data statements of a migration file again on a test database, as the migrator
// runs them, to check a backfill against rows written the old way.
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../db/client.ts';
import { testEngine } from './harness.ts';

/** The migration's file for the engine under test. */
export function migrationFile(sqlite: string, postgres: string): string {
  return testEngine === 'postgres' ? `drizzle/pg/${postgres}.sql` : `drizzle/sqlite/${sqlite}.sql`;
}

/**
 * Each statement from the first data statement (an UPDATE, INSERT or DELETE at the start of a line) on:
 * the columns they fill exist already in a test database. RETURNING lets the one row-reading helper run
 * both engines' writes.
 */
export async function runMigrationData(db: Db, file: string): Promise<void> {
  const statements = readFileSync(file, 'utf8').split('--> statement-breakpoint');
  for (const statement of statements.slice(statements.findIndex((text) => /^(UPDATE|INSERT|DELETE) /m.test(text)))) {
    await rows(db, sql.raw(`${statement.trim().replace(/;$/, '')} RETURNING 1`));
  }
}
