// The benchmark's ceiling: the least a Kickoff read can cost here. A bare Hono app on
// @hono/node-server answers one plan's first 20 tasks from one raw prepared better-sqlite3
// statement, with no auth, no validation and no middleware.
// Usage: npx tsx bench/ceiling.ts <database> <planId> [port]
import { serve } from '@hono/node-server';
import Database from 'better-sqlite3';
import { Hono } from 'hono';

const [databasePath, planId, port = '4302'] = process.argv.slice(2);
if (!databasePath || !planId) {
  console.error('Usage: npx tsx bench/ceiling.ts <database> <planId> [port]');
  process.exit(1);
}

const sqlite = new Database(databasePath, { fileMustExist: true });
sqlite.pragma('journal_mode = WAL');
const planTasks = sqlite.prepare('SELECT * FROM onboarding_tasks WHERE plan_id = ? ORDER BY "order" LIMIT 20');

const app = new Hono();
app.get('/tasks', (c) => c.json(planTasks.all(planId)));
app.get('/health', (c) => c.json({ status: 'ok' }));

const server = serve({ fetch: app.fetch, port: Number(port), hostname: '127.0.0.1' }, (info) => {
  console.log(`ceiling listening on ${info.port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
