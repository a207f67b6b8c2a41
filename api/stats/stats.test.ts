import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CompanyStats } from '../../shared/stats.ts';
import { addDays } from '../../shared/plan-calendar.ts';
import { createTeamMember } from '../auth/auth.queries.ts';
import { first, openDatabase, transaction } from '../db/client.ts';
import { onboardingPlans, onboardingTasks, templates } from '../db/schema.ts';
import { asCurrentUser } from '../lib/env.ts';
import { apiOver, createTestContext, TEST_PASSWORD_HASH, testEngine } from '../test/harness.ts';
import { setTaskCompleted } from '../onboarding/tasks.queries.ts';
import { expectCountersMatchRecount, rebuildCounters } from './counter-recount.ts';
import { getCompanyStats } from './stats.queries.ts';

const ctx = await createTestContext();
const { db } = ctx;

function person(companyId: string, label: string, role: 'manager' | 'new_hire') {
  return createTeamMember(db, {
    companyId,
    email: `${label}-${crypto.randomUUID().slice(0, 6)}@stats.test`,
    fullName: label,
    role,
    passwordHash: TEST_PASSWORD_HASH,
    isEmailVerified: true,
  });
}

async function template(companyId: string, title: string, createdBy: string, extra: { isActive?: boolean; deletedAt?: string } = {}) {
  const [row] = await db
    .insert(templates)
    .values({ companyId, title, createdBy, ...extra })
    .returning();
  if (!row) throw new Error('template not inserted');
  return row;
}

/** A plan with `total` tasks of which `done` are completed, written straight to the tables (its counters rebuilt). */
async function plan(options: {
  companyId: string;
  newHireId: string;
  templateId: string;
  managerId: string | null;
  total: number;
  done: number;
  completedAt?: string;
  startDate?: string;
  deletedAt?: string;
}) {
  const [row] = await db
    .insert(onboardingPlans)
    .values({
      companyId: options.companyId,
      newHireId: options.newHireId,
      templateId: options.templateId,
      managerId: options.managerId,
      startDate: options.startDate ?? '2026-01-05',
      isCompleted: options.completedAt !== undefined,
      completedAt: options.completedAt ?? null,
      deletedAt: options.deletedAt ?? null,
    })
    .returning();
  if (!row) throw new Error('plan not inserted');
  if (options.total > 0) {
    await db.insert(onboardingTasks).values(
      Array.from({ length: options.total }, (_, index) => ({
        planId: row.id,
        companyId: options.companyId,
        title: `Task ${index + 1}`,
        type: 'checklist' as const,
        order: index,
        isCompleted: index < options.done,
      })),
    );
  }
  await rebuildCounters(db, options.companyId);
  return row;
}

// A small company with known figures (see the expectations below), and another company beside it.
const acme = await ctx.createCompany('Acme');
const companyId = acme.company.id;
const managerTwo = await person(companyId, 'Manager Two', 'manager');
const hireTwo = await person(companyId, 'Hire Two', 'new_hire');
const hireThree = await person(companyId, 'Hire Three', 'new_hire');
const hireFour = await person(companyId, 'Hire Four', 'new_hire');
const alpha = await template(companyId, 'Alpha Track', acme.manager.id);
const beta = await template(companyId, 'Beta Track', acme.admin.id);
await template(companyId, 'Draft Track', acme.admin.id, { isActive: false });
await template(companyId, 'Gone Track', acme.admin.id, { deletedAt: new Date().toISOString() });

const completedAt = new Date().toISOString();
const startedTenDaysEarlier = addDays(completedAt.slice(0, 10), -10);
const planOne = await plan({
  companyId,
  newHireId: acme.newHire.id,
  templateId: alpha.id,
  managerId: acme.manager.id,
  total: 4,
  done: 4,
  completedAt,
  startDate: startedTenDaysEarlier,
});
const planTwo = await plan({ companyId, newHireId: hireTwo.id, templateId: alpha.id, managerId: managerTwo.id, total: 4, done: 1 });
const planThree = await plan({ companyId, newHireId: hireThree.id, templateId: beta.id, managerId: acme.manager.id, total: 2, done: 1 });
await plan({ companyId, newHireId: hireFour.id, templateId: beta.id, managerId: managerTwo.id, total: 0, done: 0 });
await plan({ companyId, newHireId: hireTwo.id, templateId: beta.id, managerId: null, total: 0, done: 0 });
await plan({ companyId, newHireId: hireFour.id, templateId: alpha.id, managerId: acme.manager.id, total: 3, done: 3, deletedAt: completedAt });

