// The benchmark's ceiling: the least a Kickoff read can cost on an engine. A bare Hono app on
// @hono/node-server answers from one raw statement, with no auth, no validation and no middleware: on
// SQLite a prepared better-sqlite3 statement, on PostgreSQL a named (so prepared once per connection)
// `pg` query on a pool configured as the server's.
//   GET /tasks?limit=20   one plan's first tasks (20: the ceiling every endpoint is compared with)
//   GET /plans?limit=50   the company's newest plans: the ceiling of a list of that many rows
// Usage: npx tsx bench/ceiling.ts <database file | postgres:// URL> <planId> [port] [pool size] [companyId]
import { serve } from '@hono/node-server';
import Database from 'better-sqlite3';
import { Hono } from 'hono';
import { createPool } from '../api/db/engines/postgres.ts';

const [database, planId, port = '4302', poolSize = '10', companyId = ''] = process.argv.slice(2);
if (!database || !planId) {
  console.error('Usage: npx tsx bench/ceiling.ts <database file | postgres:// URL> <planId> [port] [pool size] [companyId]');
  process.exit(1);
}

const PLAN_TASKS = 'SELECT * FROM onboarding_tasks WHERE plan_id = $1 ORDER BY "order" LIMIT $2';
// deleted_at in the ORDER BY lets PostgreSQL walk plans_company_created_idx instead of sorting every plan.
const COMPANY_PLANS = 'SELECT * FROM onboarding_plans WHERE company_id = $1 AND deleted_at IS NULL ORDER BY deleted_at DESC, created_at DESC, id DESC LIMIT $2';

type Read = (key: string, limit: number) => Promise<unknown[]>;

function rawQueries(): { tasks: Read; plans: Read; close: () => Promise<void> } {
  if (/^postgres(ql)?:\/\//.test(database as string)) {
    const pool = createPool({ url: database as string, poolSize: Number(poolSize) });
    const named =
      (name: string, text: string): Read =>
      async (key, limit) =>
        (await pool.query({ name, text, values: [key, limit] })).rows;
    return { tasks: named('ceiling.plan-tasks', PLAN_TASKS), plans: named('ceiling.company-plans', COMPANY_PLANS), close: () => pool.end() };
  }
  const sqlite = new Database(database, { fileMustExist: true });
  sqlite.pragma('journal_mode = WAL');
  const prepared = (text: string): Read => {
    const statement = sqlite.prepare(text.replace('$1', '?').replace('$2', '?'));
    return async (key, limit) => statement.all(key, limit);
  };
  return { tasks: prepared(PLAN_TASKS), plans: prepared(COMPANY_PLANS), close: async () => void sqlite.close() };
}

const queries = rawQueries();
const limitOf = (value: string | undefined, fallback: number) => Math.max(1, Number(value) || fallback);
const app = new Hono();
app.get('/tasks', async (c) => c.json(await queries.tasks(planId, limitOf(c.req.query('limit'), 20))));
app.get('/plans', async (c) => c.json(await queries.plans(companyId, limitOf(c.req.query('limit'), 50))));
app.get('/health', (c) => c.json({ status: 'ok' }));

const server = serve({ fetch: app.fetch, port: Number(port), hostname: '127.0.0.1' }, (info) => {
  console.log(`ceiling listening on ${info.port}`);
});
process.on('SIGTERM', () => server.close(() => void queries.close().finally(() => process.exit(0))));
