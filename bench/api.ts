// API benchmark (issues 10 and 20): the real server on the scale data set, loaded with autocannon from
// this process, each endpoint in runs alternating with runs of a bare Hono ceiling on the same engine
// (bench/ceiling.ts) serving as many rows, plus company stats timed right after writes; it prints every
// figure of issue 20's "Server" bullet against its target. On SQLite the server gets a copy of
// bench/out/scale.sqlite; on PostgreSQL a throwaway cluster is started and filled with the same data set
// by bench/data.ts. `--db both` runs both and prints them side by side.
// Usage: BENCH_PORT=4301 npx tsx bench/api.ts [--db sqlite|postgres|both] [--quick] [--file bench/out/scale.sqlite]
//        [--duration 2] [--runs 7] [--warmup 2] [--connections 50] [--pool 10] [--only stats,pull]
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { copyFileSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon, { type Result } from 'autocannon';
import Database from 'better-sqlite3';
import pg from 'pg';
import { type Cluster, createDatabase, startCluster } from '../scripts/postgres-cluster.ts';
import { PLANS_PAGE_DEFAULT } from '../shared/onboarding-requests.ts';
import { readScaleInfo, type ScaleInfo } from './scale-info.ts';
import { waitUntilUp } from './wait-until-up.ts';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'sqlite' },
    quick: { type: 'boolean', default: false },
    file: { type: 'string', default: 'bench/out/scale.sqlite' },
    duration: { type: 'string' },
    runs: { type: 'string' },
    warmup: { type: 'string' },
    connections: { type: 'string', default: '50' },
    pool: { type: 'string', default: '10' },
    only: { type: 'string' },
    'slow-ms': { type: 'string', default: '250' },
  },
});

type EngineName = 'sqlite' | 'postgres';
const ENGINE_LABEL: Record<EngineName, string> = { sqlite: 'SQLite', postgres: 'PostgreSQL' };
const engines: EngineName[] = args.db === 'both' ? ['sqlite', 'postgres'] : args.db === 'sqlite' || args.db === 'postgres' ? [args.db] : [];
if (engines.length === 0) {
  console.error(`--db must be sqlite, postgres or both (got "${args.db}"); the SQLite file is --file.`);
  process.exit(2);
}

// Each endpoint is loaded in `RUNS` runs of `DURATION_S`, each right after a run of its ceiling of the
// same length: a machine shared with other work changes its load from one second to the next, so a ratio
// is taken within each pair and the median pair reported. --quick: fewer and shorter runs.
const DURATION_S = Number(args.duration ?? (args.quick ? 1 : 2));
const RUNS = Number(args.runs ?? (args.quick ? 4 : 7));
const WARMUP_S = Number(args.warmup ?? (args.quick ? 1 : 2));
const CONNECTIONS = Number(args.connections);
/** PostgreSQL connections per process, for the server and the ceiling alike. */
const POOL_SIZE = Number(args.pool);
/** An endpoint slower than this alone is not loaded: 50 queued requests would stall the whole run. */
const SLOW_MS = Number(args['slow-ms']);
/** BENCH_PORT: the server's port (the ceiling takes the next one), so two benchmarks can run side by side. */
const SERVER_PORT = Number(process.env.BENCH_PORT ?? 4301);
const CEILING_PORT = SERVER_PORT + 1;
const SERVER = `http://127.0.0.1:${SERVER_PORT}`;
/** Targets from issues 10 and 20 (reported, not asserted). */
const TARGET = { readShareOfCeiling: 0.5, p99Ms: 25, statsP99Ms: 20, serverShareOfCeiling: 0.5, statsAfterWriteMs: 20 };
/** Ticks then stats reads timed for "stats after a write" (`--only stats` includes it). */
const STATS_AFTER_WRITE = 'stats after a write';
const STATS_AFTER_WRITE_ROUNDS = 40;

const sqliteFile = resolve(args.file);
const outDir = dirname(sqliteFile);

