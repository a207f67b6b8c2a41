// Prepared statements run on the connection of the handle they are asked for, and are built once per connection.
import { asc, count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openTestDatabase, testEngine } from '../test/harness.ts';
import { transaction } from './client.ts';
import { flatRows, preparedFor } from './prepared.ts';
import { companies, onboardingPlans, users } from './schema.ts';

describe(`prepared statements on ${testEngine}`, () => {
  it('see a transaction’s own uncommitted writes, and are reused by later transactions', async () => {
    const { db } = await openTestDatabase();
    let builds = 0;
    const statements = preparedFor((handle) => {
      builds += 1;
      return {
        companyName: handle
          .select({ name: companies.name })
          .from(companies)
          .where(eq(companies.id, sql.placeholder('id')))
          .prepare('prepared_test.company_name'),
      };
    });

    for (let round = 0; round < 10; round++) {
      const id = `prepared-${round}`;
      await expect(
        transaction(db, async (tx) => {
          await tx.insert(companies).values({ id, name: `Round ${round}` });
          // On PostgreSQL a statement prepared on the pool would not see this uncommitted row.
          expect(await statements(tx).companyName.execute({ id })).toEqual([{ name: `Round ${round}` }]);
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      expect(await statements(db).companyName.execute({ id })).toEqual([]);
    }
    // One connection on SQLite; on PostgreSQL the pool and the pooled clients (4 in tests) that held a transaction.
    expect(builds).toBeLessThanOrEqual(testEngine === 'sqlite' ? 1 : 1 + 4);
  });

  it('map flat rows as drizzle does: JSON, booleans, numbers, timestamps, nulls and SQL fields alike', async () => {
    const { db } = await openTestDatabase();
    await db.insert(companies).values([
      { id: 'flat-a', name: 'A', helpfulResources: [{ label: 'Handbook', url: 'https://example.com' }] },
      { id: 'flat-b', name: 'B', city: 'Colombo' },
    ]);
    await db.insert(users).values({ id: 'flat-user', email: 'flat@example.com', role: 'admin', companyId: 'flat-a', isEmailVerified: true });
    const selection = {
      id: companies.id,
      city: companies.city,
      helpfulResources: companies.helpfulResources,
      version: companies.version,
      createdAt: companies.createdAt,
      verified: users.isEmailVerified,
      people: sql<number>`(select ${count()} from ${users} where ${users.companyId} = ${companies.id})`.mapWith(Number),
    };
    const query = (handle: typeof db, name: string) =>
      handle
        .select(selection)
        .from(companies)
        .leftJoin(users, eq(users.companyId, companies.id))
        .where(sql`${companies.id} like 'flat-%'`)
        .orderBy(asc(companies.id))
        .prepare(name);
    const drizzleRows = await query(db, 'prepared_test.flat_drizzle').execute();
    const flat = await flatRows(query(db, 'prepared_test.flat_rows')).execute();
    expect(drizzleRows).toHaveLength(2);
    expect(flat).toEqual(drizzleRows);
    expect(JSON.stringify(flat)).toBe(JSON.stringify(drizzleRows));
    expect(flat[0]).toMatchObject({ verified: true, people: 1, helpfulResources: [{ label: 'Handbook' }] });
    expect(flat[1]).toMatchObject({ verified: null, people: 0, helpfulResources: null, city: 'Colombo' });
  });

  it('refuse a selection with nested objects, whose nulls drizzle decides per joined table', async () => {
    const { db } = await openTestDatabase();
    const nested = db
      .select({ plan: { id: onboardingPlans.id } })
      .from(onboardingPlans)
      .prepare('prepared_test.nested');
    expect(() => flatRows(nested)).toThrow('flat columns');
  });
});
