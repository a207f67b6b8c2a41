// Push latency (issue 20): the real server on a fresh demo database; the demo new hire holds GET /api/events
// open while their manager sends N messages one by one. For each message: from the start of the manager's
// POST until (1) the POST answered, (2) the poke reached the new hire's stream, (3) the new hire's sync pull
// (what the app does on a poke) returned the message. Prints p50/p95/max against the 1 s target; asserts nothing.
// Usage: npx tsx bench/events.ts [--db sqlite|postgres] [--messages 50] [--pause-ms 50]; BENCH_PORT (default 4410).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type Cluster, createDatabase, startCluster } from '../scripts/postgres-cluster.ts';
import type { PullResponse } from '../shared/sync.ts';
import { openReadyStream } from '../api/test/event-stream.ts';
import { waitUntilUp } from './wait-until-up.ts';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'sqlite' },
    messages: { type: 'string', default: '50' },
    'pause-ms': { type: 'string', default: '50' },
  },
});
if (args.db !== 'sqlite' && args.db !== 'postgres') {
  console.error(`--db must be sqlite or postgres (got "${args.db}")`);
  process.exit(2);
}
const MESSAGES = Number(args.messages);
/** Between one message's pull and the next send: a person's pace rather than a load test. */
const PAUSE_MS = Number(args['pause-ms']);
const PORT = Number(process.env.BENCH_PORT ?? 4410);
const SERVER = `http://127.0.0.1:${PORT}`;
const PASSWORD = 'Kickoff#2026';
const TARGET_MS = 1_000;

const dataDir = mkdtempSync(join(tmpdir(), 'kickoff-bench-events-'));
let server: ChildProcess | undefined;
let cluster: Cluster | undefined;
process.on('exit', () => {
  server?.kill('SIGKILL');
  cluster?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(1));

async function databaseEnv(): Promise<Record<string, string>> {
  if (args.db === 'sqlite') return { DATABASE_PATH: join(dataDir, 'kickoff.sqlite') };
  execFileSync('bash', ['scripts/ensure-postgres.sh'], { stdio: 'inherit' });
  cluster = await startCluster();
  await createDatabase(cluster.url('postgres'), 'kickoff_events');
  return { DATABASE_URL: cluster.url('kickoff_events') };
}

async function startServer(env: Record<string, string>): Promise<void> {
  server = spawn(process.execPath, ['--import', 'tsx', 'api/server.ts'], {
    env: { ...process.env, ...env, NODE_ENV: 'test', PORT: String(PORT), HOST: '127.0.0.1', MAIL_DIR: join(dataDir, 'mail'), SEED_DEMO: 'true', STATIC_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitUntilUp(`${SERVER}/api/health`, { child: server });
}

async function signIn(email: string): Promise<string> {
  const response = await fetch(`${SERVER}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in as ${email} answered ${response.status}: ${await response.text()}`);
  const cookie = response.headers.getSetCookie()[0]?.split(';')[0];
  if (!cookie) throw new Error(`sign-in as ${email} set no cookie`);
  return cookie;
}

async function getJson<T>(path: string, cookie: string): Promise<T> {
  const response = await fetch(SERVER + path, { headers: { cookie } });
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

async function main() {
  const loadBefore = loadavg();
  await startServer(await databaseEnv());
  const manager = await signIn('manager@demo.kickoff.local');
  const newHire = await signIn('newhire@demo.kickoff.local');
  const [plan] = await getJson<{ id: string }[]>('/api/onboarding-plans', newHire);
  if (!plan) throw new Error('the demo new hire has no plan');
  const clientId = crypto.randomUUID();
  let { cursor } = await getJson<PullResponse>(`/api/sync/pull?clientId=${clientId}&cursor=0`, newHire);
  const stream = await openReadyStream(SERVER, newHire);

  const answered: number[] = [];
  const poked: number[] = [];
  const pulled: number[] = [];
  for (let i = 1; i <= MESSAGES; i++) {
    const content = `Bench message ${i}`;
    const begun = performance.now();
    const sent = await fetch(`${SERVER}/api/messages`, {
      method: 'POST',
      headers: { cookie: manager, 'content-type': 'application/json' },
      body: JSON.stringify({ planId: plan.id, content }),
    });
    answered.push(performance.now() - begun);
    if (sent.status !== 201) throw new Error(`message ${i} answered ${sent.status}: ${await sent.text()}`);
    const poke = await stream.next(10_000);
    if (poke === 'closed' || poke.event !== 'change') throw new Error(`message ${i}: expected a poke, got ${poke === 'closed' ? 'the end of the stream' : poke.event}`);
    poked.push(poke.at - begun);
    const pull = await getJson<PullResponse>(`/api/sync/pull?clientId=${clientId}&cursor=${cursor}`, newHire);
    if (!pull.messages.some((message) => 'content' in message && message.content === content)) throw new Error(`message ${i} was not in the pull after its poke`);
    pulled.push(performance.now() - begun);
    cursor = pull.cursor;
    await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
  }
  stream.close();
  const loadAfter = loadavg();

  const engine = args.db === 'postgres' ? 'PostgreSQL (throwaway cluster)' : 'SQLite';
  console.log(`\nbench:events on ${engine}: ${MESSAGES} messages, manager -> new hire, one at a time (${PAUSE_MS} ms apart)`);
  console.log(`load average before ${loadBefore.map((n) => n.toFixed(2)).join(' ')}, after ${loadAfter.map((n) => n.toFixed(2)).join(' ')}\n`);
  const row = (label: string, values: number[]) => {
    const [p50, p95, max] = [percentile(values, 50), percentile(values, 95), Math.max(...values)];
    const verdict = max < TARGET_MS ? 'ok' : p95 < TARGET_MS ? 'p95 ok, max over' : 'MISSED';
    console.log(`${label.padEnd(40)} ${p50.toFixed(1).padStart(8)} ${p95.toFixed(1).padStart(8)} ${max.toFixed(1).padStart(8)}   ${verdict}`);
  };
  console.log(`${'from the POST start until (ms)'.padEnd(40)} ${'p50'.padStart(8)} ${'p95'.padStart(8)} ${'max'.padStart(8)}   target < ${TARGET_MS} ms`);
  row('the POST answered', answered);
  row('the poke reached the new hire', poked);
  row('the new hire’s pull returned it', pulled);
}

main()
  .then(() => process.exit(0))
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
