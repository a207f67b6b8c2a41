// The real server process (api/server.ts): what it refuses to start with, the demo seed on a reachable
// server, the prerendered public pages, an unhandled rejection, and scheduled backups. Each case spawns `node --import tsx api/server.ts`.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { POSTGRES_BACKUP_DIR_MESSAGE } from './config.ts';
import { scheduledBackups } from './db/backup.ts';
import { DEMO_PASSWORD } from './seed.ts';
import { NEW_HIRE_PAGE_FILE, STAND_IN_PERSON } from '../shared/signed-in-page.ts';
import { openTestDatabase, testEngine } from './test/harness.ts';

const workDir = mkdtempSync(join(tmpdir(), 'kickoff-server-'));
const children = new Set<ChildProcess>();
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(workDir, { recursive: true, force: true });
});

/** An SMTP address that is never dialled in these tests (nothing here sends mail). */
const UNUSED_SMTP = 'smtp://127.0.0.1:9';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Environment of a fresh, private database of the engine under test. */
async function freshDatabase(name: string): Promise<Record<string, string>> {
  if (testEngine === 'postgres') {
    const database = await openTestDatabase();
    if (database.config.engine !== 'postgres') throw new Error('expected a PostgreSQL test database');
    return { DATABASE_URL: database.config.url };
  }
  return { DATABASE_PATH: join(workDir, `${name}.sqlite`) };
}

type Server = { child: ChildProcess; base: string; output: () => string; exited: Promise<number | null> };

function spawnServer(env: Record<string, string>, nodeArgs: string[] = [], serverArgs: string[] = []): Server {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'api/server.ts', ...serverArgs], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', MAIL_DIR: join(workDir, 'mail'), STATIC_DIR: join(workDir, 'no-static'), ...env },
  });
  children.add(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, base: `http://127.0.0.1:${env.PORT ?? 0}`, output: () => output, exited };
}

/** Starts a server and waits until it answers its health check. */
async function startServer(env: Record<string, string>, nodeArgs: string[] = []): Promise<Server> {
  const port = await freePort();
  const server = spawnServer({ ...env, PORT: String(port) }, nodeArgs);
  for (let attempt = 0; ; attempt++) {
    if (server.child.exitCode !== null) throw new Error(`server exited with ${server.child.exitCode}:\n${server.output()}`);
    if (
      await fetch(`${server.base}/api/health`).then(
        (res) => res.ok,
        () => false,
      )
    )
      return server;
    if (attempt > 300) throw new Error(`server did not start:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function stop(server: Server): Promise<void> {
  server.child.kill('SIGTERM');
  await server.exited;
}

/** Runs a server that must refuse to start: its exit code and its output, trimmed (still running after 10 s: killed, code null). */
async function refusal(env: Record<string, string>, serverArgs: string[] = []): Promise<{ code: number | null; output: string }> {
  const server = spawnServer({ PORT: '0', DATABASE_PATH: join(workDir, 'never-created.sqlite'), ...env }, [], serverArgs);
  const timeout = setTimeout(() => server.child.kill('SIGKILL'), 10_000);
  const code = await server.exited;
  clearTimeout(timeout);
  return { code, output: server.output().trim() };
}

const signIn = (server: Server, email: string, password: string) =>
  fetch(`${server.base}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  }).then((res) => res.status);

describe('the server refuses demo-only settings on a real deployment, with one line', () => {
  it('refuses the PayHere simulator beyond loopback (NODE_ENV left at development, as npm start does)', async () => {
    for (const args of [[], ['--check']]) {
      const { code, output } = await refusal({ NODE_ENV: 'development', HOST: '0.0.0.0', PAYHERE_MODE: 'simulator', SMTP_URL: UNUSED_SMTP }, args);
      expect(code).toBe(1);
      expect(output).toBe(
        'Invalid configuration: PAYHERE_MODE=simulator is for local demos only and HOST=0.0.0.0 listens beyond loopback; use live, or sandbox on a private staging server.',
      );
    }
  });

  it('refuses PayHere sandbox in production', async () => {
    const { code, output } = await refusal({ NODE_ENV: 'production', PAYHERE_MODE: 'sandbox', SMTP_URL: UNUSED_SMTP });
    expect(code).toBe(1);
    expect(output).toMatch(/^Invalid configuration: PAYHERE_MODE=sandbox is not allowed with NODE_ENV=production[^\n]*$/);
  });

  it('refuses mail to files beyond loopback', async () => {
    const { code, output } = await refusal({ HOST: '0.0.0.0' });
    expect(code).toBe(1);
    expect(output).toBe('Invalid configuration: SMTP_URL is required because HOST=0.0.0.0 listens beyond loopback (mail written to MAIL_DIR reaches nobody).');
  });

  it('passes --check on the local demo defaults', async () => {
    expect(await refusal({}, ['--check'])).toEqual({ code: 0, output: '' });
  });
});

describe('the demo seed beyond loopback', () => {
  it('is off unless asked for', async () => {
    const server = await startServer({ HOST: '0.0.0.0', SMTP_URL: UNUSED_SMTP, ...(await freshDatabase('unseeded')) });
    expect(server.output()).not.toContain('Demo company');
    expect(await signIn(server, 'admin@demo.kickoff.local', DEMO_PASSWORD)).toBe(401);
    await stop(server);
  });

  it('when asked for, signs in with a random password printed once, never the README one', async () => {
    const env = { HOST: '0.0.0.0', SMTP_URL: UNUSED_SMTP, SEED_DEMO: 'true', ...(await freshDatabase('seeded')) };
    const first = await startServer(env);
    const password = /password for all: (\S+)\):/.exec(first.output())?.[1];
    expect(password).toBeDefined();
    expect(password).not.toBe(DEMO_PASSWORD);
    expect(await signIn(first, 'admin@demo.kickoff.local', password ?? '')).toBe(200);
    expect(await signIn(first, 'manager@demo.kickoff.local', DEMO_PASSWORD)).toBe(401);
    await stop(first);
    const again = await startServer(env);
    expect(again.output()).not.toContain('password for all');
    await stop(again);
  }, 40_000);
});

