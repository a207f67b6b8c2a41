// The morning digest: at 08:00 of the company's day, each person with open tasks due today or overdue
// gets one mail listing them (and a push on their devices). Nobody else gets anything.
import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { createElement } from 'react';
import { isReleased } from '../../shared/plan-calendar.ts';
import { fillPlaceholders, nameOf } from '../../shared/placeholders.ts';
import type { Db } from '../db/client.ts';
import { onboardingPlans, onboardingTasks, pushSubscriptions, users } from '../db/schema.ts';
import { enqueueEmail, enqueuePush } from '../mail/outbox.ts';
import { renderMail } from '../mail/render-mail.ts';
import { optedOut } from '../notifications/preferences.queries.ts';
import { unsubscribeLinks } from '../notifications/unsubscribe-token.ts';
import { placeholderValuesByPlan } from '../onboarding/plan-parties.ts';
import { MorningDigestMail } from './mails/morning-digest-mail.tsx';
import { alreadyQueued, countOf, firstNameOf, openDatedTaskOfCompany, type ReminderContext, todayOf } from './reminder-context.ts';

export type DigestTask = {
  id: string;
  planId: string;
  /** Filled for its plan. */
  title: string;
  dueDate: string;
  overdue: boolean;
  /** The new hire whose plan it is, when that is not the reader. */
  forNewHire: string | null;
};
export type DigestRecipient = { id: string; email: string; name: string; tasks: DigestTask[] };

const assignee = alias(users, 'digest_assignee');
const planPerson = alias(users, 'digest_plan_person');

/**
 * Each person of the company with open tasks due by `today` on live plans, with those tasks (overdue
 * first, then by due date, plan and position). A new hire's own tasks count only once released to them,
 * as My tasks shows them.
 */
export async function findDigestRecipients(db: Db, companyId: string, today: string): Promise<DigestRecipient[]> {
  const rows = await db
    .select({
      task: {
        id: onboardingTasks.id,
        planId: onboardingTasks.planId,
        title: onboardingTasks.title,
        dueDate: onboardingTasks.dueDate,
        releaseOn: onboardingTasks.releaseOn,
      },
      assignee: { id: assignee.id, email: assignee.email, role: assignee.role, fullName: assignee.fullName, firstName: assignee.firstName, lastName: assignee.lastName },
      planPerson: { id: planPerson.id, email: planPerson.email, fullName: planPerson.fullName, firstName: planPerson.firstName, lastName: planPerson.lastName },
    })
    .from(onboardingTasks)
    .innerJoin(onboardingPlans, eq(onboardingPlans.id, onboardingTasks.planId))
    .innerJoin(assignee, eq(assignee.id, onboardingTasks.assigneeId))
    .innerJoin(planPerson, eq(planPerson.id, onboardingPlans.newHireId))
    .where(and(openDatedTaskOfCompany(companyId), eq(assignee.companyId, companyId), lte(onboardingTasks.dueDate, today)))
    .orderBy(asc(assignee.id), asc(onboardingTasks.dueDate), asc(onboardingTasks.planId), asc(onboardingTasks.order), asc(onboardingTasks.id));

  const visible = rows.filter((row) => row.assignee.role !== 'new_hire' || row.planPerson.id !== row.assignee.id || isReleased(row.task, today));
  const values = await placeholderValuesByPlan(
    db,
    visible.map((row) => row.task.planId),
  );
  const recipients = new Map<string, DigestRecipient>();
  for (const row of visible) {
    const recipient = recipients.get(row.assignee.id) ?? { id: row.assignee.id, email: row.assignee.email, name: firstNameOf(row.assignee), tasks: [] };
    recipients.set(recipient.id, recipient);
    const planValues = values.get(row.task.planId);
    const dueDate = row.task.dueDate ?? today;
    recipient.tasks.push({
      id: row.task.id,
      planId: row.task.planId,
      title: planValues ? fillPlaceholders(row.task.title, planValues) : row.task.title,
      dueDate,
      overdue: dueDate < today,
      forNewHire: row.planPerson.id === row.assignee.id ? null : nameOf(row.planPerson, row.planPerson.email),
    });
  }
  return [...recipients.values()];
}

/** "3 due today, 1 overdue" (only the parts that are not zero). */
export function digestSummary(tasks: readonly DigestTask[]): string {
  const overdue = tasks.filter((task) => task.overdue).length;
  const dueToday = tasks.length - overdue;
  return [dueToday > 0 ? `${dueToday} due today` : null, overdue > 0 ? `${overdue} overdue` : null].filter(Boolean).join(', ');
}

export function digestSubject(tasks: readonly DigestTask[]): string {
  return `${countOf(tasks.length, 'task')} ${tasks.length === 1 ? 'needs' : 'need'} you today`;
}

/** Who of `userIds` has at least one device subscribed to push. */
async function withPushDevices(db: Db, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ userId: pushSubscriptions.userId })
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.userId, [...userIds]));
  return new Set(rows.map((row) => row.userId));
}

/** Queues today's digest mail (and push) of every person with something due; once per person and local day. */
export async function sendMorningDigests(ctx: ReminderContext): Promise<{ enqueued: number }> {
  const { db, companyId, appUrl } = ctx;
  const today = todayOf(ctx);
  const found = await findDigestRecipients(db, companyId, today);
  const off = await optedOut(
    db,
    'morning_digest',
    found.map((recipient) => recipient.id),
  );
  const recipients = found.filter((recipient) => !off.has(recipient.id));
  const mailKey = (userId: string) => `morning_digest:${userId}:${today}`;
  const pushKey = (userId: string) => `morning_digest_push:${userId}:${today}`;
  const queued = await alreadyQueued(
    db,
    recipients.flatMap((recipient) => [mailKey(recipient.id), pushKey(recipient.id)]),
  );
  const devices = await withPushDevices(
    db,
    recipients.map((recipient) => recipient.id),
  );

  let enqueued = 0;
  for (const recipient of recipients) {
    if (!queued.has(mailKey(recipient.id))) {
      const unsubscribe = await unsubscribeLinks(db, appUrl, recipient.id, 'morning_digest');
      const subject = digestSubject(recipient.tasks);
      const mail = await renderMail(
        createElement(MorningDigestMail, { name: recipient.name, tasks: recipient.tasks, myTasksUrl: `${appUrl}/my-tasks`, unsubscribeUrl: unsubscribe.pageUrl }),
        {
          to: recipient.email,
          subject,
          unsubscribe,
        },
      );
      const id = await enqueueEmail(db, { kind: 'morning_digest', to: recipient.email, userId: recipient.id, companyId, dedupeKey: mailKey(recipient.id), mail });
      if (id) enqueued += 1;
    }
    if (devices.has(recipient.id) && !queued.has(pushKey(recipient.id))) {
      const id = await enqueuePush(db, {
        kind: 'morning_digest',
        userId: recipient.id,
        companyId,
        dedupeKey: pushKey(recipient.id),
        payload: { title: 'Your tasks today', body: digestSummary(recipient.tasks), url: '/my-tasks', tag: 'morning-digest' },
      });
      if (id) enqueued += 1;
    }
  }
  return { enqueued };
}
