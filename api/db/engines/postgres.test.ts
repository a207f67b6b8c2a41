// The server's PostgreSQL pool sends the queries a client is given in one tick in one socket write
// (coalesceWrites), and they still answer in order, each its own result or error. A transaction's BEGIN
// goes out with its first statement (pipelineBegin).
import { Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openTestDatabase, testEngine } from '../../test/harness.ts';
import { transaction } from '../client.ts';
import { coalesceWrites, createPool } from './postgres.ts';

/** Counts the socket writes made while `work` runs. */
async function socketWrites<T>(work: () => Promise<T>): Promise<{ writes: number; result: T }> {
  const single = vi.spyOn(Socket.prototype as unknown as { _write: () => void }, '_write');
  const vectored = vi.spyOn(Socket.prototype as unknown as { _writev: () => void }, '_writev');
  try {
    const result = await work();
    return { writes: single.mock.calls.length + vectored.mock.calls.length, result };
  } finally {
    single.mockRestore();
    vectored.mockRestore();
  }
}

describe.runIf(testEngine === 'postgres')('coalesceWrites (PostgreSQL)', () => {
  const pools: { end: () => Promise<void> }[] = [];
  afterEach(async () => {
    await Promise.all(pools.splice(0).map((pool) => pool.end()));
  });

  async function clientOf(coalesce: boolean) {
    const database = await openTestDatabase();
    if (database.config.engine !== 'postgres') throw new Error('PostgreSQL only');
    const pool = createPool({ url: database.config.url, poolSize: 1 });
    pools.push(pool);
    if (coalesce) pool.on('connect', coalesceWrites);
    const client = await pool.connect();
    // The connection's own start-up is not what is counted.
    await client.query('SELECT 1');
    return client;
  }

  const reads = (client: Awaited<ReturnType<typeof clientOf>>) =>
    Promise.all([1, 2, 3, 4, 5].map((n) => client.query({ name: `coalesce.read.${n}`, text: 'SELECT $1::int * 10 AS value', values: [n] })));

  it('sends queries issued together in one write, answered in order', async () => {
    const client = await clientOf(true);
    const { writes, result } = await socketWrites(() => reads(client));
    expect(result.map((answer) => answer.rows[0].value)).toEqual([10, 20, 30, 40, 50]);
    expect(writes).toBe(1);
    client.release();
  });

  it('without it, the same queries take a write each', async () => {
    const client = await clientOf(false);
    const { writes } = await socketWrites(() => reads(client));
    expect(writes).toBe(5);
    client.release();
  });

  it('keeps a failed query to itself, and queries awaited one after another still go out', async () => {
    const client = await clientOf(true);
    const [good, bad, after] = await Promise.allSettled([client.query('SELECT 1 AS value'), client.query('SELECT 1 / 0 AS value'), client.query('SELECT 3 AS value')]);
    expect(good.status === 'fulfilled' && good.value.rows[0].value).toBe(1);
    expect(bad.status).toBe('rejected');
    expect(after.status === 'fulfilled' && after.value.rows[0].value).toBe(3);
    for (const n of [1, 2, 3]) expect((await client.query('SELECT $1::int AS value', [n])).rows[0].value).toBe(n);
    client.release();
  });

  it("sends a transaction's BEGIN with its first statement, and the transaction still rolls back whole", async () => {
    const { db } = await openTestDatabase();
    await db.execute(sql`CREATE TABLE pipelined (n int)`);
    // The pool's connection is opened outside what is counted.
    await transaction(db, (tx) => tx.execute(sql`SELECT 1`));
    const { writes } = await socketWrites(() => transaction(db, (tx) => tx.execute(sql`INSERT INTO pipelined VALUES (1)`)));
    // BEGIN with the INSERT, then COMMIT (drizzle alone: BEGIN, INSERT, COMMIT).
    expect(writes).toBe(2);
    const failing = transaction(db, async (tx) => {
      await tx.execute(sql`INSERT INTO pipelined VALUES (2)`);
      await tx.execute(sql`SELECT 1 / 0`);
    });
    await expect(failing).rejects.toThrow();
    expect((await db.execute(sql`SELECT n FROM pipelined ORDER BY n`)).rows).toEqual([{ n: 1 }]);
  });
});