describe('the prerendered public pages (vite.config.ts, kickoff:prerender)', () => {
  it('go to visitors without a session cookie; the app shell to everyone else, and to every other page', async () => {
    const staticDir = join(workDir, 'static');
    mkdirSync(join(staticDir, 'prerendered'), { recursive: true });
    writeFileSync(join(staticDir, 'index.html'), '<p>shell</p>');
    writeFileSync(join(staticDir, 'prerendered', 'index.html'), '<p>landing</p>');
    writeFileSync(join(staticDir, 'prerendered', 'login.html'), '<p>sign-in</p>');
    const server = await startServer({ SEED_DEMO: 'false', STATIC_DIR: staticDir, ...(await freshDatabase('prerendered')) });
    const page = async (path: string, cookie?: string) => {
      const res = await fetch(`${server.base}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
      return { body: await res.text(), vary: res.headers.get('vary'), cacheControl: res.headers.get('cache-control') };
    };
    try {
      expect(await page('/')).toEqual({ body: '<p>landing</p>', vary: expect.stringContaining('Cookie'), cacheControl: 'no-cache' });
      expect((await page('/login')).body).toBe('<p>sign-in</p>');
      // Any session cookie, even a stale one: the app asks who is signed in and shows the right screen.
      expect(await page('/', 'kickoff_sid=whoever')).toEqual({ body: '<p>shell</p>', vary: expect.stringContaining('Cookie'), cacheControl: 'no-cache' });
      expect((await page('/login', 'kickoff_sid=whoever')).body).toBe('<p>shell</p>');
      expect((await page('/new-hire-dashboard')).body).toBe('<p>shell</p>');
      expect((await page('/login/')).body).toBe('<p>shell</p>');
    } finally {
      await stop(server);
    }
  });
});

describe("the new hire's prerendered dashboard (shared/signed-in-page.ts)", () => {
  it('goes to a signed-in new hire with their own details, to no one else', async () => {
    const staticDir = join(workDir, 'static-signed-in');
    mkdirSync(join(staticDir, dirname(NEW_HIRE_PAGE_FILE)), { recursive: true });
    writeFileSync(join(staticDir, 'index.html'), '<p>shell</p>');
    const { fullName, email, companyName } = STAND_IN_PERSON;
    writeFileSync(join(staticDir, NEW_HIRE_PAGE_FILE), `<h1>Welcome, ${fullName.split(' ')[0]}!</h1><p>${fullName} · ${email} · ${companyName}</p>`);
    const server = await startServer({ SEED_DEMO: 'true', STATIC_DIR: staticDir, ...(await freshDatabase('signed-in-page')) });
    const sessionOf = async (who: string) => {
      const res = await fetch(`${server.base}/api/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: who, password: DEMO_PASSWORD }),
      });
      expect(res.status).toBe(200);
      return res.headers
        .getSetCookie()
        .map((cookie) => cookie.split(';')[0])
        .join('; ');
    };
    const page = async (cookie?: string) => {
      const res = await fetch(`${server.base}/new-hire-dashboard`, { headers: cookie ? { Cookie: cookie } : {} });
      return { body: await res.text(), cacheControl: res.headers.get('cache-control'), vary: res.headers.get('vary') };
    };
    try {
      expect(await page(await sessionOf('newhire@demo.kickoff.local'))).toEqual({
        body: '<h1>Welcome, Kavya!</h1><p>Kavya Silva · newhire@demo.kickoff.local · Lanka Labs</p>',
        cacheControl: 'private, no-cache',
        vary: expect.stringContaining('Cookie'),
      });
      expect((await page(await sessionOf('newhire2@demo.kickoff.local'))).body).not.toMatch(/Kavya|newhire@/);
      // Staff, a stale session and no session at all get what the path gave before: the app's own shell.
      expect((await page(await sessionOf('admin@demo.kickoff.local'))).body).toBe('<p>shell</p>');
      expect((await page('kickoff_sid=whoever')).body).toBe('<p>shell</p>');
      expect((await page()).body).toBe('<p>shell</p>');
    } finally {
      await stop(server);
    }
  });
});

