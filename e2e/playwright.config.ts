import { defineConfig, devices, type PlaywrightTestConfig } from '@playwright/test';

const chromium = process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH ?? '/usr/bin/chromium';

/**
 * The browser suite against the real server on `port`, started by `serverCommand` (run from the
 * repository root; it is given E2E_PORT). `name` tells the engine's runs apart on disk.
 */
export function e2eConfig(options: { name: string; port: number; serverCommand: string; grep?: RegExp }): PlaywrightTestConfig {
  const { name, port, serverCommand, grep } = options;
  return defineConfig({
    testDir: '.',
    testMatch: '**/*.spec.ts',
    ...(grep ? { grep } : {}),
    // Per-run output: Playwright empties its outputDir, which must not hold another run's data.
    outputDir: `../test-results/playwright-${name}-${port}`,
    fullyParallel: false,
    workers: 1,
    retries: process.env.CI ? 1 : 0,
    timeout: 60_000,
    expect: { timeout: 10_000 },
    reporter: [['list']],
    use: {
      baseURL: `http://127.0.0.1:${port}`,
      // Recording a trace of every test (to keep the failed ones') cost a quarter of the suite's time (site.spec
      // 94 -> 74 s without). A retry records one; locally, rerun a failure with `--trace on`.
      trace: 'on-first-retry',
      // Each test's fresh context would install the service worker and precache the whole app (about 110
      // files) while the test runs, which doubled some tests' time. The specs about working offline or
      // push notifications allow it (test.use), and wait for it to take control.
      serviceWorkers: 'block',
      launchOptions: {
        executablePath: chromium,
        args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
      },
    },
    projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
    webServer: {
      command: serverCommand,
      cwd: '..',
      url: `http://127.0.0.1:${port}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      // Without this Playwright SIGKILLs the server's process group, so no wrapper could clean up after
      // it (scripts/with-postgres.ts stops its cluster only when its command exits).
      gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
      env: { E2E_PORT: String(port) },
    },
  });
}

// Each run gets its own port and database, so runs never share state.
export default e2eConfig({ name: 'sqlite', port: Number(process.env.E2E_PORT ?? 4173), serverCommand: 'node scripts/e2e-server.mjs' });