// Two cores: the system under test (server or ceiling, and the PostgreSQL cluster) on core 0, this
// load generator on core 1. Children spawned without `taskset` (the data generator) stay on core 1.
const canPin = (() => {
  try {
    execFileSync('taskset', ['-cp', '1', String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

const children = new Set<ChildProcess>();
let cluster: Cluster | undefined;
function startProcess(command: string[], env: Record<string, string>): ChildProcess {
  const [file, ...rest] = canPin ? ['taskset', '-c', '0', ...command] : command;
  const child = spawn(file as string, rest, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.once('exit', (code, signal) => {
    children.delete(child);
    if (code && !signal) console.error(`${command.join(' ')} exited with ${code}:\n${output.slice(-2000)}`);
  });
  children.add(child);
  return child;
}
async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  await exited;
}
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
  cluster?.stop();
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(1));

/** Runs a tsx script to its end with its output shown (the data generator). */
async function runScript(script: string, scriptArgs: string[]): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...scriptArgs], { stdio: 'inherit' });
  children.add(child);
  const code = await new Promise<number | null>((done) => child.once('exit', done));
  children.delete(child);
  if (code !== 0) throw new Error(`${script} ${scriptArgs.join(' ')} exited with ${code}`);
}

type Endpoint = {
  name: string;
  method: 'GET' | 'POST' | 'PATCH';
  path: string;
  kind: 'read' | 'write';
  cookie: string;
  /** Writes: a fresh path and body for every request. */
  next?: () => { path: string; body: string };
  /** The ceiling it is compared with: the 20-task one unless it serves more rows. */
  ceiling?: Ceiling;
  /** Reads: the path, found out just before the row is loaded (after the rows before it have written). */
  pathNow?: () => Promise<string>;
};

type Row = {
  name: string;
  kind: Endpoint['kind'];
  /** The ceiling this row is measured against, loaded right before it (so both meet the same machine load). */
  ceiling: Ceiling;
  ceilingRps?: number;
  /** The median over the runs of this endpoint's req/s over its ceiling's in the run just before. */
  ratio?: number;
  status: 'ok' | 'missing' | 'failed';
  note?: string;
  rps?: number;
  p50?: number;
  p99?: number;
  non2xx?: number;
  completed?: number;
  /** One request alone, before the load: what a single visitor waits. */
  probeMs?: number;
};

/**
 * bench/ceiling.ts serving `rows` rows of one table through one raw statement. Every endpoint is compared
 * with the 20-task one, except those serving more rows (lists, a plan's details, a pull of the plan's
 * tasks): "the same rows" (issue 10), "per row served" (issue 20), with the ceiling serving as many rows
 * of the same table, so a page of 100 plans is not held to the cost of 20 tasks.
 */
type Ceiling = { rows: number; table: 'task' | 'plan' };
const TASK_CEILING: Ceiling = { rows: 20, table: 'task' };
const ceilingLabel = ({ rows, table }: Ceiling) => `${rows} ${table}s`;
const ceilingPath = ({ rows, table }: Ceiling) => `/${table}s?limit=${rows}`;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/**
 * Waits until the server has answered what the last run left queued (autocannon stops sending
 * at the end of a run, but the server still works through requests it has already read).
 */
async function drain(healthUrl: string) {
  const until = performance.now() + 90_000;
  while (performance.now() < until) {
    const begun = performance.now();
    const ok = await fetch(healthUrl).then(
      (response) => response.ok,
      () => false,
    );
    if (ok && performance.now() - begun < 50) return;
    await new Promise((done) => setTimeout(done, 200));
  }
}

type LoadTarget = { url: string; healthUrl: string; endpoint: Pick<Endpoint, 'method' | 'path' | 'cookie' | 'next'> };

/** One autocannon run of `duration` seconds against the target, then a wait until its queue has drained. */
function runnerOf({ url, healthUrl, endpoint }: LoadTarget): (duration: number) => Promise<Result> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (endpoint.cookie) headers.cookie = endpoint.cookie;
  if (endpoint.next) headers['content-type'] = 'application/json';
  const next = endpoint.next;
  const request = {
    method: endpoint.method,
    path: endpoint.path,
    headers,
    ...(next ? { setupRequest: (req: { method?: string }) => ({ ...req, headers, ...next() }) } : {}),
  };
  return async (duration) => {
    const result = await autocannon({ url, connections: CONNECTIONS, pipelining: 1, duration, timeout: 10, requests: [request] });
    await drain(healthUrl);
    return result;
  };
}

type Figures = Pick<Row, 'rps' | 'p50' | 'p99' | 'non2xx' | 'completed' | 'ceilingRps' | 'ratio'>;

