// What every reminder sender of one company runs with: the moment it runs for and the company's day.
import { and, eq, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm';
import { localDateIn } from '../../shared/notifications.ts';
import type { Db } from '../db/client.ts';
import { onboardingPlans, onboardingTasks, outbox } from '../db/schema.ts';

export type ReminderContext = { db: Db; now: Date; companyId: string; timeZone: string; appUrl: string };

/** The company's calendar date at `now`: what "due today" and "starts today" mean for it. */
export function todayOf(ctx: Pick<ReminderContext, 'now' | 'timeZone'>): string {
  return localDateIn(ctx.timeZone, ctx.now);
}

const dayFormat = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });

/** A 'YYYY-MM-DD' date as a mail says it: "Tue 1 Dec". */
export function formatDay(isoDate: string): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  return dayFormat.format(new Date(Date.UTC(y, m - 1, d))).replace(',', '');
}

/** "1 task" / "3 tasks". */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

/** Of `dedupeKeys`, those already in the outbox: their mail was queued by an earlier run, so it is not rendered again. */
export async function alreadyQueued(db: Db, dedupeKeys: readonly string[]): Promise<Set<string>> {
  if (dedupeKeys.length === 0) return new Set();
  const rows = await db
    .select({ key: outbox.dedupeKey })
    .from(outbox)
    .where(inArray(outbox.dedupeKey, [...dedupeKeys]));
  return new Set(rows.flatMap((row) => (row.key === null ? [] : [row.key])));
}

/** What a mail calls its reader: their first name, else the first word of their full name, else their email. */
export function firstNameOf(person: { firstName: string | null; fullName: string | null; email: string }): string {
  return person.firstName?.trim() || person.fullName?.trim().split(/\s+/)[0] || person.email;
}

/**
 * What a reminder can be about: an open task with a due date on one of the company's live plans (the
 * query joins onboarding_plans). Each sender adds its own due-date bound.
 */
export function openDatedTaskOfCompany(companyId: string): SQL | undefined {
  return and(
    eq(onboardingTasks.companyId, companyId),
    eq(onboardingPlans.companyId, companyId),
    isNull(onboardingTasks.deletedAt),
    eq(onboardingTasks.isCompleted, false),
    isNull(onboardingPlans.deletedAt),
    eq(onboardingPlans.isCompleted, false),
    isNotNull(onboardingTasks.dueDate),
  );
}
