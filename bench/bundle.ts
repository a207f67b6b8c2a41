// Bundle benchmark (issues 10 and 20): what a first visit really downloads. Builds the app, serves it
// with the real server (scripts/e2e-server.mjs: fresh SQLite database with the demo company), opens
// each page in Debian's Chromium with an empty cache, and records every script and stylesheet the
// page fetches until it is idle (no request for IDLE_MS): the entry, modulepreloads, lazy chunks,
// whatever loads on idle, and the service worker's own scripts (sw.js, its workbox runtime). Each
// body is gzipped here (level 6, as bundlers report) and summed per page against the issue's budgets.
// What the service worker then fetches to precache the app for offline use is printed beside it, not
// counted: it runs in the worker, after the page registered it once idle.
// Usage: npx tsx bench/bundle.ts [--skip-build] [--files]   (--files lists each page's files and
// the source module each chunk was built from, largest first, to find what a page should not pull)
// Env: BENCH_PORT (server port, default 4310), BENCH_OUT_DIR (build dir, default bench/out/dist),
// CHROME_PATH (default /usr/bin/chromium).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Request } from '@playwright/test';
import { waitUntilUp } from './wait-until-up.ts';

const { values: args } = parseArgs({ options: { 'skip-build': { type: 'boolean', default: false }, files: { type: 'boolean', default: false } } });
const outDir = resolve(process.env.BENCH_OUT_DIR ?? 'bench/out/dist');
const PORT = Number(process.env.BENCH_PORT ?? 4310);
const BASE = `http://127.0.0.1:${PORT}`;
const CHROME_PATH = process.env.CHROME_PATH ?? process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH ?? '/usr/bin/chromium';
const PASSWORD = 'Kickoff#2026';
/** The page counts as idle once nothing has been requested for this long (lazy chunks, idle callbacks and the service worker included). */
const IDLE_MS = 3000;
const KIB = 1024;
/** Gzip budgets in KiB (issue 20). */
const BUDGET = { landingJs: 100, newHireJs: 170, css: 15 };

type PageSpec = { path: string; label: string; signInAs?: string; jsBudget?: number };
const PAGES: PageSpec[] = [
  { path: '/', label: 'landing (signed out)', jsBudget: BUDGET.landingJs },
  { path: '/login', label: 'sign-in' },
  { path: '/new-hire-dashboard', label: 'new-hire dashboard', signInAs: 'newhire@demo.kickoff.local', jsBudget: BUDGET.newHireJs },
  { path: '/admin-dashboard', label: 'admin dashboard', signInAs: 'admin@demo.kickoff.local' },
];

/** `page`: fetched by the page; `worker`: the service worker's own scripts (sw.js, workbox); `precache`: what the worker fetches to cache the app. */
type Fetched = { file: string; kind: 'js' | 'css'; by: 'page' | 'worker' | 'precache'; raw: number; gzip: number };
type Manifest = Record<string, { file: string; src?: string }>;

