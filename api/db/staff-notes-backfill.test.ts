// Migration 0008 (SQLite) / 0003 (PostgreSQL): staff notes written before they had an audience leave
// the new hire's view, on the server and on the devices that already pulled them.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PullResponse } from '../../shared/sync.ts';
import { companies, messages, onboardingPlans } from './schema.ts';
import { createTestContext, testEngine } from '../test/harness.ts';
import { migrationFile, runMigrationData } from '../test/migration-data.ts';

const MIGRATION = migrationFile('0008_staff_notes_backfill', '0003_staff_notes_backfill');

describe(`staff notes backfill (${testEngine})`, () => {
  it('marks old notes between staff as staff notes and removes them from the new hire’s devices', async () => {
    const ctx = await createTestContext();
    const acme = await ctx.createCompany('Acme');
    const [plan] = await ctx.db
      .insert(onboardingPlans)
      .values({ companyId: acme.company.id, newHireId: acme.newHire.id, managerId: acme.manager.id, createdBy: acme.admin.id, startDate: '2026-01-05', version: 1 })
      .returning();
    if (!plan) throw new Error('plan not inserted');
    // As the old code stored them: everything on the plan's thread was 'plan'.
    const message = (senderId: string, receiverId: string, content: string) => ({
      senderId,
      receiverId,
      planId: plan.id,
      companyId: acme.company.id,
      content,
      audience: 'plan' as const,
      version: 1,
    });
    await ctx.db.insert(messages).values([message(acme.manager.id, acme.newHire.id, 'Welcome aboard'), message(acme.admin.id, acme.manager.id, 'Their laptop is late')]);
    await ctx.db.update(companies).set({ version: 1 }).where(eq(companies.id, acme.company.id));

    const clientId = crypto.randomUUID();
    const pull = async (cursor = 0) => (await ctx.request(`/api/sync/pull?clientId=${clientId}&cursor=${cursor}`, { cookie: acme.cookies.newHire })).body as PullResponse;
    const before = await pull();
    expect(before.messages).toHaveLength(2);

    await runMigrationData(ctx.db, MIGRATION);

    const stored = await ctx.db.select({ id: messages.id, content: messages.content, audience: messages.audience }).from(messages);
    expect(new Map(stored.map((row) => [row.content, row.audience]))).toEqual(
      new Map([
        ['Welcome aboard', 'plan'],
        ['Their laptop is late', 'staff'],
      ]),
    );
    const after = await pull(before.cursor);
    const noteId = stored.find((row) => row.content === 'Their laptop is late')?.id;
    expect(after.messages).toEqual([{ id: noteId, deleted: true }]);
    const fresh = (await ctx.request(`/api/sync/pull?clientId=${crypto.randomUUID()}&cursor=0`, { cookie: acme.cookies.newHire })).body as PullResponse;
    expect(fresh.messages.map((row) => ('content' in row ? row.content : row.id))).toEqual(['Welcome aboard']);
  });
});
