// Migration 0011 (SQLite) / 0006 (PostgreSQL): tasks made before assignees existed become the new hire's,
// their window's first day becomes a date, the new hire's part counts the whole plan, and the rows get a
// fresh company version so devices pull the new fields.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestContext, testEngine } from '../test/harness.ts';
import { migrationFile, runMigrationData } from '../test/migration-data.ts';
import { companies, onboardingPlans, onboardingTasks } from './schema.ts';

const MIGRATION = migrationFile('0011_team_workflow', '0006_team_workflow');

describe(`team workflow backfill (${testEngine})`, () => {
  it('gives every existing task to its plan’s new hire with the date its window opens', async () => {
    const ctx = await createTestContext();
    const acme = await ctx.createCompany('Acme');
    const [plan] = await ctx.db
      .insert(onboardingPlans)
      .values({ companyId: acme.company.id, newHireId: acme.newHire.id, startDate: '2026-12-07', tasksTotal: 2, tasksDone: 1 })
      .returning();
    if (!plan) throw new Error('plan not inserted');
    await ctx.db.insert(onboardingTasks).values([
      { planId: plan.id, companyId: acme.company.id, title: 'Week one', type: 'checklist', order: 0, dayStart: 1, dayEnd: 7, isCompleted: true },
      { planId: plan.id, companyId: acme.company.id, title: 'Month two', type: 'checklist', order: 1, dayStart: 31, dayEnd: 60 },
      { planId: plan.id, companyId: acme.company.id, title: 'No window', type: 'checklist', order: 2 },
    ]);
    // Rows as written before the migration: no assignee, no opening date.
    await ctx.db.update(onboardingTasks).set({ assigneeId: null, opensOn: null }).where(eq(onboardingTasks.planId, plan.id));
    const [before] = await ctx.db.select({ version: companies.version }).from(companies).where(eq(companies.id, acme.company.id));

    await runMigrationData(ctx.db, MIGRATION);

    const [after] = await ctx.db.select({ version: companies.version }).from(companies).where(eq(companies.id, acme.company.id));
    expect(after!.version).toBe(before!.version + 1);
    const tasks = await ctx.db.select().from(onboardingTasks).where(eq(onboardingTasks.planId, plan.id)).orderBy(onboardingTasks.order);
    expect(tasks.map((task) => [task.assigneeKind, task.assigneeId, task.opensOn, task.version])).toEqual([
      ['new_hire', acme.newHire.id, '2026-12-07', after!.version],
      ['new_hire', acme.newHire.id, '2027-01-06', after!.version],
      ['new_hire', acme.newHire.id, null, after!.version],
    ]);
    const [counted] = await ctx.db.select().from(onboardingPlans).where(eq(onboardingPlans.id, plan.id));
    expect(counted).toMatchObject({ newHireTasksTotal: 2, newHireTasksDone: 1, version: after!.version });
  });
});