/** The endpoint and its ceiling in alternating runs: medians of each, and the median of the pairs' ratios. */
async function loadPaired(ceiling: LoadTarget, server: LoadTarget): Promise<Figures> {
  const [runCeiling, runServer] = [runnerOf(ceiling), runnerOf(server)];
  await runCeiling(WARMUP_S);
  await runServer(WARMUP_S);
  const pairs: { ceiling: Result; server: Result }[] = [];
  for (let i = 0; i < RUNS; i++) pairs.push({ ceiling: await runCeiling(DURATION_S), server: await runServer(DURATION_S) });
  const served = pairs.map((pair) => pair.server);
  return {
    rps: median(served.map((r) => r.requests.average)),
    p50: median(served.map((r) => r.latency.p50)),
    p99: median(served.map((r) => r.latency.p99)),
    non2xx: served.reduce((sum, r) => sum + r.non2xx + r.errors + r.timeouts, 0),
    completed: served.reduce((sum, r) => sum + r.requests.total, 0),
    ceilingRps: median(pairs.map((pair) => pair.ceiling.requests.average)),
    ratio: median(pairs.map((pair) => (pair.ceiling.requests.average ? pair.server.requests.average / pair.ceiling.requests.average : 0))),
  };
}

async function signIn(email: string, password: string): Promise<string> {
  const response = await fetch(`${SERVER}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in as ${email} answered ${response.status}: ${await response.text()}`);
  const sid = response.headers.getSetCookie().find((cookie) => cookie.startsWith('kickoff_sid='));
  if (!sid) throw new Error(`sign-in as ${email} set no kickoff_sid cookie`);
  return sid.split(';')[0] as string;
}

/** 'missing' for the app-wide 'No API route' 404 (a router not built yet), else the status. */
async function probe(endpoint: Endpoint): Promise<{ status: number; missing: boolean; message?: string; ms: number }> {
  const begun = performance.now();
  const dynamic = endpoint.next?.();
  const response = await fetch(SERVER + (dynamic?.path ?? endpoint.path), {
    method: endpoint.method,
    headers: { cookie: endpoint.cookie, ...(dynamic ? { 'content-type': 'application/json' } : {}) },
    body: dynamic?.body,
  });
  const text = await response.text();
  const ms = performance.now() - begun;
  let message: string | undefined;
  try {
    message = (JSON.parse(text) as { message?: string }).message;
  } catch {
    message = text.slice(0, 80);
  }
  return { status: response.status, missing: response.status === 404 && !!message?.startsWith('No API route'), message, ms };
}

// ---- One engine's database: the data set, where the ceiling reads it, how the server opens it ----
type Prepared = { scale: ScaleInfo; ceilingDatabase: string; serverEnv: Record<string, string>; cleanup: () => void };

/** Kept between runs: generated (~40 s) when missing or made by an older generator. */
async function prepareSqlite(): Promise<Prepared> {
  const infoPath = join(outDir, 'scale.json');
  if (!readScaleInfo(infoPath) || !existsSync(sqliteFile)) {
    console.log(`No current scale data set at ${sqliteFile}: generating it.`);
    await runScript('bench/data.ts', ['--out', sqliteFile, '--info', infoPath]);
  }
  const scale = readScaleInfo(infoPath) as ScaleInfo;
  // Writes during the run must not change the generated file: the server gets a fresh copy.
  const runDb = join(outDir, `bench-run-${SERVER_PORT}.sqlite`);
  const removeRunDb = () => {
    for (const suffix of ['', '-wal', '-shm']) rmSync(runDb + suffix, { force: true });
  };
  removeRunDb();
  // Fold any WAL content into the main file first, so the copied file is the whole database.
  const source = new Database(sqliteFile, { fileMustExist: true });
  source.pragma('wal_checkpoint(TRUNCATE)');
  source.close();
  copyFileSync(sqliteFile, runDb);
  return { scale, ceilingDatabase: runDb, serverEnv: { DATABASE_URL: '', DATABASE_PATH: runDb }, cleanup: removeRunDb };
}

/** The postmaster and its background processes onto core 0; backends it forks later inherit it. */
function pinCluster(started: Cluster) {
  if (!canPin) return;
  const postmaster =
    readFileSync(join(started.dir, 'data', 'postmaster.pid'), 'utf8')
      .split('\n')[0]
      ?.trim() ?? '';
  const workers = execFileSync('ps', ['-o', 'pid=', '--ppid', postmaster]).toString().split(/\s+/).filter(Boolean);
  for (const pid of [postmaster, ...workers]) execFileSync('taskset', ['-cp', '0', pid], { stdio: 'ignore' });
}

