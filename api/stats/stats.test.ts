import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CompanyStats } from '../../shared/stats.ts';
import { addDays } from '../../shared/onboarding.ts';
import { createTeamMember } from '../auth/auth.queries.ts';
import { onboardingPlans, onboardingTasks, templates } from '../db/schema.ts';
import { createTestContext, TEST_PASSWORD_HASH } from '../test/harness.ts';

const ctx = createTestContext();
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

function template(companyId: string, title: string, createdBy: string, extra: { isActive?: boolean; deletedAt?: string } = {}) {
  return db.insert(templates).values({ companyId, title, createdBy, ...extra }).returning().get();
}

/** A plan with `total` tasks of which `done` are completed. */
function plan(options: {
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
  const row = db
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
    .returning()
    .get();
  for (let index = 0; index < options.total; index += 1) {
    db.insert(onboardingTasks)
      .values({ planId: row.id, title: `Task ${index + 1}`, type: 'checklist', order: index, isCompleted: index < options.done })
      .run();
  }
  return row;
}

// A small company with known figures (see the expectations below), and another company beside it.
const acme = ctx.createCompany('Acme');
const companyId = acme.company.id;
const managerTwo = person(companyId, 'Manager Two', 'manager');
const hireTwo = person(companyId, 'Hire Two', 'new_hire');
const hireThree = person(companyId, 'Hire Three', 'new_hire');
const hireFour = person(companyId, 'Hire Four', 'new_hire');
const alpha = template(companyId, 'Alpha Track', acme.manager.id);
const beta = template(companyId, 'Beta Track', acme.admin.id);
template(companyId, 'Draft Track', acme.admin.id, { isActive: false });
template(companyId, 'Gone Track', acme.admin.id, { deletedAt: new Date().toISOString() });

const completedAt = new Date().toISOString();
const startedTenDaysEarlier = addDays(completedAt.slice(0, 10), -10);
const planOne = plan({ companyId, newHireId: acme.newHire.id, templateId: alpha.id, managerId: acme.manager.id, total: 4, done: 4, completedAt, startDate: startedTenDaysEarlier });
const planTwo = plan({ companyId, newHireId: hireTwo.id, templateId: alpha.id, managerId: managerTwo.id, total: 4, done: 1 });
const planThree = plan({ companyId, newHireId: hireThree.id, templateId: beta.id, managerId: acme.manager.id, total: 2, done: 1 });
plan({ companyId, newHireId: hireFour.id, templateId: beta.id, managerId: managerTwo.id, total: 0, done: 0 });
plan({ companyId, newHireId: hireTwo.id, templateId: beta.id, managerId: null, total: 0, done: 0 });
plan({ companyId, newHireId: hireFour.id, templateId: alpha.id, managerId: acme.manager.id, total: 3, done: 3, deletedAt: completedAt });

const other = ctx.createCompany('Other');
const otherTemplate = template(other.company.id, 'Other Track', other.admin.id);
plan({ companyId: other.company.id, newHireId: other.newHire.id, templateId: otherTemplate.id, managerId: other.manager.id, total: 2, done: 2, completedAt });

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
    const empty = ctx.createCompany('Empty');
    const res = await ctx.request(statsPath(empty.company.id), { cookie: empty.cookies.admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ totalPlans: 0, successRate: 0, averageProgress: 0, averageDaysToComplete: null, mostUsedTemplate: null });
  });

  // The figures are kept between reads: a write of any kind must show in the very next read.
  it('shows a ticked task and a new person in the very next read', async () => {
    const read = async () => (await ctx.request(statsPath(companyId), { cookie: acme.cookies.admin })).body as CompanyStats;
    const before = await read();
    expect(await read()).toEqual(before);
    const open = db
      .select({ id: onboardingTasks.id })
      .from(onboardingTasks)
      .where(and(eq(onboardingTasks.planId, planTwo.id), eq(onboardingTasks.isCompleted, false)))
      .get();
    if (!open) throw new Error('planTwo has no open task');
    const ticked = await ctx.request(`/api/onboarding-tasks/${open.id}`, { method: 'PATCH', body: { isCompleted: true }, cookie: acme.cookies.admin });
    expect(ticked.status).toBe(200);
    const afterTick = await read();
    expect(afterTick.taskCompletionRate).toBe(before.taskCompletionRate + 10);
    expect(afterTick.recentActivity.find((row) => row.planId === planTwo.id)?.progressPercentage).toBe(50);

    person(companyId, 'Hire Five', 'new_hire');
    expect((await read()).totalUsers).toBe(before.totalUsers + 1);
  });
});
