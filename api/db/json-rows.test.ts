// jsonRows hands a select's rows over inside another statement (the sync pull's one statement): they must
// be the rows the select answers alone, decoded by the same columns, in the order asked for.
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { createTeamMember } from '../auth/auth.queries.ts';
import { createTestContext, TEST_PASSWORD_HASH } from '../test/harness.ts';
import { jsonRows } from './json-rows.ts';
import { companies, users } from './schema.ts';

describe('jsonRows', () => {
  it('answers the rows the select answers alone: text, numbers, booleans, timestamps, JSON and nulls, in the named order', async () => {
    const ctx = await createTestContext();
    const acme = await ctx.createCompany('Acme "Ünïcode" \\ Ltd');
    await ctx.db
      .update(companies)
      .set({ helpfulResources: [{ label: 'Wiki "main" \\ ü', url: 'https://example.com/ü?a=1&b=2' }] })
      .where(eq(companies.id, acme.company.id));
    await ctx.createCompany('Other');
    // Added last, sorted first: the order comes from the order asked for, not the order of insertion.
    const first = await createTeamMember(ctx.db, { companyId: acme.company.id, email: 'aaron@acme.test', fullName: 'Aaron', role: 'manager', passwordHash: TEST_PASSWORD_HASH });
    const manager = alias(users, 'manager');
    const people = () =>
      ctx.db
        .select({
          email: users.email,
          role: users.role,
          verified: users.isEmailVerified,
          createdAt: users.createdAt,
          managerEmail: manager.email,
          companyName: companies.name,
          resources: companies.helpfulResources,
          version: companies.version,
        })
        .from(users)
        .innerJoin(companies, eq(companies.id, users.companyId))
        .leftJoin(manager, eq(manager.id, users.managerId))
        .where(eq(users.companyId, sql.placeholder('companyId')));

    const alone = await people().orderBy(users.email).prepare('test.jsonRows.alone').execute({ companyId: acme.company.id });
    const [together] = await ctx.db
      .select({ people: jsonRows(ctx.db, people(), ['email']) })
      .from(companies)
      .where(eq(companies.id, sql.placeholder('companyId')))
      .prepare('test.jsonRows.together')
      .execute({ companyId: acme.company.id });

    expect(alone.map((person) => person.email)).toEqual([first.email, acme.admin.email, acme.manager.email, acme.newHire.email]);
    expect(alone[0]).toMatchObject({ managerEmail: null, verified: false });
    expect(alone.find((person) => person.email === acme.newHire.email)).toMatchObject({ managerEmail: acme.manager.email, verified: true });
    expect(alone[0]!.resources).toEqual([{ label: 'Wiki "main" \\ ü', url: 'https://example.com/ü?a=1&b=2' }]);
    expect(alone[0]!.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(together!.people).toEqual(alone);
  });

  it('answers an empty list when the select finds nothing', async () => {
    const ctx = await createTestContext();
    const acme = await ctx.createCompany();
    const nobody = ctx.db.select({ email: users.email }).from(users).where(eq(users.email, 'nobody@example.com'));
    const [row] = await ctx.db
      .select({ people: jsonRows(ctx.db, nobody, ['email']) })
      .from(companies)
      .where(eq(companies.id, acme.company.id));
    expect(row!.people).toEqual([]);
  });
});