/** A throwaway cluster, filled by the generator each run (its seed makes the same data set). */
async function preparePostgres(): Promise<Prepared> {
  execFileSync('bash', ['scripts/ensure-postgres.sh'], { stdio: 'inherit' });
  cluster = await startCluster();
  pinCluster(cluster);
  await createDatabase(cluster.url('postgres'), 'kickoff_bench');
  const url = cluster.url('kickoff_bench');
  const infoPath = join(outDir, 'scale.postgres.json');
  console.log(`Filling PostgreSQL ${url} (throwaway cluster in ${cluster.dir}) with the scale data set...`);
  await runScript('bench/data.ts', ['--out', url, '--info', infoPath]);
  // The fill's writes are still in the WAL: checkpoint them now rather than during the measurements.
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query('CHECKPOINT').finally(() => admin.end());
  const scale = readScaleInfo(infoPath) as ScaleInfo;
  return { scale, ceilingDatabase: url, serverEnv: { DATABASE_URL: url, DATABASE_POOL_SIZE: String(POOL_SIZE) }, cleanup: () => cluster?.stop() };
}

// ---- One engine's measurements ----------------------------------------------------------------
type Cookies = { admin: string; manager: string; newHire: string };

/** The loaded endpoints; each names the ceiling it is measured against. */
function endpointsOf(scale: ScaleInfo, cookies: Cookies): Endpoint[] {
  // Writes go round the plan's 30 tasks, each ticked and unticked in turn.
  const taskAt = (n: number) => scale.taskIds[n % scale.taskIds.length] ?? scale.taskId;
  const completedAt = (n: number) => Math.floor(n / scale.taskIds.length) % 2 === 0;
  let patchCount = 0;
  let pushCount = 0;
  // The plan's details and a pull of its changed tasks serve its 30 tasks.
  const planTasksCeiling: Ceiling = { rows: scale.taskIds.length, table: 'task' };
  return [
    { name: 'GET /api/auth/user (new hire)', method: 'GET', path: '/api/auth/user', kind: 'read', cookie: cookies.newHire },
    {
      name: `GET /api/onboarding-plans (manager of ${scale.managerPlanCount})`,
      method: 'GET',
      path: '/api/onboarding-plans',
      kind: 'read',
      cookie: cookies.manager,
      ceiling: { rows: Math.min(scale.managerPlanCount, PLANS_PAGE_DEFAULT), table: 'plan' },
    },
    {
      name: `GET /api/onboarding-plans (admin, first page of ${PLANS_PAGE_DEFAULT})`,
      method: 'GET',
      path: '/api/onboarding-plans',
      kind: 'read',
      cookie: cookies.admin,
      ceiling: { rows: PLANS_PAGE_DEFAULT, table: 'plan' },
    },
    {
      name: 'GET /api/onboarding-plans/{id}/details (new hire)',
      method: 'GET',
      path: `/api/onboarding-plans/${scale.planId}/details`,
      kind: 'read',
      cookie: cookies.newHire,
      ceiling: planTasksCeiling,
    },
    {
      name: 'GET /api/messages/{planId}?after= (new hire)',
      method: 'GET',
      path: `/api/messages/${scale.planId}?after=${encodeURIComponent(scale.messagesAfter)}`,
      kind: 'read',
      cookie: cookies.newHire,
    },
    { name: 'GET /api/companies/{id}/stats (admin, 10k people)', method: 'GET', path: `/api/companies/${scale.companyId}/stats`, kind: 'read', cookie: cookies.admin },
    {
      // A device some changes behind: each task of the plan changed once since its cursor (one tick each),
      // so the pull answers the plan's 30 tasks, compared with the ceiling serving 30 task rows.
      name: 'GET /api/sync/pull?cursor=<recent> (new hire)',
      method: 'GET',
      path: '/api/sync/pull',
      kind: 'read',
      cookie: cookies.newHire,
      ceiling: planTasksCeiling,
      pathNow: async () => {
        const mutations = scale.taskIds.map((taskId, index) => ({ id: index + 1, name: 'task.setCompleted', args: { taskId, isCompleted: true } }));
        const response = await fetch(`${SERVER}/api/sync/push`, {
          method: 'POST',
          headers: { cookie: cookies.newHire, 'content-type': 'application/json' },
          body: JSON.stringify({ clientId: crypto.randomUUID(), mutations }),
        });
        if (!response.ok) throw new Error(`the ticks before the pull answered ${response.status}`);
        return `/api/sync/pull?clientId=${crypto.randomUUID()}&cursor=${scale.recentCursor}`;
      },
    },
    {
      // The common pull: a device already up to date, asking after a poke about someone else's change.
      name: 'GET /api/sync/pull?cursor=<latest> (new hire, nothing new)',
      method: 'GET',
      path: '/api/sync/pull',
      kind: 'read',
      cookie: cookies.newHire,
      pathNow: async () => {
        const clientId = crypto.randomUUID();
        const response = await fetch(`${SERVER}/api/sync/pull?clientId=${clientId}&cursor=${scale.recentCursor}`, { headers: { cookie: cookies.newHire } });
        if (!response.ok) throw new Error(`pull answered ${response.status}`);
        const { cursor } = (await response.json()) as { cursor: number };
        return `/api/sync/pull?clientId=${clientId}&cursor=${cursor}`;
      },
    },
    // The writes come last: their ~10,000 updates of the same 30 rows leave as many dead entries in
    // PostgreSQL's (plan, version) index, which vacuum leaves in place (it skips an index when under 2% of
    // the table's pages changed), and a pull read after them walked 213 index pages instead of 28.
    {
      name: 'PATCH /api/onboarding-tasks/{id} (new hire, alternating)',
      method: 'PATCH',
      path: `/api/onboarding-tasks/${scale.taskId}`,
      kind: 'write',
      cookie: cookies.newHire,
      next: () => {
        const n = patchCount++;
        return { path: `/api/onboarding-tasks/${taskAt(n)}`, body: JSON.stringify({ isCompleted: completedAt(n) }) };
      },
    },
    {
      name: 'POST /api/sync/push (new hire, 1 mutation)',
      method: 'POST',
      path: '/api/sync/push',
      kind: 'write',
      cookie: cookies.newHire,
      // A request has no stable connection identity in autocannon, so each push is a new device's
      // first mutation (id 1): it is applied, never skipped as a duplicate.
      next: () => {
        const n = pushCount++;
        const mutation = { id: 1, name: 'task.setCompleted', args: { taskId: taskAt(n), isCompleted: completedAt(n) } };
        return { path: '/api/sync/push', body: JSON.stringify({ clientId: crypto.randomUUID(), mutations: [mutation] }) };
      },
    },
  ];
}

