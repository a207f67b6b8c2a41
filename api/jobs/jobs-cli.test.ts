// `npm run jobs -- --at …` (scripts/jobs.ts), run as operators run it: a child process on a database
// file (or PostgreSQL database) of its own, the clock given on the command line only.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createCompanyWithAdmin } from '../auth/auth.queries.ts';
import { openDatabase, type Db } from '../db/client.ts';
import { jobs } from '../db/schema.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { openTestDatabase, TEST_PASSWORD_HASH, testEngine } from '../test/harness.ts';
import { companyJobName } from './schedule.ts';

const workDir = mkdtempSync(join(tmpdir(), 'kickoff-jobs-cli-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

/** A database for the child: a SQLite file, or a PostgreSQL test database (dropped after the file). */
async function childDatabase(): Promise<{ db: Db; env: Record<string, string> }> {
  if (testEngine === 'postgres') {
    const database = await openTestDatabase();
    if (database.config.engine !== 'postgres') throw new Error('expected a PostgreSQL test database');
    return { db: database.db, env: { DATABASE_URL: database.config.url } };
  }
  const path = join(workDir, 'kickoff.sqlite');
  const database = await openDatabase({ engine: 'sqlite', path });
  afterAll(() => database.close());
  return { db: database.db, env: { DATABASE_PATH: path } };
}

function runJobs(env: Record<string, string>, args: string[]): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/jobs.ts', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', ...env },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

describe('npm run jobs', () => {
  it('runs what is due at --at once, the outbox last so the mail lands in the mail folder', { timeout: 60_000 }, async () => {
    const { db, env } = await childDatabase();
    const mailDir = join(workDir, 'mail');
    const { company } = await createCompanyWithAdmin(
      db,
      { fullName: 'Ops Admin', email: 'admin@ops.test', passwordHash: TEST_PASSWORD_HASH, companyName: 'Ops', companyAddress: '1 Test Street', isEmailVerified: true },
      new Date('2026-11-30T12:00:00Z'),
    );
    await enqueueEmail(db, {
      kind: 'morning_digest',
      to: 'someone@ops.test',
      companyId: company.id,
      mail: { to: 'someone@ops.test', subject: 'Waiting', text: 'Hello', html: '<p>Hello</p>' },
    });
    const childEnv = { ...env, MAIL_DIR: mailDir };

    const first = await runJobs(childEnv, ['--at', '2026-12-01T08:00']);
    expect(first.code, first.output).toBe(0);
    const lines = first.output.trim().split('\n');
    expect(lines[0]).toBe('Jobs due at 2026-12-01T08:00:00.000Z: 5');
    // A Tuesday: no weekly summary. The outbox last, having sent the waiting mail.
    expect(
      lines
        .slice(1, 5)
        .map((line) => line.trim().split(/\s+/).slice(0, 2).join(' '))
        .sort(),
    ).toEqual([`morning_digest:${company.id} ok`, `start_mails:${company.id} ok`, 'unread_messages ok', 'webhooks ok'].sort());
    expect(lines[5]).toMatch(/^ {2}outbox {2}ok {2}sent 1, failed 0, retrying 0$/);
    expect(readdirSync(mailDir).filter((file) => file.endsWith('.eml'))).toHaveLength(1);
    const [digest] = await db
      .select({ nextRunAt: jobs.nextRunAt })
      .from(jobs)
      .where(eq(jobs.name, companyJobName('morning_digest', company.id)));
    expect(new Date(digest?.nextRunAt ?? 0).toISOString()).toBe('2026-12-02T08:00:00.000Z');

    // The same moment again: everything ran already.
    const again = await runJobs(childEnv, ['--at', '2026-12-01T08:00']);
    expect(again.output.trim()).toBe('Jobs due at 2026-12-01T08:00:00.000Z: 0');

    const refused = await runJobs(childEnv, ['--at', 'tomorrow']);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('usage: npm run jobs');
  });
});
