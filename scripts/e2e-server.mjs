// Starts the real server for Playwright on a fresh database and mail folder under test-results/.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';

const port = process.env.E2E_PORT ?? '4173';
const dir = `test-results/e2e-data-${port}`;
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });

const server = spawn(process.execPath, ['--import', 'tsx', 'api/server.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'test',
    PORT: port,
    HOST: '127.0.0.1',
    DATABASE_PATH: `${dir}/kickoff.sqlite`,
    MAIL_DIR: `${dir}/mail`,
    APP_URL: `http://127.0.0.1:${port}`,
    SEED_DEMO: 'true',
    // Specs act as many clients (e2e/fixtures.ts ownAddress), as a proxy in front would report them.
    TRUST_PROXY: 'true',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
