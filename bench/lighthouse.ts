// `npm run bench:lighthouse` (issues 10 and 20): Lighthouse 12, mobile preset, in Debian's Chromium, on
// the landing page and /login signed out, and the new-hire dashboard signed in as the demo new hire
// (its session cookie sent with every request); 3 runs each, each in a new browser profile (Lighthouse's
// own storage reset leaves IndexedDB, so the dashboard's later runs found the plan on the device);
// prints the median performance score, LCP, TBT and CLS against the targets (score >= 95, CLS 0).
// Needs the built app (`vite build`; STATIC_DIR picks another build) unless BENCH_URL points at a
// running server with the demo company (then BENCH_DEMO_PASSWORD gives its password).
// Usage: npx tsx bench/lighthouse.ts [--only <path>] [--reports]   (--reports writes each run's whole
// report to bench/out/lighthouse-<page>-<run>.json: long tasks, bootup time, the LCP's phases)
// Packages: lighthouse@12.2.3 and chrome-launcher@1.2.1 (dev dependencies).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { waitUntilUp } from './wait-until-up.ts';

const { values: args } = parseArgs({ options: { only: { type: 'string' }, reports: { type: 'boolean', default: false } } });
const RUNS = 3;
const ALL_PAGES: { path: string; signInAs?: string }[] = [{ path: '/' }, { path: '/login' }, { path: '/new-hire-dashboard', signInAs: 'newhire@demo.kickoff.local' }];
const PAGES = args.only ? ALL_PAGES.filter((page) => page.path === args.only) : ALL_PAGES;
if (PAGES.length === 0) throw new Error(`--only ${args.only}: not one of ${ALL_PAGES.map((page) => page.path).join(', ')}`);
const TARGET = { score: 95, cls: 0 };
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu'];
const PORT = Number(process.env.BENCH_PORT ?? 4310);

type Audit = { numericValue?: number };
type RunnerResult = {
  report: string | string[];
  lhr: { categories: { performance: { score: number | null } }; audits: Record<string, Audit | undefined>; runtimeError?: { message: string } };
};
type Lighthouse = (url: string, flags: Record<string, unknown>) => Promise<RunnerResult | undefined>;
type ChromeLauncher = { launch: (options: { chromePath: string; chromeFlags: string[] }) => Promise<{ port: number; kill: () => Promise<void> | void }> };

// Module names kept in variables so `tsc` stays clean on machines where these dev packages are absent.
const lighthouseModule = 'lighthouse';
const chromeLauncherModule = 'chrome-launcher';

type Sample = { score: number; lcpMs: number; tbtMs: number; cls: number };

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** The production server on a throwaway database with the demo company, serving `dist/` (or STATIC_DIR). */
function startServer(dataDir: string): { server: ChildProcess; demoPassword: Promise<string> } {
  const server = spawn(process.execPath, ['--import', 'tsx', 'api/server.ts'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // Production as deployed (PayHere live, secure cookies), but mail is never sent: the port is closed.
      SMTP_URL: 'smtp://127.0.0.1:9',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATABASE_PATH: join(dataDir, 'kickoff.sqlite'),
      MAIL_DIR: join(dataDir, 'mail'),
      // Deployed, the demo company gets a random password, printed once at start.
      SEED_DEMO: 'true',
    },
  });
  const demoPassword = new Promise<string>((resolve, reject) => {
    let output = '';
    server.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /password for all: (\S+?)\)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    });
    server.on('exit', () => reject(new Error('The server exited before printing the demo password')));
  });
  // Awaited once the server answers; a server that dies first is reported by that wait instead.
  demoPassword.catch(() => undefined);
  return { server, demoPassword };
}

