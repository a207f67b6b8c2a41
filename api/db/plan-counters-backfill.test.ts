// Migration 0010 (SQLite) / 0005 (PostgreSQL): the maintained counters (decision 008) filled from the
// rows that exist, by the same rules the API keeps them with (progress rounding, UTC months and days).
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectCountersMatchRecount } from '../stats/counter-recount.ts';
import { createTestContext, testEngine } from '../test/harness.ts';
import { migrationFile, runMigrationData } from '../test/migration-data.ts';
import { companyCompletionMonths, companyTemplateStats, onboardingPlans, onboardingTasks, templates } from './schema.ts';

const MIGRATION = migrationFile('0010_plan_progress_backfill', '0005_plan_progress_backfill');

describe(`plan counters backfill (${testEngine})`, () => {
  it('counts every plan’s live tasks and sums each company’s live plans as the API does', async () => {
    const ctx = await createTestContext();
    const acme = await ctx.createCompany('Acme');
    const other = await ctx.createCompany('Other');
    const [template] = await ctx.db.insert(templates).values({ companyId: acme.company.id, title: 'Track', createdBy: acme.admin.id }).returning();
    if (!template) throw new Error('template not inserted');

    // Plans as rows written before the counters existed (their counters at the default 0).
    const plan = async (
      companyId: string,
      newHireId: string,
      options: { total: number; done: number; deletedTasks?: number; completedAt?: string; deleted?: boolean; templateId?: string | null },
    ) => {
      const [row] = await ctx.db
        .insert(onboardingPlans)
        .values({
          companyId,
          newHireId,
          templateId: options.templateId === undefined ? template.id : options.templateId,
          startDate: '2026-01-05',
          isCompleted: options.completedAt !== undefined,
          completedAt: options.completedAt ?? null,
          deletedAt: options.deleted ? '2026-02-01T00:00:00.000Z' : null,
        })
        .returning();
      if (!row) throw new Error('plan not inserted');
      const tasks = Array.from({ length: options.total + (options.deletedTasks ?? 0) }, (_, index) => ({
        planId: row.id,
        companyId,
        title: `Task ${index + 1}`,
        type: 'checklist' as const,
        order: index,
        isCompleted: index < options.done,
        deletedAt: index >= options.total ? '2026-02-01T00:00:00.000Z' : null,
      }));
      if (tasks.length) await ctx.db.insert(onboardingTasks).values(tasks);
      return row;
    };
    // 29 of 200 is 14.4999... in floating point: Math.round gives 14, where rounding the exact 14.5 would give 15.
    await plan(acme.company.id, acme.newHire.id, { total: 200, done: 29 });
    // 1 of 8 is 12.5: halves round up, to 13.
    await plan(acme.company.id, acme.newHire.id, { total: 8, done: 1, deletedTasks: 3 });
    await plan(acme.company.id, acme.newHire.id, { total: 2, done: 2, completedAt: '2026-02-28T23:59:59.999Z' });
    await plan(acme.company.id, acme.newHire.id, { total: 2, done: 2, completedAt: '2026-03-01T00:00:00.000Z', templateId: null });
    await plan(acme.company.id, acme.newHire.id, { total: 0, done: 0 });
    await plan(acme.company.id, acme.newHire.id, { total: 3, done: 1, deleted: true });
    await plan(other.company.id, other.newHire.id, { total: 5, done: 4, templateId: null });
    // Stale rows the backfill must not keep.
    await ctx.db.insert(companyTemplateStats).values({ companyId: acme.company.id, templateId: 'gone', plans: 7 });
    await ctx.db.insert(companyCompletionMonths).values({ companyId: acme.company.id, month: '2020-01', completed: 3 });

    await runMigrationData(ctx.db, MIGRATION);
    // The new hire's own part, counted by a later migration (all these tasks are the new hire's).
    await runMigrationData(ctx.db, migrationFile('0011_team_workflow', '0006_team_workflow'));

    await expectCountersMatchRecount(ctx.db, acme.company.id);
    await expectCountersMatchRecount(ctx.db, other.company.id);
    const stored = await ctx.db.select().from(companyTemplateStats).where(eq(companyTemplateStats.companyId, acme.company.id));
    // 14 + 13 + 0 + 100 percent; the deleted plan and the deleted tasks count nowhere; 54 days to complete.
    expect(stored.find((row) => row.templateId === template.id)).toMatchObject({
      plans: 4,
      completed: 1,
      progressSum: 127,
      tasksTotal: 210,
      tasksDone: 32,
      progressUpTo25: 3,
      progressAbove75: 1,
      daysToCompleteSum: 54,
      daysToCompleteCount: 1,
    });
    expect(stored.find((row) => row.templateId === '')).toMatchObject({ plans: 1, completed: 1, daysToCompleteSum: 55 });
    expect(stored.some((row) => row.templateId === 'gone')).toBe(false);
    const months = await ctx.db.select().from(companyCompletionMonths).where(eq(companyCompletionMonths.companyId, acme.company.id));
    expect(Object.fromEntries(months.map((row) => [row.month, row.completed]))).toEqual({ '2026-02': 1, '2026-03': 1 });
  });
});
