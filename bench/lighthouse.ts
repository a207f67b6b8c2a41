// `npm run bench:lighthouse` (issue 10): Lighthouse 12, mobile preset, in Debian's Chromium, on the
// landing page and /login; 3 runs each; prints the median performance score, LCP, TBT and CLS.
// Needs the built app (`vite build`) unless BENCH_URL points at a running server.
// Packages: lighthouse@12.2.3 and chrome-launcher@1.1.2 (dev dependencies).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const RUNS = 3;
const PAGES = ['/', '/login'];
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu'];
const PORT = Number(process.env.BENCH_PORT ?? 4310);

type Audit = { numericValue?: number };
type RunnerResult = { lhr: { categories: { performance: { score: number | null } }; audits: Record<string, Audit | undefined>; runtimeError?: { message: string } } };
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

async function waitForHealth(baseUrl: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`The server at ${baseUrl} did not answer /api/health within ${timeoutMs / 1000} s`);
}

/** The production server on a throwaway database, serving `dist/` (or STATIC_DIR). */
function startServer(dataDir: string): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'api/server.ts'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // Production as deployed (PayHere live, secure cookies), but mail is never sent: the port is closed.
      SMTP_URL: 'smtp://127.0.0.1:9',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATABASE_PATH: join(dataDir, 'kickoff.sqlite'),
      MAIL_DIR: join(dataDir, 'mail'),
      SEED_DEMO: 'false',
    },
  });
}

async function main() {
  const { default: lighthouse } = (await import(lighthouseModule)) as { default: Lighthouse };
  const chromeLauncher = (await import(chromeLauncherModule)) as ChromeLauncher;

  const external = process.env.BENCH_URL?.replace(/\/$/, '');
  const dataDir = mkdtempSync(join(tmpdir(), 'kickoff-lighthouse-'));
  const server = external ? undefined : startServer(dataDir);
  const baseUrl = external ?? `http://127.0.0.1:${PORT}`;
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  const results: Record<string, { runs: Sample[]; median: Sample }> = {};
  try {
    await waitForHealth(baseUrl);
    for (const path of PAGES) {
      const runs: Sample[] = [];
      for (let run = 1; run <= RUNS; run += 1) {
        // Lighthouse's default config is the mobile preset (Moto G Power, slow 4G, 4x CPU slowdown).
        const result = await lighthouse(`${baseUrl}${path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
        if (!result || result.lhr.runtimeError) throw new Error(`Lighthouse failed on ${path}: ${result?.lhr.runtimeError?.message ?? 'no result'}`);
        const { audits, categories } = result.lhr;
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
    await chrome.kill();
    server?.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }

  console.log(`Lighthouse 12, mobile preset, median of ${RUNS} runs (${baseUrl})`);
  console.table(
    Object.fromEntries(
      Object.entries(results).map(([path, { median: m }]) => [
        path,
        { performance: m.score, 'LCP (ms)': Math.round(m.lcpMs), 'TBT (ms)': Math.round(m.tbtMs), CLS: Number(m.cls.toFixed(3)) },
      ]),
    ),
  );
  mkdirSync('bench/out', { recursive: true });
  writeFileSync('bench/out/lighthouse.json', JSON.stringify({ baseUrl, runs: RUNS, results }, null, 2));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
