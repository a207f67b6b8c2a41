// Database reliability (issue 11): online backups, crash safety under write load, graceful shutdown.
// The server tests spawn the real process (`node --import tsx api/server.ts`) on the engine under test:
// a temp SQLite file, or a PostgreSQL test database whose DATABASE_URL the process gets.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { eq, like } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestDatabase, sessionCookie, testEngine } from '../test/harness.ts';
import { backupDatabase, POSTGRES_BACKUP_MESSAGE } from './backup.ts';
import { type Db, first, openDatabase } from './client.ts';
import { openSqlite } from './engines/sqlite.ts';
import { templates, users } from './schema.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const workDir = mkdtempSync(join(tmpdir(), 'kickoff-reliability-'));
const children = new Set<ChildProcess>();

afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(workDir, { recursive: true, force: true });
});

const integrityOf = (sqlite: Database.Database) => sqlite.pragma('integrity_check', { simple: true });

describe('online backup', () => {
  it('keeps every row committed before it started while another process writes, and passes integrity_check', async (context) => {
    context.skip(testEngine !== 'sqlite', 'SQLite only: it copies the database file and checks it with integrity_check; PostgreSQL is backed up with pg_dump (README)');
    const dbPath = join(workDir, 'backup-source.sqlite');
    const { client: sqlite } = openSqlite(dbPath);
    const insertCompany = sqlite.prepare("INSERT INTO companies (id, name, plan_type, created_at, updated_at) VALUES (?, ?, 'starter', '', '')");
    sqlite.transaction(() => {
      for (let i = 0; i < 2_000; i++) insertCompany.run(`before-${i}`, `Company ${i}`);
    })();

    // A separate process inserts numbered rows, one per transaction, until it is stopped.
    const writerCode = `
      const Database = require('better-sqlite3');
      const db = new Database(process.argv[1]);
      db.pragma('busy_timeout = 5000');
      const insert = db.prepare("INSERT INTO companies (id, name, plan_type, created_at, updated_at) VALUES (?, 'w', 'starter', '', '')");
      let i = 0;
      const tick = () => { for (let j = 0; j < 20; j++) insert.run('writer-' + String(++i).padStart(8, '0')); if (i === 200) console.log('writing'); setImmediate(tick); };
      tick();`;
    const writer = spawn(process.execPath, ['-e', writerCode, dbPath], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] });
    children.add(writer);
    await new Promise<void>((resolve, reject) => {
      writer.stdout?.on('data', () => resolve());
      writer.on('exit', (code) => reject(new Error(`writer exited early with ${code}`)));
    });

    const backupPath = join(workDir, 'backup-copy.sqlite');
    const result = await backupDatabase(sqlite, backupPath);
    writer.kill('SIGKILL');
    await new Promise((resolve) => writer.once('exit', resolve));
    const writtenInTotal = (sqlite.prepare("SELECT count(*) AS n FROM companies WHERE id LIKE 'writer-%'").get() as { n: number }).n;
    sqlite.close();

    expect(result.integrity).toBe('ok');
    const copy = new Database(backupPath, { readonly: true });
    expect(integrityOf(copy)).toBe('ok');
    const before = copy.prepare("SELECT count(*) AS n FROM companies WHERE id LIKE 'before-%'").get() as { n: number };
    expect(before.n).toBe(2_000);
    // One snapshot: the writer's rows in the copy are exactly its first N, with no gaps.
    const writerIds = (copy.prepare("SELECT id FROM companies WHERE id LIKE 'writer-%' ORDER BY id").all() as { id: string }[]).map((row) => row.id);
    expect(writerIds.length).toBeGreaterThanOrEqual(200);
    expect(writerIds.length).toBeLessThanOrEqual(writtenInTotal);
    expect(writerIds.at(-1)).toBe(`writer-${String(writerIds.length).padStart(8, '0')}`);
    copy.close();
  }, 60_000);

  it('npm run db:backup refuses PostgreSQL in one line that points at pg_dump', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/db-backup.ts', join(workDir, 'never.sqlite')], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
      // Never connected to: the script must stop before opening anything.
      env: { ...process.env, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/kickoff' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr.trim()).toBe(POSTGRES_BACKUP_MESSAGE);
    expect(POSTGRES_BACKUP_MESSAGE).toMatch(/pg_dump/);
  }, 30_000);
});

// ---- the real server -------------------------------------------------------------------------

const ADMIN_EMAIL = 'admin@demo.kickoff.local';

/** A free port in this suite's range (4300-4399), so parallel engineers and test files do not clash. */
async function freePort(): Promise<number> {
  for (let port = 4310 + Math.floor(Math.random() * 80); ; port = 4310 + ((port - 4309) % 89)) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
}

/**
 * Where a spawned server keeps its data: on SQLite a file in the work dir, on PostgreSQL a test database
 * (dropped after the file). `env` points the server at it; `open` gives this process a handle on it.
 */
type ServerDatabase = { env: Record<string, string>; sqlitePath?: string; open: () => Promise<{ db: Db; close: () => Promise<void> }> };

