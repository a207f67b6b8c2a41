// Prepared statements run on the connection of the handle they are asked for, and are built once per connection.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openTestDatabase, testEngine } from '../test/harness.ts';
import { transaction } from './client.ts';
import { preparedFor } from './prepared.ts';
import { companies } from './schema.ts';

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
});
