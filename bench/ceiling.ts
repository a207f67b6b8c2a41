// The benchmark's ceiling: the least a Kickoff read can cost on an engine. A bare Hono app on
// @hono/node-server answers one plan's first 20 tasks from one raw statement, with no auth, no
// validation and no middleware: on SQLite a prepared better-sqlite3 statement, on PostgreSQL a named
// (so prepared once per connection) `pg` query on a pool configured as the server's.
// Usage: npx tsx bench/ceiling.ts <database file | postgres:// URL> <planId> [port] [pool size]
import { serve } from '@hono/node-server';
import Database from 'better-sqlite3';
import { Hono } from 'hono';
import { createPool } from '../api/db/engines/postgres.ts';

const [database, planId, port = '4302', poolSize = '10'] = process.argv.slice(2);
if (!database || !planId) {
  console.error('Usage: npx tsx bench/ceiling.ts <database file | postgres:// URL> <planId> [port] [pool size]');
  process.exit(1);
}

const PLAN_TASKS = 'SELECT * FROM onboarding_tasks WHERE plan_id = $1 ORDER BY "order" LIMIT 20';

function planTasksQuery(): { read: () => Promise<unknown[]>; close: () => Promise<void> } {
  if (/^postgres(ql)?:\/\//.test(database as string)) {
    const pool = createPool({ url: database as string, poolSize: Number(poolSize) });
    const statement = { name: 'ceiling.plan-tasks', text: PLAN_TASKS, values: [planId] };
    return { read: async () => (await pool.query(statement)).rows, close: () => pool.end() };
  }
  const sqlite = new Database(database, { fileMustExist: true });
  sqlite.pragma('journal_mode = WAL');
  const planTasks = sqlite.prepare(PLAN_TASKS.replace('$1', '?'));
  return { read: async () => planTasks.all(planId), close: async () => void sqlite.close() };
}

const planTasks = planTasksQuery();
const app = new Hono();
app.get('/tasks', async (c) => c.json(await planTasks.read()));
app.get('/health', (c) => c.json({ status: 'ok' }));

const server = serve({ fetch: app.fetch, port: Number(port), hostname: '127.0.0.1' }, (info) => {
  console.log(`ceiling listening on ${info.port}`);
});
process.on('SIGTERM', () => server.close(() => void planTasks.close().finally(() => process.exit(0))));
