// The one transaction helper: all or nothing on either engine, and no other request inside it on SQLite.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { first, lockCompanyTakingVersion, nextVersion, rows, transaction } from './client.ts';
import { companies } from './schema.ts';
import { createTestContext, testEngine } from '../test/harness.ts';

describe(`transaction on ${testEngine}`, () => {
  it('commits every write when the body resolves', async () => {
    const { db } = await createTestContext();
    await transaction(db, async (tx) => {
      await tx.insert(companies).values({ id: 'c1', name: 'One' });
      await tx.insert(companies).values({ id: 'c2', name: 'Two' });
    });
    expect((await db.select({ id: companies.id }).from(companies).orderBy(companies.id)).map((row) => row.id)).toEqual(['c1', 'c2']);
  });

  it('rolls back every write when the body throws, and passes the error on', async () => {
    const { db } = await createTestContext();
    await db.insert(companies).values({ id: 'kept', name: 'Kept' });
    await expect(
      transaction(db, async (tx) => {
        await tx.insert(companies).values({ id: 'lost', name: 'Lost' });
        await tx.update(companies).set({ name: 'Renamed' }).where(eq(companies.id, 'kept'));
        throw new Error('rule broken');
      }),
    ).rejects.toThrow('rule broken');
    expect(await db.select({ id: companies.id, name: companies.name }).from(companies)).toEqual([{ id: 'kept', name: 'Kept' }]);
  });

  it('rolls back a failed statement (a duplicate key) with the writes before it', async () => {
    const { db } = await createTestContext();
    await db.insert(companies).values({ id: 'taken', name: 'Taken' });
    await expect(
      transaction(db, async (tx) => {
        await tx.insert(companies).values({ id: 'new', name: 'New' });
        await tx.insert(companies).values({ id: 'taken', name: 'Again' });
      }),
    ).rejects.toThrow();
    expect(await first(db.select().from(companies).where(eq(companies.id, 'new')))).toBeUndefined();
  });

  it('rolls back an inner transaction alone when the outer one catches its error', async () => {
    const { db } = await createTestContext();
    await transaction(db, async (tx) => {
      await tx.insert(companies).values({ id: 'outer', name: 'Outer' });
      await transaction(tx, async (inner) => {
        await inner.insert(companies).values({ id: 'inner', name: 'Inner' });
        throw new Error('inner failed');
      }).catch(() => undefined);
    });
    expect((await db.select({ id: companies.id }).from(companies)).map((row) => row.id)).toEqual(['outer']);
  });

  it('numbers a company’s writes one after another, also when they run at once', async () => {
    const { db } = await createTestContext();
    await db.insert(companies).values({ id: 'c', name: 'Counted' });
    const versions = await Promise.all(Array.from({ length: 20 }, () => transaction(db, (tx) => nextVersion(tx, 'c'))));
    expect([...versions].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('hands the version taken with the lock to the first write after it, and numbers the next ones on', async () => {
    const { db } = await createTestContext();
    await db.insert(companies).values({ id: 'c', name: 'Counted', version: 7 });
    const versions = await transaction(db, async (tx) => {
      await lockCompanyTakingVersion(tx, 'c');
      return [await nextVersion(tx, 'c'), await nextVersion(tx, 'c')];
    });
    expect(versions).toEqual([8, 9]);
    expect((await first(db.select({ version: companies.version }).from(companies)))?.version).toBe(9);
  });

  it.runIf(testEngine === 'sqlite')('commits a durable transaction at synchronous=FULL and returns to NORMAL after', async () => {
    const { db } = await createTestContext();
    const level = async () => (await rows<{ synchronous: number }>(db, sql`PRAGMA synchronous`))[0]?.synchronous;
    const during = await transaction(db, () => level(), { durable: true });
    expect(during).toBe(2); // FULL
    expect(await level()).toBe(1); // NORMAL
    await expect(transaction(db, async () => Promise.reject(new Error('no')), { durable: true })).rejects.toThrow('no');
    expect(await level()).toBe(1);
  });

  it.runIf(testEngine === 'sqlite')('refuses a SQLite transaction that waits on something other than the database', async () => {
    const { db } = await createTestContext();
    await expect(
      transaction(db, async (tx) => {
        await tx.insert(companies).values({ id: 'slow', name: 'Slow' });
        await new Promise((resolve) => setTimeout(resolve, 5));
      }),
    ).rejects.toThrow(/awaited something other than the database/);
    expect(await db.select().from(companies)).toEqual([]);
  });
});
