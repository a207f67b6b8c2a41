// `npm run db:copy`: a SQLite database seeded by the real server moves into PostgreSQL whole, and the
// copied company works there (its people sign in, its plans answer the same).
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { apiKeyHash, newApiKey } from '../api-keys/api-keys.queries.ts';
import { apiOver, openTestDatabase, testEngine } from '../test/harness.ts';
import { loadConfig } from '../config.ts';

function run(args: string[], env: Record<string, string>): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], { env: { PATH: process.env.PATH ?? '', ...env } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code: code ?? 1, output }));
  });
}

/** Starts the real server on a new SQLite file so it migrates and seeds the demo company, then stops it. */
async function seededSqliteFile(dir: string): Promise<{ path: string; password: string }> {
  const path = join(dir, 'kickoff.sqlite');
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/server.ts'], {
    env: { PATH: process.env.PATH ?? '', PORT: '0', DATABASE_PATH: path, MAIL_DIR: join(dir, 'mail'), STATIC_DIR: '/nonexistent', NODE_ENV: 'test' },
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('is running at')) resolve();
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', () => reject(new Error(`server exited: ${output}`)));
  });
  await new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.on('exit', resolve);
    child.kill('SIGTERM');
  });
  const password = /password for all: (\S+)\)/.exec(output)?.[1];
  if (!password) throw new Error(`no demo password in: ${output}`);
  return { path, password };
}

/** Gives the demo company an API key, a webhook endpoint and a delivery, as an admin would; answers the key. */
function integrationsOf(path: string): string {
  const sqlite = new Database(path);
  try {
    const admin = sqlite.prepare(`SELECT id, company_id AS companyId FROM users WHERE email = 'admin@demo.kickoff.local'`).get() as { id: string; companyId: string };
    const key = newApiKey();
    const now = new Date().toISOString();
    sqlite
      .prepare('INSERT INTO api_keys (id, company_id, created_by, name, scope, prefix, key_hash, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
      .run(randomUUID(), admin.companyId, admin.id, 'HR system', 'write', key.slice(0, 9), apiKeyHash(key), now);
    const endpointId = randomUUID();
    sqlite
      .prepare('INSERT INTO webhook_endpoints (id, company_id, kind, url, events, secret, enabled, created_by, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?, ?)')
      .run(
        endpointId,
        admin.companyId,
        'webhook',
        'https://hooks.example.test/kickoff',
        JSON.stringify(['task.completed']),
        'whsec_dGVzdHNlY3JldHRlc3RzZWNyZXQ=',
        admin.id,
        now,
        now,
      );
    sqlite
      .prepare('INSERT INTO webhook_deliveries (id, company_id, endpoint_id, event, payload, status, attempts, next_attempt_at, created_at) VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?)')
      .run(randomUUID(), admin.companyId, endpointId, 'task.completed', '{}', 'delivered', Date.now(), now);
    return key;
  } finally {
    sqlite.close();
  }
}

describe.runIf(testEngine === 'postgres')('db:copy from SQLite to PostgreSQL', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kickoff-copy-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('copies every row, checks the counts, and the company works on PostgreSQL', async () => {
    const { path, password } = await seededSqliteFile(dir);
    const target = await openTestDatabase();
    if (target.config.engine !== 'postgres') throw new Error('PostgreSQL only');

    const key = integrationsOf(path);
    const copy = await run(['scripts/db-copy.ts', '--from', `sqlite:${path}`, '--to', target.config.url], {});
    expect(copy.output).toMatch(/every table's count matches/);
    expect(copy.code).toBe(0);

    const api = apiOver(target.db, { ...loadConfig({ NODE_ENV: 'test', MAIL_DIR: join(dir, 'mail') }), database: target.config });
    const signIn = await api.request('/api/auth/login', { method: 'POST', body: { email: 'admin@demo.kickoff.local', password } });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
    const plans = await api.request('/api/onboarding-plans', { cookie });
    expect(plans.status).toBe(200);
    expect(plans.body.map((plan: { progressPercentage: number }) => plan.progressPercentage).sort((x: number, y: number) => x - y)).toEqual([14, 54]);

    // The integrations came along: the API key still signs in, its webhook and delivery are there.
    const viaKey = await api.request('/api/webhooks', { headers: { Authorization: `Bearer ${key}` } });
    expect(viaKey.status).toBe(200);
    expect(viaKey.body).toMatchObject([{ url: 'https://hooks.example.test/kickoff', events: ['task.completed'], enabled: true }]);

    // A second copy into the same database is refused, and changes nothing.
    const again = await run(['scripts/db-copy.ts', '--from', `sqlite:${path}`, '--to', target.config.url], {});
    expect(again.code).toBe(1);
    expect(again.output).toMatch(/already has companies/);
  }, 60_000);
});
