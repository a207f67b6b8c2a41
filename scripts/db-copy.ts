// `npm run db:copy -- --from sqlite:data/kickoff.sqlite --to postgres://user@host:5432/kickoff`
// Moves a SQLite database (the server may keep running: it is read in one snapshot) into an empty,
// freshly migrated PostgreSQL database, table by table in foreign-key order, and checks the row counts.
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { readFileSync } from 'node:fs';
import { asc, eq, getTableColumns, getTableName, is, isNotNull } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { PgTable } from 'drizzle-orm/pg-core';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { openPostgres } from '../api/db/engines/postgres.ts';
import * as pgSchema from '../api/db/schema.pg.ts';
import * as sqliteSchema from '../api/db/schema.sqlite.ts';

/** Parents before children. */
const TABLES = [
  'companies',
  'users',
  'authTokens',
  'sessions',
  'templates',
  'templateSections',
  'templateTasks',
  'onboardingPlans',
  'onboardingTasks',
  'companyTemplateStats',
  'companyCompletionMonths',
  'messages',
  'subscriptions',
  'paymentTransactions',
  'subscriptionCancellations',
  'templatePresence',
  'syncClients',
  'syncTombstones',
  'rateLimits',
  'serverSettings',
  'jobs',
  'outbox',
  'pushSubscriptions',
  'notificationOptOuts',
  'files',
  'acknowledgements',
  'apiKeys',
  'webhookEndpoints',
  'webhookDeliveries',
  'companySso',
  'ssoDomains',
  'ssoIdentities',
  'authFlows',
  'passkeys',
  'recoveryCodes',
] as const satisfies readonly (keyof typeof pgSchema & keyof typeof sqliteSchema)[];
const BATCH = 500;

// A table added to the schema and forgotten here would be left behind without a word.
const forgotten = Object.entries(pgSchema).filter(([name, value]) => is(value, PgTable) && !(TABLES as readonly string[]).includes(name));
if (forgotten.length > 0) throw new Error(`db-copy does not know these tables: ${forgotten.map(([name]) => name).join(', ')}`);

const { values } = parseArgs({ options: { from: { type: 'string' }, to: { type: 'string' } } });
const from = values.from?.replace(/^sqlite:/, '');
const to = values.to;
if (!from || !to || !/^postgres(ql)?:\/\//.test(to)) {
  console.error('usage: npm run db:copy -- --from sqlite:<file> --to postgres://user@host:port/database');
  process.exit(2);
}

const source = new Database(from, { readonly: true, fileMustExist: true });
const sqliteDb = drizzle({ client: source, schema: sqliteSchema });
const target = await openPostgres({ url: to, poolSize: 4 });
const pgDb = target.db;

try {
  const journal = JSON.parse(readFileSync(new URL('../drizzle/sqlite/meta/_journal.json', import.meta.url), 'utf8')) as { entries: unknown[] };
  const applied = source.prepare('SELECT count(*) AS n FROM __drizzle_migrations').get() as { n: number };
  if (applied.n !== journal.entries.length) {
    throw new Error(`${from} has ${applied.n} of ${journal.entries.length} migrations: start this version of Kickoff on it once (it migrates), then copy.`);
  }
  const [existing] = await pgDb.select({ id: pgSchema.companies.id }).from(pgSchema.companies).limit(1);
  if (existing) throw new Error('The PostgreSQL database already has companies: copy into an empty database.');

  const started = Date.now();
  const counts: { table: string; source: number; copied: number }[] = [];
  // One read transaction: a consistent snapshot of the file while the server keeps writing (WAL).
  source.exec('BEGIN');
  await pgDb.transaction(async (tx) => {
    for (const name of TABLES) {
      const from = sqliteSchema[name] as unknown as SQLiteTable;
      const into = pgSchema[name] as unknown as PgTable;
      const columns = getTableColumns(from);
      const order = Object.values(columns)
        .filter((column) => column.primary)
        .map((column) => asc(column));
      const rows = sqliteDb
        .select()
        .from(from)
        .orderBy(...order)
        .all() as Record<string, unknown>[];
      // A manager is a user too: people go in without their manager first, then managers are set.
      const deferManager = name === 'users';
      // PostgreSQL numbers tombstones itself (an identity column); ascending order keeps their sequence.
      const renumber = name === 'syncTombstones';
      for (let start = 0; start < rows.length; start += BATCH) {
        const batch = rows.slice(start, start + BATCH).map((row) => (deferManager ? { ...row, managerId: null } : renumber ? { ...row, id: undefined } : row));
        await tx.insert(into).values(batch);
      }
      if (deferManager) {
        const managed = sqliteDb
          .select({ id: sqliteSchema.users.id, managerId: sqliteSchema.users.managerId })
          .from(sqliteSchema.users)
          .where(isNotNull(sqliteSchema.users.managerId))
          .all();
        for (const { id, managerId } of managed) {
          await tx.update(pgSchema.users).set({ managerId }).where(eq(pgSchema.users.id, id));
        }
      }
      const [copied] = (await tx.execute<{ n: number }>(`SELECT count(*)::int AS n FROM "${getTableName(into)}"`)).rows;
      counts.push({ table: getTableName(into), source: rows.length, copied: copied?.n ?? 0 });
    }
    const mismatched = counts.filter((count) => count.source !== count.copied);
    if (mismatched.length > 0) throw new Error(`Row counts differ: ${mismatched.map((m) => `${m.table} ${m.source} -> ${m.copied}`).join(', ')}`);
  });
  source.exec('COMMIT');
  console.table(counts);
  console.log(`Copied ${counts.reduce((sum, count) => sum + count.copied, 0)} rows in ${((Date.now() - started) / 1000).toFixed(1)} s; every table's count matches.`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  if (source.inTransaction) source.exec('ROLLBACK');
  source.close();
  await target.engine.close();
}
