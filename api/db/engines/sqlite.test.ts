// Opening a SQLite file: statistics an ANALYZE left behind, and how often the WAL is checkpointed (issue 20).
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it, vi } from 'vitest';
import { testEngine } from '../../test/harness.ts';
import { CHECKPOINT_EVERY_MS, openSqlite } from './sqlite.ts';

const workDir = mkdtempSync(join(tmpdir(), 'kickoff-sqlite-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

/** Adds `count` companies, one commit each, as requests write. */
function insertCompanies(client: ReturnType<typeof openSqlite>['client'], count: number, padding = '') {
  const insert = client.prepare("INSERT INTO companies (id, name, plan_type, created_at, updated_at) VALUES (?, ?, 'starter', '', '')");
  for (let i = 0; i < count; i++) insert.run(`company-${i}`, `Company ${i}${padding}`);
}

it('keeps the planner averages of an ANALYZE and drops its samples, which would re-plan every statement at each run', async (context) => {
  context.skip(testEngine !== 'sqlite', 'SQLite only: PostgreSQL keeps its own statistics');
  const path = join(workDir, 'analyzed.sqlite');
  const first = openSqlite(path);
  insertCompanies(first.client, 50);
  first.client.exec('ANALYZE');
  const count = (client: typeof first.client, table: string) => (client.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
  expect(count(first.client, 'sqlite_stat4')).toBeGreaterThan(0);
  await first.engine.close();

  const reopened = openSqlite(path);
  expect(count(reopened.client, 'sqlite_stat4')).toBe(0);
  expect(count(reopened.client, 'sqlite_stat1')).toBeGreaterThan(0);
  await reopened.engine.close();
});

it("checkpoints the WAL after 10,000 pages, not after SQLite's 1,000", async (context) => {
  context.skip(testEngine !== 'sqlite', 'SQLite only');
  const { client, engine } = openSqlite(join(workDir, 'wal.sqlite'));
  // Every commit appends its pages to the WAL.
  insertCompanies(client, 1500);
  // A checkpoint answers how many pages the WAL holds: all of them, none checkpointed on the way.
  const [{ log }] = client.pragma('wal_checkpoint(PASSIVE)') as [{ log: number }];
  expect(log).toBeGreaterThan(1500);
  expect(log).toBeLessThan(10_000);
  await engine.close();
});

it('checkpoints at least once a minute, however little was written', async (context) => {
  context.skip(testEngine !== 'sqlite', 'SQLite only');
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  try {
    const path = join(workDir, 'minute.sqlite');
    const { client, engine } = openSqlite(path);
    insertCompanies(client, 200, ` ${'x'.repeat(500)}`);
    // The new pages are in the WAL only; the checkpoint copies them into the file.
    const before = statSync(path).size;
    vi.advanceTimersByTime(CHECKPOINT_EVERY_MS);
    expect(statSync(path).size).toBeGreaterThan(before);
    await engine.close();
  } finally {
    vi.useRealTimers();
  }
});