/** The `Cookie` header of a fresh session of `email`. */
async function sessionCookie(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password }) });
  if (!response.ok) throw new Error(`Sign-in as ${email} failed: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

async function main() {
  const { default: lighthouse } = (await import(lighthouseModule)) as { default: Lighthouse };
  const chromeLauncher = (await import(chromeLauncherModule)) as ChromeLauncher;

  const loadBefore = loadavg();
  const external = process.env.BENCH_URL?.replace(/\/$/, '');
  const dataDir = mkdtempSync(join(tmpdir(), 'kickoff-lighthouse-'));
  const started = external ? undefined : startServer(dataDir);
  const server = started?.server;
  const baseUrl = external ?? `http://127.0.0.1:${PORT}`;
  const results: Record<string, { runs: Sample[]; median: Sample }> = {};
  try {
    await waitUntilUp(`${baseUrl}/api/health`, { timeoutMs: 30_000 });
    const demoPassword = started ? await started.demoPassword : (process.env.BENCH_DEMO_PASSWORD ?? 'Kickoff#2026');
    for (const { path, signInAs } of PAGES) {
      const runs: Sample[] = [];
      for (let run = 1; run <= RUNS; run += 1) {
        // A new session per run: the cookie rides on every request Lighthouse makes, storage reset or not.
        const extraHeaders = signInAs ? { Cookie: await sessionCookie(baseUrl, signInAs, demoPassword) } : undefined;
        // A first visit: chrome-launcher gives each browser a new, empty profile.
        const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
        let result: RunnerResult | undefined;
        try {
          // Lighthouse's default config is the mobile preset (Moto G Power, slow 4G, 4x CPU slowdown).
          const flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], extraHeaders };
          result = await lighthouse(`${baseUrl}${path}`, flags);
          // A busy machine sometimes loses the start of the trace (NO_NAVSTART): that run is taken again, once.
          if (result?.lhr.runtimeError) result = await lighthouse(`${baseUrl}${path}`, flags);
        } finally {
          await chrome.kill();
        }
        if (!result || result.lhr.runtimeError) throw new Error(`Lighthouse failed on ${path}: ${result?.lhr.runtimeError?.message ?? 'no result'}`);
        const { audits, categories } = result.lhr;
        if (args.reports) {
          mkdirSync('bench/out', { recursive: true });
          writeFileSync(`bench/out/lighthouse-${path.replace(/\W+/g, '') || 'landing'}-${run}.json`, String(result.report));
        }
        runs.push({
          score: Math.round((categories.performance.score ?? 0) * 100),
          lcpMs: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
          tbtMs: audits['total-blocking-time']?.numericValue ?? Number.NaN,
          cls: audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
        });
      }
      results[path] = {
        runs,
        median: {
          score: median(runs.map((r) => r.score)),
          lcpMs: median(runs.map((r) => r.lcpMs)),
          tbtMs: median(runs.map((r) => r.tbtMs)),
          cls: median(runs.map((r) => r.cls)),
        },
      };
    }
  } finally {
    server?.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }

  const loadAfter = loadavg();
  console.log(`Lighthouse 12, mobile preset, median of ${RUNS} runs (${baseUrl}); targets: performance >= ${TARGET.score}, CLS ${TARGET.cls}`);
  console.table(
    Object.fromEntries(
      Object.entries(results).map(([path, { runs, median: m }]) => [
        path,
        {
          performance: m.score,
          'each run': runs.map((r) => r.score).join(' '),
          'LCP (ms)': Math.round(m.lcpMs),
          'TBT (ms)': Math.round(m.tbtMs),
          CLS: Number(m.cls.toFixed(3)),
          target: m.score >= TARGET.score && m.cls <= TARGET.cls ? 'ok' : 'MISSED',
        },
      ]),
    ),
  );
  const loads = (load: number[]) => load.map((value) => value.toFixed(2)).join(' ');
  console.log(`Load average before ${loads(loadBefore)}, after ${loads(loadAfter)} (Lighthouse's scores drop when other work shares the CPU).`);
  mkdirSync('bench/out', { recursive: true });
  writeFileSync('bench/out/lighthouse.json', JSON.stringify({ baseUrl, runs: RUNS, loadBefore, loadAfter, results }, null, 2));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