/**
 * "Stats after a write" (issue 20): the admin's company stats read right after a new hire's tick, one
 * at a time. Each tick flips a task of the benchmark plan, so every read follows a real change.
 */
async function statsAfterWrite(scale: ScaleInfo, cookies: Cookies): Promise<number[]> {
  const details = await fetch(`${SERVER}/api/onboarding-plans/${scale.planId}/details`, { headers: { cookie: cookies.newHire } });
  if (!details.ok) throw new Error(`plan details answered ${details.status}`);
  const done = new Map(((await details.json()) as { tasks: { id: string; isCompleted: boolean }[] }).tasks.map((task) => [task.id, task.isCompleted]));
  const times: number[] = [];
  for (let round = 0; round < STATS_AFTER_WRITE_ROUNDS; round++) {
    const taskId = scale.taskIds[round % scale.taskIds.length] ?? scale.taskId;
    const isCompleted = !done.get(taskId);
    const tick = await fetch(`${SERVER}/api/onboarding-tasks/${taskId}`, {
      method: 'PATCH',
      headers: { cookie: cookies.newHire, 'content-type': 'application/json' },
      body: JSON.stringify({ isCompleted }),
    });
    if (!tick.ok) throw new Error(`tick answered ${tick.status}`);
    done.set(taskId, isCompleted);
    const begun = performance.now();
    const stats = await fetch(`${SERVER}/api/companies/${scale.companyId}/stats`, { headers: { cookie: cookies.admin } });
    await stats.text();
    if (!stats.ok) throw new Error(`stats answered ${stats.status}`);
    times.push(performance.now() - begun);
  }
  return times;
}

type Measured = { rows: Row[]; afterWrite?: number[]; afterWriteError?: string };

