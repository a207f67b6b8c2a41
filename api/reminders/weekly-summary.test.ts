// The weekly summary of stuck plans: which plans are stuck, who hears of which, and once per week's run.
import { beforeEach, describe, expect, it } from 'vitest';
import type { SectionSpec } from '../onboarding/test-fixtures.ts';
import { setPreference } from '../notifications/preferences.queries.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { APP_URL, queuedMails, reminderCompany, setTask } from './reminder-fixtures.ts';
import { findStuckPlans, sendWeeklySummaries } from './weekly-summary.ts';

let ctx: TestContext;
let acme: Awaited<ReturnType<typeof reminderCompany>>;
let plans: { laptop: string; lunch: string; fresh: string };
let secondManager: Awaited<ReturnType<(typeof acme)['member']>>;

// Monday 30 November 2026: a task is stuck once due before 27 November (overdue by more than 3 days).
const MONDAY = new Date('2026-11-30T08:00:00Z');
const summaries = (now = MONDAY, company = acme) => sendWeeklySummaries({ db: ctx.db, now, companyId: company.id, timeZone: company.timeZone, appUrl: APP_URL });

const sections: SectionSpec[] = [
  {
    title: 'Week 1',
    dayStart: 1,
    dayEnd: 7,
    order: 1,
    tasks: [{ title: 'Order a laptop for {{first_name}}', assigneeKind: 'manager' }, 'Read the handbook', 'Welcome chat'],
  },
];

beforeEach(async () => {
  ctx = await createTestContext();
  acme = await reminderCompany(ctx, 'Acme');
  secondManager = await acme.member('manager', 'Mia Second');
  const ana = await acme.member('new_hire', 'Ana Laptop', acme.manager.id);
  const ben = await acme.member('new_hire', 'Ben Lunch', secondManager.id);
  const cy = await acme.member('new_hire', 'Cy Fresh', acme.manager.id);
  const laptop = await acme.plan(ana, { startDate: '2026-11-16', managerId: acme.manager.id, sections });
  const lunch = await acme.plan(ben, { startDate: '2026-11-16', managerId: secondManager.id, sections });
  const fresh = await acme.plan(cy, { startDate: '2026-11-16', managerId: acme.manager.id, sections });
  plans = { laptop: laptop.id, lunch: lunch.id, fresh: fresh.id };

  // Ana's plan: the laptop is 10 days overdue (stuck), the handbook 1 day; the chat is done.
  await setTask(ctx, laptop.id, 'Order a laptop for {{first_name}}', { dueDate: '2026-11-20' });
  await setTask(ctx, laptop.id, 'Read the handbook', { dueDate: '2026-11-29' });
  await setTask(ctx, laptop.id, 'Welcome chat', { dueDate: '2026-11-18', isCompleted: true, completedAt: '2026-11-18T10:00:00.000Z' });
  // Ben's plan: the handbook is 5 days overdue (stuck).
  for (const title of ['Order a laptop for {{first_name}}', 'Welcome chat']) await setTask(ctx, lunch.id, title, { dueDate: '2026-12-04' });
  await setTask(ctx, lunch.id, 'Read the handbook', { dueDate: '2026-11-25' });
  // Cy's plan: overdue by exactly 3 days, and a task overdue for weeks but done: not stuck.
  await setTask(ctx, fresh.id, 'Order a laptop for {{first_name}}', { dueDate: '2026-11-27' });
  await setTask(ctx, fresh.id, 'Read the handbook', { dueDate: '2026-12-04' });
  await setTask(ctx, fresh.id, 'Welcome chat', { dueDate: '2026-11-01', isCompleted: true, completedAt: '2026-11-01T10:00:00.000Z' });
});

describe('findStuckPlans', () => {
  it('finds plans with a task overdue for more than 3 days, longest stuck first, with progress and the oldest task', async () => {
    const stuck = await findStuckPlans(ctx.db, acme.id, '2026-11-30');
    expect(stuck.map((plan) => plan.id)).toEqual([plans.laptop, plans.lunch]);
    expect(stuck[0]).toMatchObject({
      newHireName: 'Ana Laptop',
      newHireProgress: { completedTasks: 1, totalTasks: 2, progressPercentage: 50 },
      planProgress: { completedTasks: 1, totalTasks: 3, progressPercentage: 33 },
      overdueTasks: 2,
      oldestOverdue: { title: 'Order a laptop for Ana', dueDate: '2026-11-20', daysOverdue: 10 },
    });
  });
});

describe('sendWeeklySummaries', () => {
  it('mails admins every stuck plan and each manager only the plans they manage', async () => {
    expect(await summaries()).toEqual({ enqueued: 3 });
    const mails = await queuedMails(ctx, 'weekly_summary');
    const to = (userId: string) => mails.find((queued) => queued.userId === userId);

    const admin = to(acme.admin.id);
    expect(admin?.dedupeKey).toBe(`weekly_summary:${acme.admin.id}:2026-11-30`);
    expect(admin?.mail.subject).toBe('Stuck onboarding: 2 plans need attention');
    const adminText = admin?.mail.text ?? '';
    expect(adminText.indexOf('Ana Laptop')).toBeLessThan(adminText.indexOf('Ben Lunch'));
    expect(adminText).toContain('Their tasks: 1 of 2 done (50%) · Whole plan: 1 of 3 done (33%)');
    expect(adminText).toContain('2 tasks overdue; the oldest: “Order a laptop for Ana”, due Fri 20 Nov (10 days ago)');
    expect(adminText).toContain(`${APP_URL}/preview-plan/${plans.laptop}`);
    expect(adminText).toContain(`${APP_URL}/preview-plan/${plans.lunch}`);
    expect(adminText).not.toContain('Cy Fresh');
    expect(admin?.mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

    const manager = to(acme.manager.id);
    expect(manager?.mail.subject).toBe('Stuck onboarding: 1 plan needs attention');
    expect(manager?.mail.text).toContain('Ana Laptop');
    expect(manager?.mail.text).not.toContain('Ben Lunch');
    expect(manager?.mail.text).toContain(`${APP_URL}/manager-dashboard`);

    const second = to(secondManager.id);
    expect(second?.mail.text).toContain('Ben Lunch');
    expect(second?.mail.text).not.toContain('Ana Laptop');
    expect(mails).toHaveLength(3);
  });

  it('sends nothing when no plan is stuck, and once per run day', async () => {
    // The Monday before, nothing was overdue for more than 3 days.
    expect(await summaries(new Date('2026-11-23T08:00:00Z'))).toEqual({ enqueued: 0 });
    expect(await queuedMails(ctx)).toEqual([]);

    expect(await summaries()).toEqual({ enqueued: 3 });
    expect(await summaries(new Date('2026-11-30T09:00:00Z'))).toEqual({ enqueued: 0 });
    expect(await queuedMails(ctx)).toHaveLength(3);
  });

  it('leaves out whoever turned the summary off, and other companies', async () => {
    const other = await reminderCompany(ctx, 'Other');
    await setPreference(ctx.db, acme.admin, 'weekly_summary', false);
    expect(await summaries(MONDAY, other)).toEqual({ enqueued: 0 });
    expect(await summaries()).toEqual({ enqueued: 2 });
    expect((await queuedMails(ctx)).map((queued) => queued.userId).sort()).toEqual([acme.manager.id, secondManager.id].sort());
  });
});