async function serverDatabase(name: string): Promise<ServerDatabase> {
  if (testEngine === 'postgres') {
    const database = await openTestDatabase();
    if (database.config.engine !== 'postgres') throw new Error('expected a PostgreSQL test database');
    // The harness closes this handle after the file; each use borrows it.
    return { env: { DATABASE_URL: database.config.url }, open: async () => ({ db: database.db, close: async () => {} }) };
  }
  const path = join(workDir, `${name}.sqlite`);
  return { env: { DATABASE_PATH: path }, sqlitePath: path, open: () => openDatabase({ engine: 'sqlite', path }) };
}

type RunningServer = { child: ChildProcess; port: number; base: string; output: () => string; exited: Promise<number | null> };

async function startServer(database: ServerDatabase): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/server.ts'], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      ...database.env,
      MAIL_DIR: join(workDir, 'mail'),
      SEED_DEMO: 'true',
      STATIC_DIR: join(workDir, 'no-static'),
      APP_URL: `http://127.0.0.1:${port}`,
    },
  });
  children.add(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    const healthy = await fetch(`${base}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    if (attempt > 600) throw new Error(`server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, port, base, output: () => output, exited };
}

/** A session for the seeded admin, made in the database directly: no Argon2 and no sign-in rate limit. */
async function adminCookie(database: ServerDatabase): Promise<string> {
  const { db, close } = await database.open();
  try {
    const admin = await first(db.select({ id: users.id }).from(users).where(eq(users.email, ADMIN_EMAIL)));
    if (!admin) throw new Error('the demo seed did not create its admin');
    return await sessionCookie(db, admin.id);
  } finally {
    await close();
  }
}

async function createTemplate(base: string, cookie: string, title: string) {
  const response = await fetch(`${base}/api/templates`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: cookie },
    body: JSON.stringify({ title, duration: 30, sections: [] }),
  });
  const body = (await response.json().catch(() => undefined)) as { id?: string; message?: string } | undefined;
  return { status: response.status, id: body?.id, message: body?.message };
}

describe('the server process', () => {
  it('keeps every acknowledged write and an intact database after SIGKILL under write load', async () => {
    const database = await serverDatabase('crash');
    const server = await startServer(database);
    const cookie = await adminCookie(database);

    const acknowledged: string[] = [];
    const failures: string[] = [];
    let killed = false;
    let sent = 0;
    const killedNow = new Promise<void>((resolve) => {
      const worker = async () => {
        while (!killed) {
          const title = `Crash template ${++sent}`;
          try {
            const result = await createTemplate(server.base, cookie, title);
            if (result.status >= 200 && result.status < 300 && result.id) acknowledged.push(result.id);
            else if (!killed) failures.push(`${result.status} ${result.message ?? ''}`);
          } catch {
            // Requests cut off by the kill have no answer: they may or may not have been applied.
          }
          if (!killed && acknowledged.length >= 150) {
            killed = true;
            server.child.kill('SIGKILL');
            resolve();
          }
        }
      };
      for (let i = 0; i < 16; i++) void worker();
    });
    await killedNow;
    await server.exited;
    expect(failures).toEqual([]);
    expect(acknowledged.length).toBeGreaterThanOrEqual(150);

    // Restart on the same database: it must open (on SQLite, recover the WAL) and answer.
    const restarted = await startServer(database);
    const { db, close } = await database.open();
    try {
      // integrity_check is SQLite's; a PostgreSQL server was never killed here, only its client.
      if (database.sqlitePath) {
        const sqlite = new Database(database.sqlitePath, { readonly: true });
        try {
          expect(integrityOf(sqlite)).toBe('ok');
        } finally {
          sqlite.close();
        }
      }
      const present = new Set((await db.select({ id: templates.id }).from(templates).where(like(templates.title, 'Crash template %'))).map((row) => row.id));
      expect(acknowledged.filter((id) => !present.has(id))).toEqual([]);
    } finally {
      await close();
      restarted.child.kill('SIGTERM');
      await restarted.exited;
    }
  }, 90_000);

  it('finishes in-flight requests on SIGTERM and exits 0', async () => {
    const database = await serverDatabase('shutdown');
    const server = await startServer(database);
    const cookie = await adminCookie(database);
    const body = JSON.stringify({ title: 'Shutdown template', duration: 30, sections: [] });

    // Requests the server has certainly accepted: it answered `100 Continue` to their headers,
    // and their bodies are only sent after the SIGTERM.
    const inFlight = Array.from({ length: 20 }, () => {
      const req = httpRequest(`${server.base}/api/templates`, {
        method: 'POST',
        agent: false,
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), Cookie: cookie, Expect: '100-continue' },
      });
      const accepted = new Promise<void>((resolve) => req.once('continue', () => resolve()));
      const answered = new Promise<{ status: number; text: string }>((resolve, reject) => {
        req.on('response', (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
          response.on('error', reject);
        });
        req.on('error', reject);
      });
      req.flushHeaders();
      return { accepted, answered, send: () => req.end(body) };
    });
    await Promise.all(inFlight.map((request) => request.accepted));

    server.child.kill('SIGTERM');
    // Let the signal land before the bodies go out, so the requests span the shutdown.
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const request of inFlight) request.send();

    const answers = await Promise.all(inFlight.map((request) => request.answered));
    for (const answer of answers) {
      expect(answer.status).toBeGreaterThanOrEqual(200);
      expect(answer.status).toBeLessThan(500);
      expect(() => JSON.parse(answer.text)).not.toThrow();
    }
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('SIGTERM received');
  }, 60_000);
});