async function measure(engine: EngineName, prepared: Prepared): Promise<Measured> {
  const { scale } = prepared;
  const rows: Row[] = [];
  const tag = `[${ENGINE_LABEL[engine]}]`;

  // 1. The ceiling, kept up beside the server: each endpoint's ceiling is loaded right before it. The
  // machine may be shared (its load moves every figure), so a ratio compares two runs that met the same load.
  const ceilingUrl = `http://127.0.0.1:${CEILING_PORT}`;
  const ceiling = startProcess(
    [process.execPath, '--import', 'tsx', 'bench/ceiling.ts', prepared.ceilingDatabase, scale.planId, String(CEILING_PORT), String(POOL_SIZE), scale.companyId],
    {},
  );
  await waitUntilUp(`${ceilingUrl}/health`, { child: ceiling });

  // 2. The real server.
  const server = startProcess([process.execPath, '--import', 'tsx', 'api/server.ts'], {
    NODE_ENV: 'test',
    PORT: String(SERVER_PORT),
    HOST: '127.0.0.1',
    SEED_DEMO: 'false',
    MAIL_DIR: join(outDir, 'mail'),
    APP_URL: SERVER,
    ...prepared.serverEnv,
  });
  const measured: Measured = { rows };
  try {
    await waitUntilUp(`${SERVER}/api/health`, { child: server });
    const signedIn = async (email: string) =>
      signIn(email, scale.password).catch((error: unknown) => {
        console.error(String(error instanceof Error ? error.message : error));
        return '';
      });
    const cookies = {
      admin: await signedIn(scale.adminEmail),
      manager: await signedIn(scale.managerEmail),
      newHire: await signedIn(scale.newHireEmail),
    };

    for (const endpoint of endpointsOf(scale, cookies).filter((e) => wanted(e.name))) {
      const ceiling = endpoint.ceiling ?? TASK_CEILING;
      if (!endpoint.cookie) {
        rows.push({ name: endpoint.name, kind: endpoint.kind, ceiling, status: 'failed', note: 'sign-in failed' });
        continue;
      }
      if (endpoint.pathNow) endpoint.path = await endpoint.pathNow();
      const first = await probe(endpoint);
      if (first.missing) {
        rows.push({ name: endpoint.name, kind: endpoint.kind, ceiling, status: 'missing', note: 'not available yet' });
        continue;
      }
      // Timed on a second request, once the first has warmed the code path and the database's cache.
      const alone = await probe(endpoint);
      if (alone.ms > SLOW_MS) {
        const note = `too slow to load: ${Math.round(alone.ms)} ms alone (over --slow-ms ${SLOW_MS})`;
        rows.push({ name: endpoint.name, kind: endpoint.kind, ceiling, status: 'failed', note, probeMs: alone.ms });
        console.log(`  ${tag} skipping ${endpoint.name}: ${note}`);
        continue;
      }
      process.stdout.write(`  ${tag} loading ${endpoint.name}, each run after one of the ceiling of ${ceilingLabel(ceiling)} ...`);
      const figures = await loadPaired(
        { url: ceilingUrl, healthUrl: `${ceilingUrl}/health`, endpoint: { method: 'GET', path: ceilingPath(ceiling), cookie: '' } },
        { url: SERVER, healthUrl: `${SERVER}/api/health`, endpoint },
      );
      const problems = [
        first.status >= 300 ? `${first.status} ${first.message ?? ''}`.trim() : '',
        figures.non2xx ? `${figures.non2xx} non-2xx/errors` : '',
        figures.completed ? '' : 'no answer within the run',
      ].filter(Boolean);
      const note = problems.length ? problems.join('; ') : undefined;
      rows.push({ name: endpoint.name, kind: endpoint.kind, ceiling, status: note ? 'failed' : 'ok', note, probeMs: alone.ms, ...figures });
      process.stdout.write(` ${Math.round(figures.rps ?? 0)} req/s, x ${(figures.ratio ?? 0).toFixed(2)}\n`);
    }

    if (wanted(STATS_AFTER_WRITE) && cookies.admin && cookies.newHire) {
      process.stdout.write(`  ${tag} timing ${STATS_AFTER_WRITE_ROUNDS} stats reads, each right after a tick ...`);
      try {
        measured.afterWrite = await statsAfterWrite(scale, cookies);
        process.stdout.write(` median ${median(measured.afterWrite).toFixed(1)} ms\n`);
      } catch (error) {
        measured.afterWriteError = error instanceof Error ? error.message : String(error);
        process.stdout.write(` failed: ${measured.afterWriteError}\n`);
      }
    }
  } finally {
    await stopProcess(server);
    await stopProcess(ceiling);
  }
  return measured;
}

// ---- The table: one group of columns per engine -----------------------------------------------
const fixed = (value: number | undefined, digits = 0) => (value === undefined ? '-' : value.toFixed(digits));