if (!args['skip-build']) {
  const started = performance.now();
  execFileSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--manifest', '--logLevel', 'warn'], { stdio: 'inherit' });
  console.log(`Built into ${outDir} in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
}
if (!existsSync(join(outDir, 'index.html'))) {
  console.error(`No build in ${outDir}: run without --skip-build.`);
  process.exit(1);
}
const manifestPath = join(outDir, '.vite', 'manifest.json');
/** Built file -> the source module its chunk was made for (for --files). */
const sourceOf = new Map<string, string>();
if (existsSync(manifestPath)) {
  for (const chunk of Object.values(JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest)) if (chunk.src) sourceOf.set(chunk.file, chunk.src);
}

const kib = (bytes: number) => (bytes / KIB).toFixed(1);
const sum = (files: Fetched[], key: 'raw' | 'gzip') => files.reduce((total, file) => total + file[key], 0);

function fetchedBy(request: Request, path: string): Fetched['by'] {
  if (request.serviceWorker() === null) return 'page';
  return /^\/(?:sw|workbox-[\w-]+)\.js$/.test(path) ? 'worker' : 'precache';
}

/** Opens `spec.path` in a fresh context (empty cache, no service worker) and returns the scripts and stylesheets fetched until idle. */
async function measure(browser: Browser, spec: PageSpec): Promise<Fetched[]> {
  const context = await browser.newContext({ baseURL: BASE, viewport: { width: 390, height: 844 } });
  try {
    if (spec.signInAs) {
      const response = await context.request.post('/api/auth/login', { data: { email: spec.signInAs, password: PASSWORD } });
      if (!response.ok()) throw new Error(`Sign-in as ${spec.signInAs} failed: ${response.status()}`);
    }
    const pending = new Set<Request>();
    let lastActivity = Date.now();
    const bodies: Promise<Fetched | undefined>[] = [];
    context.on('request', (request) => {
      pending.add(request);
      lastActivity = Date.now();
    });
    context.on('requestfailed', (request) => {
      pending.delete(request);
      lastActivity = Date.now();
    });
    context.on('requestfinished', (request) => {
      pending.delete(request);
      lastActivity = Date.now();
      const url = new URL(request.url());
      const kind: Fetched['kind'] | undefined = /\.js$/.test(url.pathname) ? 'js' : /\.css$/.test(url.pathname) ? 'css' : undefined;
      if (url.origin !== BASE || !kind) return;
      bodies.push(
        request
          .response()
          .then((response) => response?.body())
          .then((body) =>
            body && body.length > 0 ? { file: url.pathname.slice(1), kind, by: fetchedBy(request, url.pathname), raw: body.length, gzip: gzipSync(body).length } : undefined,
          )
          .catch(() => undefined),
      );
    });
    const page = await context.newPage();
    await page.goto(spec.path, { waitUntil: 'load' });
    const deadline = Date.now() + 60_000;
    while ((pending.size > 0 || Date.now() - lastActivity < IDLE_MS) && Date.now() < deadline) await page.waitForTimeout(200);
    // A file fetched twice (by the page, then by the worker's precache) is listed once for each.
    return (await Promise.all(bodies)).filter((entry): entry is Fetched => entry !== undefined);
  } finally {
    await context.close();
  }
}

async function main() {
  const loadBefore = loadavg();
  const server = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, STATIC_DIR: outDir, E2E_PORT: String(PORT) },
  });
  let browser: Browser | undefined;
  const results: { spec: PageSpec; files: Fetched[] }[] = [];
  try {
    await waitUntilUp(`${BASE}/api/health`);
    browser = await chromium.launch({
      executablePath: CHROME_PATH,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
    for (const spec of PAGES) results.push({ spec, files: await measure(browser, spec) });
  } finally {
    await browser?.close();
    server.kill('SIGTERM');
  }

  const rows = results.map(({ spec, files }) => {
    const downloaded = files.filter((file) => file.by !== 'precache');
    const js = downloaded.filter((file) => file.kind === 'js');
    const css = downloaded.filter((file) => file.kind === 'css');
    const precache = files.filter((file) => file.by === 'precache');
    const jsGzip = sum(js, 'gzip');
    const cssGzip = sum(css, 'gzip');
    return {
      page: `${spec.path} ${spec.label}`,
      'JS files': js.length,
      'JS KiB': kib(sum(js, 'raw')),
      'JS gzip KiB': kib(jsGzip),
      'JS budget': spec.jsBudget === undefined ? '-' : `${spec.jsBudget} ${jsGzip <= spec.jsBudget * KIB ? 'ok' : 'OVER'}`,
      'CSS gzip KiB': kib(cssGzip),
      'CSS budget': `${BUDGET.css} ${cssGzip <= BUDGET.css * KIB ? 'ok' : 'OVER'}`,
      'precache by SW, gzip KiB': precache.length ? `${kib(sum(precache, 'gzip'))} (${precache.length} files)` : '-',
    };
  });
  console.log(`First visit, every script and stylesheet until idle (${IDLE_MS / 1000} s without a request), gzip -6 of each body, ${BASE}`);
  console.table(rows);
  if (args.files) {
    for (const { spec, files } of results) {
      const listed = files.filter((file) => file.by !== 'precache').sort((a, b) => b.gzip - a.gzip);
      console.log(
        `${spec.path}: ${listed.map((file) => `${file.file.replace('assets/', '')} ${kib(file.gzip)}${sourceOf.has(file.file) ? ` (${sourceOf.get(file.file)})` : ''}`).join(', ')}`,
      );
    }
  }
  const over = rows.filter((row) => row['JS budget'].endsWith('OVER') || row['CSS budget'].endsWith('OVER'));
  console.log(over.length ? `OVER budget: ${over.map((row) => row.page).join('; ')}` : 'Every page is within its budget.');
  console.log(
    `Load average before ${loadBefore.map((load) => load.toFixed(2)).join(' ')}, after ${loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')}.`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
