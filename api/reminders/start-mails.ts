// The mails of a new hire's start: a welcome on the plan's start date, and a note on the day their
// preboarding opens (the first of their own tasks before day 1). Onboarding plans only; each once per plan.
import { and, eq, gt, isNull, min, sql } from 'drizzle-orm';
import { createElement } from 'react';
import type { PlaceholderValues } from '../../shared/placeholders.ts';
import type { Db } from '../db/client.ts';
import { companies, onboardingPlans, onboardingTasks, users } from '../db/schema.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { renderMail } from '../mail/render-mail.ts';
import { optedOut } from '../notifications/preferences.queries.ts';
import { unsubscribeLinks } from '../notifications/unsubscribe-token.ts';
import { placeholderValuesByPlan } from '../onboarding/plan-parties.ts';
import { PreboardingMail, WelcomeMail } from './mails/start-mails.tsx';
import { alreadyQueued, firstNameOf, type ReminderContext, todayOf } from './reminder-context.ts';

export type StartMail = { kind: 'welcome' | 'preboarding'; planId: string; newHire: { id: string; email: string; name: string }; companyName: string; preboardingTasks: number };

const livePlan = (companyId: string) =>
  and(eq(onboardingPlans.companyId, companyId), eq(onboardingPlans.kind, 'onboarding'), isNull(onboardingPlans.deletedAt), eq(onboardingPlans.isCompleted, false));

const newHireColumns = { id: users.id, email: users.email, firstName: users.firstName, fullName: users.fullName };

/** The start mails due on `today`: welcomes for plans starting today, preboarding notes for plans whose first own task before day 1 opens today. */
export async function findStartMails(db: Db, companyId: string, today: string): Promise<StartMail[]> {
  const starting = await db
    .select({ planId: onboardingPlans.id, newHire: newHireColumns, companyName: companies.name })
    .from(onboardingPlans)
    .innerJoin(users, eq(users.id, onboardingPlans.newHireId))
    .innerJoin(companies, eq(companies.id, onboardingPlans.companyId))
    .where(and(livePlan(companyId), eq(onboardingPlans.startDate, today)));

  // The new hire's own live tasks before day 1, per plan that has not started yet.
  const earliestOpen = min(onboardingTasks.opensOn);
  const preboarding = await db
    .select({
      planId: onboardingPlans.id,
      newHire: newHireColumns,
      companyName: companies.name,
      tasks: sql<number>`count(*)`.mapWith(Number),
    })
    .from(onboardingTasks)
    .innerJoin(onboardingPlans, eq(onboardingPlans.id, onboardingTasks.planId))
    .innerJoin(users, eq(users.id, onboardingPlans.newHireId))
    .innerJoin(companies, eq(companies.id, onboardingPlans.companyId))
    .where(
      and(
        livePlan(companyId),
        eq(onboardingTasks.companyId, companyId),
        gt(onboardingPlans.startDate, today),
        eq(onboardingTasks.assigneeId, onboardingPlans.newHireId),
        isNull(onboardingTasks.deletedAt),
        sql`${onboardingTasks.opensOn} < ${onboardingPlans.startDate}`,
      ),
    )
    .groupBy(onboardingPlans.id, users.id, users.email, users.firstName, users.fullName, companies.name)
    .having(eq(earliestOpen, today));

  const person = (row: { newHire: (typeof starting)[number]['newHire'] }) => ({ id: row.newHire.id, email: row.newHire.email, name: firstNameOf(row.newHire) });
  return [
    ...starting.map((row): StartMail => ({ kind: 'welcome', planId: row.planId, newHire: person(row), companyName: row.companyName, preboardingTasks: 0 })),
    ...preboarding.map((row): StartMail => ({ kind: 'preboarding', planId: row.planId, newHire: person(row), companyName: row.companyName, preboardingTasks: row.tasks })),
  ];
}

const dedupeKey = (mail: StartMail) => `${mail.kind}:${mail.planId}`;

export function startMailSubject(mail: StartMail): string {
  return mail.kind === 'welcome' ? `Welcome to ${mail.companyName}, ${mail.newHire.name}!` : `Get ready for ${mail.companyName}: your preboarding starts today`;
}

/** Queues today's welcome and preboarding mails; each plan gets each at most once. */
export async function sendStartMails(ctx: ReminderContext): Promise<{ enqueued: number }> {
  const { db, companyId, appUrl } = ctx;
  const today = todayOf(ctx);
  const found = await findStartMails(db, companyId, today);
  const off = await optedOut(
    db,
    'start_mails',
    found.map((mail) => mail.newHire.id),
  );
  const queued = await alreadyQueued(db, found.map(dedupeKey));
  const due = found.filter((mail) => !off.has(mail.newHire.id) && !queued.has(dedupeKey(mail)));
  const values = await placeholderValuesByPlan(
    db,
    due.map((mail) => mail.planId),
  );

  let enqueued = 0;
  for (const mail of due) {
    const planValues = values.get(mail.planId);
    if (!planValues) continue;
    const unsubscribe = await unsubscribeLinks(db, appUrl, mail.newHire.id, 'start_mails');
    const rendered = await renderMail(startMailElement(mail, planValues, `${appUrl}/new-hire-dashboard`, unsubscribe.pageUrl), {
      to: mail.newHire.email,
      subject: startMailSubject(mail),
      unsubscribe,
    });
    const id = await enqueueEmail(db, { kind: 'start_mails', to: mail.newHire.email, userId: mail.newHire.id, companyId, dedupeKey: dedupeKey(mail), mail: rendered });
    if (id) enqueued += 1;
  }
  return { enqueued };
}

function startMailElement(mail: StartMail, values: PlaceholderValues, dashboardUrl: string, unsubscribeUrl: string) {
  const common = { name: mail.newHire.name, companyName: mail.companyName, managerName: values.manager_name, dashboardUrl, unsubscribeUrl };
  return mail.kind === 'welcome' ? createElement(WelcomeMail, common) : createElement(PreboardingMail, { ...common, startDate: values.start_date, tasks: mail.preboardingTasks });
}