const ratioOf = (row: Row | undefined) => row?.ratio;

/** What a row says against the targets, or why it has no figures. */
function verdict(row: Row): string {
  if (row.status === 'missing') return 'not available yet';
  if (row.status === 'failed') return `FAIL ${row.note ?? ''}`.trim();
  const ratio = ratioOf(row);
  const p99Target = row.name.includes('/stats') ? TARGET.statsP99Ms : TARGET.p99Ms;
  return [
    row.kind === 'read' && ratio !== undefined && ratio < TARGET.readShareOfCeiling ? `below ${TARGET.readShareOfCeiling * 100}% of ceiling` : '',
    (row.p99 ?? 0) >= p99Target ? `p99 >= ${p99Target} ms` : '',
  ]
    .filter(Boolean)
    .join(', ');
}

function printTable(results: { engine: EngineName; rows: Row[] }[]) {
  const names = [...new Set(results.flatMap((result) => result.rows.map((row) => row.name)))];
  const header = ['endpoint', 'ceiling of'];
  for (const { engine } of results) header.push(`${ENGINE_LABEL[engine]} req/s`, 'ceiling req/s', 'x ceiling', 'p50 ms', 'p99 ms', 'alone ms');
  header.push('targets (not asserted)');
  const lines = names.map((name) => {
    const any = results.flatMap(({ rows }) => rows).find((row) => row.name === name);
    const cells = [name, any ? ceilingLabel(any.ceiling) : '-'];
    const notes: string[] = [];
    for (const { engine, rows } of results) {
      const row = rows.find((candidate) => candidate.name === name);
      const ratio = ratioOf(row);
      cells.push(fixed(row?.rps), fixed(row?.ceilingRps), ratio === undefined ? '-' : ratio.toFixed(2), fixed(row?.p50, 1), fixed(row?.p99, 1), fixed(row?.probeMs, 1));
      const note = row ? verdict(row) : 'not run';
      if (note) notes.push(results.length > 1 ? `${ENGINE_LABEL[engine]}: ${note}` : note);
    }
    cells.push(notes.join('; ') || 'ok');
    return cells;
  });
  printMarkdown(header, lines);
}

function printMarkdown(header: string[], lines: string[][]) {
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((cells) => cells[column]?.length ?? 0)));
  // Markdown: readable in a terminal and pasted as is into an issue or a report.
  const render = (cells: string[]) =>
    `| ${cells.map((cell, column) => (column === 0 || column === cells.length - 1 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join(' | ')} |`;
  console.log(render(header));
  console.log(`|${widths.map((width, column) => (column === 0 || column === widths.length - 1 ? `-${'-'.repeat(width)}-` : `-${'-'.repeat(width)}:`)).join('|')}|`);
  for (const cells of lines) console.log(render(cells));
}

