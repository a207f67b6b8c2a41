// Opening a SQLite file: statistics an ANALYZE left behind (issue 20).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { testEngine } from '../../test/harness.ts';
import { openSqlite } from './sqlite.ts';

const workDir = mkdtempSync(join(tmpdir(), 'kickoff-sqlite-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

it('keeps the planner averages of an ANALYZE and drops its samples, which would re-plan every statement at each run', async (context) => {
  context.skip(testEngine !== 'sqlite', 'SQLite only: PostgreSQL keeps its own statistics');
  const path = join(workDir, 'analyzed.sqlite');
  const first = openSqlite(path);
  const insertCompany = first.client.prepare("INSERT INTO companies (id, name, plan_type, created_at, updated_at) VALUES (?, ?, 'starter', '', '')");
  for (let i = 0; i < 50; i++) insertCompany.run(`company-${i}`, `Company ${i}`);
  first.client.exec('ANALYZE');
  const count = (client: typeof first.client, table: string) => (client.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
  expect(count(first.client, 'sqlite_stat4')).toBeGreaterThan(0);
  await first.engine.close();

  const reopened = openSqlite(path);
  expect(count(reopened.client, 'sqlite_stat4')).toBe(0);
  expect(count(reopened.client, 'sqlite_stat1')).toBeGreaterThan(0);
  await reopened.engine.close();
});
