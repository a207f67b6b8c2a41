// When each job runs: its cron expression read in a time zone (croner does the calendar and the time
// zone rules, daylight saving included), and how long a failed job waits before it is tried again.
import { Cron } from 'croner';
import { DIGEST_HOUR, type JobKind } from '../../shared/notifications.ts';
import { doublingDelayMs } from '../lib/backoff.ts';

export type CompanyJobKind = Extract<JobKind, 'morning_digest' | 'start_mails' | 'weekly_summary'>;
export type ServerJobKind = Extract<JobKind, 'outbox' | 'unread_messages' | 'webhooks'>;

/** What a job row must say; ensureJobs keeps the table in line with these. */
export type JobDefinition = { name: string; kind: JobKind; companyId: string | null; schedule: string; timeZone: string };

/** Every minute, in UTC: the outbox is emptied, unread messages are looked at, due webhooks are sent. */
const SERVER_JOB_SCHEDULES: Record<ServerJobKind, string> = {
  outbox: '* * * * *',
  unread_messages: '* * * * *',
  webhooks: '* * * * *',
};

/** At DIGEST_HOUR in the company's time zone; the weekly summary on Mondays. */
export const COMPANY_JOB_SCHEDULES: Record<CompanyJobKind, string> = {
  morning_digest: `0 ${DIGEST_HOUR} * * *`,
  start_mails: `0 ${DIGEST_HOUR} * * *`,
  weekly_summary: `0 ${DIGEST_HOUR} * * 1`,
};

const SERVER_JOB_KINDS = Object.keys(SERVER_JOB_SCHEDULES) as ServerJobKind[];
const COMPANY_JOB_KINDS = Object.keys(COMPANY_JOB_SCHEDULES) as CompanyJobKind[];

export function serverJobDefinitions(): JobDefinition[] {
  return SERVER_JOB_KINDS.map((kind) => ({ name: kind, kind, companyId: null, schedule: SERVER_JOB_SCHEDULES[kind], timeZone: 'UTC' }));
}

export function companyJobName(kind: CompanyJobKind, companyId: string): string {
  return `${kind}:${companyId}`;
}

export function companyJobDefinitions(companyId: string, timeZone: string): JobDefinition[] {
  return COMPANY_JOB_KINDS.map((kind) => ({ name: companyJobName(kind, companyId), kind, companyId, schedule: COMPANY_JOB_SCHEDULES[kind], timeZone }));
}

/** The first time of `schedule` in `timeZone` strictly after `after` (the next run once a run is done). */
export function nextRunAfter(schedule: string, timeZone: string, after: Date): Date {
  const next = new Cron(schedule, { timezone: timeZone, paused: true }).nextRun(after);
  if (!next) throw new Error(`The schedule "${schedule}" has no next run after ${after.toISOString()}`);
  return next;
}

/**
 * The first time of `schedule` at or after `from`: a job created (or re-timed) exactly at one of its
 * times is due at once, so `npm run jobs -- --at 2026-12-01T08:00` on a fresh database runs the 08:00 jobs.
 */
export function firstRunFrom(schedule: string, timeZone: string, from: Date): Date {
  return nextRunAfter(schedule, timeZone, new Date(from.getTime() - 1));
}

const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 60 * 60 * 1000;

/** How long a job waits after a failure, given the failures before it since the last success: 30 s, 1 min, 2 min... at most 1 h. */
export function retryDelayMs(attemptsBefore: number): number {
  return doublingDelayMs(attemptsBefore + 1, FIRST_RETRY_MS, LONGEST_RETRY_MS);
}

const INSTANT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?)?(Z|[+-]\d{2}:\d{2})?$/i;

/**
 * `npm run jobs -- --at …`: an ISO date or date-time, read as UTC unless it carries an offset
 * ('2026-12-01T08:00' is 08:00 UTC; '2026-12-01T08:00+05:30' is 02:30 UTC), whatever the machine's zone.
 */
export function parseRunAt(text: string): Date {
  const trimmed = text.trim();
  const match = INSTANT.exec(trimmed);
  if (!match) throw new Error(`"${text}" is not an ISO date-time such as 2026-12-01T08:00 (UTC) or 2026-12-01T08:00+05:30`);
  const hasTime = match[1] !== undefined;
  const hasOffset = match[4] !== undefined;
  const instant = new Date(hasTime && !hasOffset ? `${trimmed}Z` : trimmed);
  if (Number.isNaN(instant.getTime())) throw new Error(`"${text}" is not a date that exists`);
  return instant;
}