describe('reliability', () => {
  it('logs an unhandled rejection and keeps serving', async () => {
    // A preloaded module rejects a promise nobody awaits when asked (SIGUSR2), once the server is up.
    const probe = join(workDir, 'reject-on-signal.mjs');
    writeFileSync(probe, "process.on('SIGUSR2', () => { Promise.reject(new Error('probe rejection')); });\n");
    const server = await startServer({ SEED_DEMO: 'false', ...(await freshDatabase('rejection')) }, ['--import', probe]);
    server.child.kill('SIGUSR2');
    for (let attempt = 0; attempt < 100 && !server.output().includes('probe rejection'); attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(server.output()).toMatch(/Unhandled promise rejection \(the server keeps serving\):[\s\S]*probe rejection/);
    expect(server.child.exitCode).toBeNull();
    expect((await fetch(`${server.base}/api/health`)).status).toBe(200);
    await stop(server);
  });

  it.runIf(testEngine === 'sqlite')(
    'backs up the SQLite file every BACKUP_INTERVAL, keeping BACKUP_KEEP',
    async () => {
      const backupDir = join(workDir, 'backups');
      const server = await startServer({ SEED_DEMO: 'false', BACKUP_DIR: backupDir, BACKUP_INTERVAL: '1s', BACKUP_KEEP: '2', ...(await freshDatabase('backed-up')) });
      const backups = () => server.output().match(/^Backed up /gm)?.length ?? 0;
      for (let attempt = 0; attempt < 150 && backups() < 3; attempt++) await new Promise((resolve) => setTimeout(resolve, 100));
      await stop(server);
      expect(backups()).toBeGreaterThanOrEqual(3);
      expect(scheduledBackups(backupDir)).toHaveLength(2);
    },
    30_000,
  );

  it.runIf(testEngine === 'postgres')('refuses BACKUP_DIR on PostgreSQL, pointing at pg_dump', async () => {
    const { code, output } = await refusal({ BACKUP_DIR: join(workDir, 'pg-backups'), ...(await freshDatabase('pg')) });
    expect(code).toBe(1);
    expect(output).toBe(POSTGRES_BACKUP_DIR_MESSAGE);
  });
});
