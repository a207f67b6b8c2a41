// The weekly summary of stuck plans: on Monday mornings, to each admin (every plan of the company) and
// manager (the plans they manage) who can see a plan with a task overdue for more than STUCK_AFTER_DAYS.
import { and, asc, eq, inArray, lt, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { createElement } from 'react';
import { STUCK_AFTER_DAYS } from '../../shared/notifications.ts';
import { canSeePlan } from '../../shared/onboarding.ts';
import { daysBetween } from '../../shared/plan-calendar.ts';
import { fillPlaceholders, nameOf } from '../../shared/placeholders.ts';
import { progressFromCounts, type Progress } from '../../shared/progress.ts';
import { dashboardPathFor } from '../../shared/roles.ts';
import type { Db } from '../db/client.ts';
import { onboardingPlans, onboardingTasks, users } from '../db/schema.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { renderMail } from '../mail/render-mail.ts';
import { optedOut } from '../notifications/preferences.queries.ts';
import { unsubscribeLinks } from '../notifications/unsubscribe-token.ts';
import { placeholderValuesByPlan } from '../onboarding/plan-parties.ts';
import { WeeklySummaryMail } from './mails/weekly-summary-mail.tsx';
import { alreadyQueued, countOf, firstNameOf, openDatedTaskOfCompany, type ReminderContext, todayOf } from './reminder-context.ts';

export type StuckPlan = {
  id: string;
  newHireId: string;
  managerId: string | null;
  newHireName: string;
  /** The new hire's own tasks, and the whole plan's. */
  newHireProgress: Progress;
  planProgress: Progress;
  overdueTasks: number;
  /** The open task longest past its due date, its title filled for the plan. */
  oldestOverdue: { title: string; dueDate: string; daysOverdue: number };
};

const planPerson = alias(users, 'summary_plan_person');

/** The company's live plans with a task overdue for more than STUCK_AFTER_DAYS on `today`, the longest stuck first. */
export async function findStuckPlans(db: Db, companyId: string, today: string): Promise<StuckPlan[]> {
  const rows = await db
    .select({
      task: { title: onboardingTasks.title, dueDate: onboardingTasks.dueDate },
      plan: {
        id: onboardingPlans.id,
        newHireId: onboardingPlans.newHireId,
        managerId: onboardingPlans.managerId,
        tasksDone: onboardingPlans.tasksDone,
        tasksTotal: onboardingPlans.tasksTotal,
        newHireTasksDone: onboardingPlans.newHireTasksDone,
        newHireTasksTotal: onboardingPlans.newHireTasksTotal,
      },
      person: { email: planPerson.email, fullName: planPerson.fullName, firstName: planPerson.firstName, lastName: planPerson.lastName },
    })
    .from(onboardingTasks)
    .innerJoin(onboardingPlans, eq(onboardingPlans.id, onboardingTasks.planId))
    .innerJoin(planPerson, eq(planPerson.id, onboardingPlans.newHireId))
    .where(and(openDatedTaskOfCompany(companyId), lt(onboardingTasks.dueDate, today)))
    .orderBy(asc(onboardingTasks.planId), asc(onboardingTasks.dueDate), asc(onboardingTasks.order), asc(onboardingTasks.id));

  const overdueByPlan = new Map<string, typeof rows>();
  for (const row of rows) overdueByPlan.set(row.plan.id, [...(overdueByPlan.get(row.plan.id) ?? []), row]);
  const stuck = [...overdueByPlan.values()].filter(([oldest]) => oldest?.task.dueDate && daysBetween(oldest.task.dueDate, today) > STUCK_AFTER_DAYS);
  const values = await placeholderValuesByPlan(
    db,
    stuck.map(([oldest]) => oldest?.plan.id ?? ''),
  );
  return stuck
    .flatMap((overdue) => {
      const [oldest] = overdue;
      if (!oldest?.task.dueDate) return [];
      const { plan } = oldest;
      const planValues = values.get(plan.id);
      return [
        {
          id: plan.id,
          newHireId: plan.newHireId,
          managerId: plan.managerId,
          newHireName: nameOf(oldest.person, oldest.person.email),
          newHireProgress: progressFromCounts(plan.newHireTasksDone, plan.newHireTasksTotal),
          planProgress: progressFromCounts(plan.tasksDone, plan.tasksTotal),
          overdueTasks: overdue.length,
          oldestOverdue: {
            title: planValues ? fillPlaceholders(oldest.task.title, planValues) : oldest.task.title,
            dueDate: oldest.task.dueDate,
            daysOverdue: daysBetween(oldest.task.dueDate, today),
          },
        },
      ];
    })
    .sort((a, b) => b.oldestOverdue.daysOverdue - a.oldestOverdue.daysOverdue || a.newHireName.localeCompare(b.newHireName));
}

export function weeklySummarySubject(plans: readonly StuckPlan[]): string {
  return `Stuck onboarding: ${countOf(plans.length, 'plan')} ${plans.length === 1 ? 'needs' : 'need'} attention`;
}

/** Queues this week's summary to every admin and manager who can see a stuck plan; once per person and day. */
export async function sendWeeklySummaries(ctx: ReminderContext): Promise<{ enqueued: number }> {
  const { db, companyId, appUrl } = ctx;
  const today = todayOf(ctx);
  const stuck = await findStuckPlans(db, companyId, today);
  if (stuck.length === 0) return { enqueued: 0 };

  const managerIds = [...new Set(stuck.flatMap((plan) => (plan.managerId ? [plan.managerId] : [])))];
  const staff = await db
    .select({ id: users.id, email: users.email, role: users.role, firstName: users.firstName, fullName: users.fullName })
    .from(users)
    .where(and(eq(users.companyId, companyId), or(eq(users.role, 'admin'), managerIds.length ? and(eq(users.role, 'manager'), inArray(users.id, managerIds)) : undefined)))
    .orderBy(asc(users.id));
  const off = await optedOut(
    db,
    'weekly_summary',
    staff.map((person) => person.id),
  );
  const key = (userId: string) => `weekly_summary:${userId}:${today}`;
  const queued = await alreadyQueued(
    db,
    staff.map((person) => key(person.id)),
  );

  let enqueued = 0;
  for (const person of staff) {
    const plans = stuck.filter((plan) => canSeePlan(person, plan));
    if (plans.length === 0 || off.has(person.id) || queued.has(key(person.id))) continue;
    const unsubscribe = await unsubscribeLinks(db, appUrl, person.id, 'weekly_summary');
    const element = createElement(WeeklySummaryMail, {
      name: firstNameOf(person),
      plans,
      planUrl: (planId: string) => `${appUrl}/preview-plan/${planId}`,
      dashboardUrl: `${appUrl}${dashboardPathFor(person.role)}`,
      unsubscribeUrl: unsubscribe.pageUrl,
    });
    const mail = await renderMail(element, { to: person.email, subject: weeklySummarySubject(plans), unsubscribe });
    if (await enqueueEmail(db, { kind: 'weekly_summary', to: person.email, userId: person.id, companyId, dedupeKey: key(person.id), mail })) enqueued += 1;
  }
  return { enqueued };
}