const other = await ctx.createCompany('Other');
const otherTemplate = await template(other.company.id, 'Other Track', other.admin.id);
await plan({ companyId: other.company.id, newHireId: other.newHire.id, templateId: otherTemplate.id, managerId: other.manager.id, total: 2, done: 2, completedAt });

const statsPath = (id: string) => `/api/companies/${id}/stats`;

describe('GET /api/companies/{companyId}/stats', () => {
  it('gives an admin the exact company figures', async () => {
    const res = await ctx.request(statsPath(companyId), { cookie: acme.cookies.admin });
    expect(res.status).toBe(200);
    const stats = res.body as CompanyStats;
    expect(stats.scope).toBe('company');
    expect(stats.company).toEqual({ id: companyId, name: 'Acme', planType: 'starter' });
    expect(stats.teamDistribution).toEqual({ admin: 1, manager: 2, new_hire: 4 });
    expect(stats).toMatchObject({ totalUsers: 7, managers: 2, newHires: 4 });
    // 5 live plans (the deleted one and the other company's are left out), 1 completed.
    expect(stats).toMatchObject({ totalPlans: 5, activeOnboardings: 4, completedOnboardings: 1, templates: 3 });
    expect(stats.successRate).toBe(20);
    // Progress per plan 100, 25, 50, 0, 0 -> 35; tasks 6 of 10 done.
    expect(stats.averageProgress).toBe(35);
    expect(stats.taskCompletionRate).toBe(60);
    expect(stats.averageDaysToComplete).toBe(10);
    expect(stats.progressDistribution).toEqual([
      { range: '0-25', plans: 3 },
      { range: '26-50', plans: 1 },
      { range: '51-75', plans: 0 },
      { range: '76-100', plans: 1 },
    ]);
    expect(stats.mostUsedTemplate).toMatchObject({ templateId: beta.id, title: 'Beta Track', plans: 3 });
    expect(stats.mostEffectiveTemplate).toMatchObject({ templateId: alpha.id, completionRate: 50 });
    expect(stats.plansPerTemplate.map((row) => [row.title, row.plans, row.completed])).toEqual([
      ['Beta Track', 3, 0],
      ['Alpha Track', 2, 1],
    ]);
    expect(stats.completionsByMonth).toHaveLength(6);
    expect(stats.completionsByMonth.at(-1)).toEqual({ month: completedAt.slice(0, 7), completed: 1 });
    expect(stats.completionsByMonth.reduce((total, month) => total + month.completed, 0)).toBe(1);
    expect(stats.recentActivity).toHaveLength(5);
  });

  it('gives a manager only the plans they manage', async () => {
    const res = await ctx.request(statsPath(companyId), { cookie: acme.cookies.manager });
    expect(res.status).toBe(200);
    const stats = res.body as CompanyStats;
    expect(stats.scope).toBe('team');
    expect(stats).toMatchObject({ totalPlans: 2, activeOnboardings: 1, completedOnboardings: 1, newHires: 2, templates: 1 });
    expect(stats.successRate).toBe(50);
    expect(stats.averageProgress).toBe(75);
    expect(stats.taskCompletionRate).toBe(83);
    expect(stats.recentActivity.map((row) => row.planId).sort()).toEqual([planOne.id, planThree.id].sort());
    expect(stats.recentActivity.map((row) => row.planId)).not.toContain(planTwo.id);
  });

  it('refuses new hires with 403', async () => {
    const res = await ctx.request(statsPath(companyId), { cookie: acme.cookies.newHire });
    expect(res.status).toBe(403);
  });

  it('answers 404 for another company and 401 when signed out', async () => {
    expect((await ctx.request(statsPath(other.company.id), { cookie: acme.cookies.admin })).status).toBe(404);
    expect((await ctx.request(statsPath(companyId), { cookie: other.cookies.admin })).status).toBe(404);
    expect((await ctx.request(statsPath(companyId))).status).toBe(401);
  });

  it('counts a company with no plans as zeros, not errors', async () => {
    const empty = await ctx.createCompany('Empty');
    const res = await ctx.request(statsPath(empty.company.id), { cookie: empty.cookies.admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ totalPlans: 0, successRate: 0, averageProgress: 0, averageDaysToComplete: null, mostUsedTemplate: null });
  });

  // The figures are kept between reads: a write of any kind must show in the very next read.
  it('shows a ticked task and a new person in the very next read', async () => {
    const read = async () => (await ctx.request(statsPath(companyId), { cookie: acme.cookies.admin })).body as CompanyStats;
    const before = await read();
    expect(await read()).toEqual(before);
    const open = await first(
      db
        .select({ id: onboardingTasks.id })
        .from(onboardingTasks)
        .where(and(eq(onboardingTasks.planId, planTwo.id), eq(onboardingTasks.isCompleted, false))),
    );
    if (!open) throw new Error('planTwo has no open task');
    const ticked = await ctx.request(`/api/onboarding-tasks/${open.id}`, { method: 'PATCH', body: { isCompleted: true }, cookie: acme.cookies.admin });
    expect(ticked.status).toBe(200);
    const afterTick = await read();
    expect(afterTick.taskCompletionRate).toBe(before.taskCompletionRate + 10);
    expect(afterTick.recentActivity.find((row) => row.planId === planTwo.id)?.progressPercentage).toBe(50);

    await person(companyId, 'Hire Five', 'new_hire');
    expect((await read()).totalUsers).toBe(before.totalUsers + 1);
  });

  // Another instance's write reaches this one only through the database: the counters it moved must do.
  it('shows a write made outside this API instance in the next read', async () => {
    const read = async () => (await ctx.request(statsPath(companyId), { cookie: acme.cookies.admin })).body as CompanyStats;
    const before = await read();
    const open = await db
      .select({ id: onboardingTasks.id })
      .from(onboardingTasks)
      .where(and(eq(onboardingTasks.planId, planThree.id), eq(onboardingTasks.isCompleted, false)));
    for (const task of open) await transaction(db, (tx) => setTaskCompleted(tx, asCurrentUser(acme.admin), { taskId: task.id, isCompleted: true }));
    await expectCountersMatchRecount(db, companyId);
    const after = await read();
    // planThree's open task was 1 of the company's 10.
    expect(after.taskCompletionRate).toBe(before.taskCompletionRate + 10);
    expect(after.averageProgress).not.toBe(before.averageProgress);
  });

  it.skipIf(testEngine === 'sqlite')('keeps two API instances on one database in step (PostgreSQL)', async () => {
    const second = await openDatabase(ctx.database.config);
    try {
      const instanceTwo = apiOver(second.db, ctx.config);
      const readOn = async (instance: { request: typeof ctx.request }) => (await instance.request(statsPath(companyId), { cookie: acme.cookies.admin })).body as CompanyStats;
      const before = await readOn(ctx);
      expect(await readOn(instanceTwo)).toEqual(before);
      const hire = await person(companyId, 'Hire Six', 'new_hire');
      await plan({ companyId, newHireId: hire.id, templateId: beta.id, managerId: null, total: 0, done: 0 });
      for (const instance of [ctx, instanceTwo]) expect((await readOn(instance)).totalPlans).toBe(before.totalPlans + 1);
    } finally {
      await second.close();
    }
  });

  // Months are UTC and days whole calendar days on both engines, and progress rounds halves up.
  it('buckets completions by UTC month and counts whole days, the same on every engine', async () => {
    const edges = await ctx.createCompany('Edges');
    const edgeId = edges.company.id;
    const track = await template(edgeId, 'Edge Track', edges.admin.id);
    const hire = edges.newHire.id;
    const at = (completedAt: string, startDate: string) =>
      plan({ companyId: edgeId, newHireId: hire, templateId: track.id, managerId: null, total: 0, done: 0, completedAt, startDate });
    await at('2026-02-28T23:59:59.999Z', '2026-02-18');
    await at('2026-03-01T00:00:00.000Z', '2026-02-27');
    await at('2025-09-30T23:59:59.999Z', '2025-09-29');
    // 1 of 8 and 5 of 8 tasks: 12.5% and 62.5%, which must round to 13 and 63 (not to even).
    await plan({ companyId: edgeId, newHireId: hire, templateId: track.id, managerId: edges.manager.id, total: 8, done: 1 });
    await plan({ companyId: edgeId, newHireId: hire, templateId: track.id, managerId: edges.manager.id, total: 8, done: 5 });

    const now = new Date('2026-03-15T12:00:00.000Z');
    const company = await getCompanyStats(db, asCurrentUser(edges.admin), now);
    expect(company.completionsByMonth).toEqual([
      { month: '2025-10', completed: 0 },
      { month: '2025-11', completed: 0 },
      { month: '2025-12', completed: 0 },
      { month: '2026-01', completed: 0 },
      { month: '2026-02', completed: 1 },
      { month: '2026-03', completed: 1 },
    ]);
    // 10, 2 and 1 days.
    expect(company.averageDaysToComplete).toBe(4.3);
    const team = await getCompanyStats(db, asCurrentUser(edges.manager), now);
    expect(team.averageProgress).toBe(38);
    expect(team.progressDistribution).toEqual([
      { range: '0-25', plans: 1 },
      { range: '26-50', plans: 0 },
      { range: '51-75', plans: 1 },
      { range: '76-100', plans: 0 },
    ]);
  });
});