/** Every figure of issue 20's "Server" bullet against its target, one column per engine. */
function printServerTargets(results: { engine: EngineName; measured: Measured; scale: ScaleInfo }[]) {
  if (!results[0]) return;
  const share = (name: string) => (measured: Measured) => {
    const row = measured.rows.find((candidate) => candidate.name === name);
    const ratio = ratioOf(row);
    if (!row || row.status !== 'ok' || ratio === undefined) return { text: row?.status === 'failed' ? 'failed' : 'not run' };
    return { text: `${ratio.toFixed(2)} (${Math.round(row.rps ?? 0)} / ${Math.round(row.ceilingRps ?? 0)})`, met: ratio >= TARGET.serverShareOfCeiling };
  };
  const names = endpointsOf(results[0].scale, { admin: '', manager: '', newHire: '' }).map((candidate) => candidate.name);
  const endpoint = (part: string) => names.find((name) => name.includes(part)) ?? part;
  const shareTarget = `>= ${TARGET.serverShareOfCeiling} of its ceiling`;
  const figures: { label: string; target: string; of: (measured: Measured) => { text: string; met?: boolean }; noTarget?: true }[] = [
    { label: 'plan list, manager (x ceiling of as many plan rows)', target: shareTarget, of: share(endpoint('onboarding-plans (manager')) },
    { label: 'plan list, admin first page (x ceiling of as many plan rows)', target: shareTarget, of: share(endpoint('onboarding-plans (admin')) },
    { label: 'plan details (x ceiling of as many task rows)', target: shareTarget, of: share(endpoint('/details')) },
    { label: 'sync pull (x ceiling of as many task rows)', target: shareTarget, of: share(endpoint('/api/sync/pull?cursor=<recent>')) },
    {
      label: 'sync pull with nothing new, the common one (x 20-task ceiling)',
      target: 'none (beside the pull above)',
      of: share(endpoint('/api/sync/pull?cursor=<latest>')),
      noTarget: true,
    },
    { label: 'sync push (x 20-task ceiling)', target: shareTarget, of: share(endpoint('/api/sync/push')) },
    {
      label: `company stats right after a tick, median / p95 of ${STATS_AFTER_WRITE_ROUNDS} (ms)`,
      target: `p95 < ${TARGET.statsAfterWriteMs} ms`,
      of: ({ afterWrite, afterWriteError }) => {
        if (!afterWrite) return { text: afterWriteError ? `failed: ${afterWriteError}` : 'not run' };
        const sorted = [...afterWrite].sort((a, b) => a - b);
        const p95 = sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? 0;
        return { text: `${median(afterWrite).toFixed(1)} / ${p95.toFixed(1)}`, met: p95 < TARGET.statsAfterWriteMs };
      },
    },
  ];
  const header = ['issue 20, Server', ...results.map(({ engine }) => ENGINE_LABEL[engine]), 'target', 'verdict'];
  const lines = figures.map(({ label, target, of, noTarget }) => {
    const cells = results.map(({ measured }) => of(measured));
    if (noTarget) return [label, ...cells.map((cell) => cell.text), target, '-'];
    const verdicts = results.map(({ engine }, index) => {
      const met = cells[index]?.met;
      const word = met === undefined ? 'no figure' : met ? 'met' : 'MISSED';
      return results.length > 1 ? `${ENGINE_LABEL[engine]} ${word}` : word;
    });
    return [label, ...cells.map((cell) => cell.text), target, verdicts.join(', ')];
  });
  console.log('');
  printMarkdown(header, lines);
}

// ---- The run ----------------------------------------------------------------------------------
const wanted = (name: string) => !args.only || args.only.split(',').some((part) => name.includes(part.trim()));
const started = performance.now();
console.log(
  `Kickoff API benchmark on ${engines.map((engine) => ENGINE_LABEL[engine]).join(' and ')}: ${CONNECTIONS} connections, ` +
    `${WARMUP_S} s warm-up, median of ${RUNS} runs of ${DURATION_S} s, each after one of its ceiling` +
    (engines.includes('postgres') ? `, PostgreSQL pool of ${POOL_SIZE}` : '') +
    (canPin ? '; server, ceiling and database on core 0, load on core 1' : '; taskset missing, processes not pinned'),
);
const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
console.log(`Load average at start: ${loadAverage()} (1, 5, 15 min)${(loadavg()[0] ?? 0) > 1 ? ': other work on this machine moves every figure' : ''}.`);

const results: { engine: EngineName; rows: Row[]; measured: Measured; scale: ScaleInfo }[] = [];
for (const engine of engines) {
  const prepared = engine === 'sqlite' ? await prepareSqlite() : await preparePostgres();
  try {
    const measured = await measure(engine, prepared);
    results.push({ engine, rows: measured.rows, measured, scale: prepared.scale });
  } finally {
    prepared.cleanup();
  }
}

printTable(results);
printServerTargets(results);
const [firstScale, secondScale] = results.map((result) => result.scale);
if (firstScale && secondScale) {
  const same = JSON.stringify(firstScale) === JSON.stringify(secondScale);
  console.log(
    same
      ? `Same data set on both engines: same ids, row counts and row fingerprint (${firstScale.fingerprint.slice(0, 12)}).`
      : 'WARNING: the engines were filled with different data sets (ids, row counts or row fingerprint differ).',
  );
}
const counts = firstScale?.counts ?? {};
console.log(
  `Data set: ${Object.entries(counts)
    .map(([table, n]) => `${n} ${table}`)
    .join(', ')}.`,
);
console.log(
  `Targets (not asserted): reads >= ${TARGET.readShareOfCeiling * 100}% of their ceiling and p99 < ${TARGET.p99Ms} ms; stats p99 < ${TARGET.statsP99Ms} ms (issue 10); ` +
    `the Server table's (issue 20). A list's ceiling serves as many rows of the same table through one raw statement. ` +
    `Took ${((performance.now() - started) / 1000).toFixed(0)} s; load average at the end: ${loadAverage()}.`,
);
