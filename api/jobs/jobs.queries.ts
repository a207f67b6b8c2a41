// The jobs table (decision 010): one row per job, kept in line with the definitions (schedule.ts),
// claimed with a lease so that one instance runs a due job and the others skip it, and read by admins.
import { and, asc, count, eq, gte, isNull, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { JOB_KINDS, JOB_LABELS, type JobKind, type JobsOverview, type JobView } from '../../shared/notifications.ts';
import type { Db, Tx } from '../db/client.ts';
import { companies, jobs, outbox } from '../db/schema.ts';
import { companyJobDefinitions, firstRunFrom, nextRunAfter, retryDelayMs, serverJobDefinitions, type JobDefinition } from './schedule.ts';

const INSERT_BATCH = 200;
const LAST_ERROR_MAX_CHARS = 500;

/**
 * Creates the rows that are missing and re-times those whose schedule or time zone changed, both from
 * `now`. A row that matches its definition keeps its nextRunAt: a job that fell due while no server ran
 * is still due when one starts, and runs once then. `scope` selects the stored rows the definitions cover.
 */
async function keepJobsInLine(db: Db | Tx, definitions: JobDefinition[], scope: SQL | undefined, now: Date): Promise<void> {
  if (definitions.length === 0) return;
  const stored = new Map((await db.select({ name: jobs.name, schedule: jobs.schedule, timeZone: jobs.timeZone }).from(jobs).where(scope)).map((row) => [row.name, row]));
  const missing = definitions.filter((definition) => !stored.has(definition.name));
  for (let start = 0; start < missing.length; start += INSERT_BATCH) {
    const values = missing
      .slice(start, start + INSERT_BATCH)
      .map((definition) => ({ ...definition, nextRunAt: firstRunFrom(definition.schedule, definition.timeZone, now).getTime() }));
    // Another instance may be creating the same rows: the first one stays.
    await db.insert(jobs).values(values).onConflictDoNothing();
  }
  for (const definition of definitions) {
    const row = stored.get(definition.name);
    if (!row || (row.schedule === definition.schedule && row.timeZone === definition.timeZone)) continue;
    await db
      .update(jobs)
      .set({ schedule: definition.schedule, timeZone: definition.timeZone, nextRunAt: firstRunFrom(definition.schedule, definition.timeZone, now).getTime() })
      .where(and(eq(jobs.name, definition.name), or(ne(jobs.schedule, definition.schedule), ne(jobs.timeZone, definition.timeZone))));
  }
}

/** Every job the server runs: the server-wide ones and each company's, in the company's time zone. Safe to call again. */
export async function ensureJobs(db: Db, now: Date): Promise<void> {
  const companyZones = await db.select({ id: companies.id, timeZone: companies.timeZone }).from(companies);
  await keepJobsInLine(db, [...serverJobDefinitions(), ...companyZones.flatMap((company) => companyJobDefinitions(company.id, company.timeZone))], undefined, now);
}

/** One company's jobs, at sign-up and when its time zone changes (inside the transaction that changes it). */
export async function ensureCompanyJobs(db: Db | Tx, companyId: string, timeZone: string, now: Date): Promise<void> {
  await keepJobsInLine(db, companyJobDefinitions(companyId, timeZone), eq(jobs.companyId, companyId), now);
}

/** A job this runner holds the lease of, with what its handler needs. */
export type ClaimedJob = {
  name: string;
  kind: JobKind;
  companyId: string | null;
  schedule: string;
  timeZone: string;
  /** Failures since the last success, before this run. */
  attempts: number;
  leaseOwner: string;
  leaseUntil: number;
};

const leaseFree = (nowMs: number) => or(isNull(jobs.leaseUntil), lt(jobs.leaseUntil, nowMs));

/** The names of the jobs due at `now` that nobody holds, the outbox last (it sends what the others enqueue). */
export async function dueJobNames(db: Db, now: Date): Promise<string[]> {
  const nowMs = now.getTime();
  const due = await db
    .select({ name: jobs.name, kind: jobs.kind })
    .from(jobs)
    .where(and(lte(jobs.nextRunAt, nowMs), leaseFree(nowMs)))
    .orderBy(asc(jobs.nextRunAt), asc(jobs.name));
  return [...due.filter((job) => job.kind !== 'outbox'), ...due.filter((job) => job.kind === 'outbox')].map((job) => job.name);
}

/**
 * Takes the job's lease if it is still due and free. One UPDATE decides: on PostgreSQL a second
 * instance's UPDATE waits for the first one's row lock and then finds the lease held, so exactly one
 * of them gets the row back. A lease that ran out (its instance died mid-run) can be taken over.
 */
export async function claimJob(db: Db, name: string, owner: string, now: Date, leaseMs: number): Promise<ClaimedJob | undefined> {
  const nowMs = now.getTime();
  const [claimed] = await db
    .update(jobs)
    .set({ leaseOwner: owner, leaseUntil: nowMs + leaseMs, lastStartedAt: nowMs })
    .where(and(eq(jobs.name, name), lte(jobs.nextRunAt, nowMs), leaseFree(nowMs)))
    .returning({ name: jobs.name, kind: jobs.kind, companyId: jobs.companyId, schedule: jobs.schedule, timeZone: jobs.timeZone, attempts: jobs.attempts });
  return claimed ? { ...claimed, leaseOwner: owner, leaseUntil: nowMs + leaseMs } : undefined;
}

/** Only the holder of this very lease records the outcome: one taken over after it ran out is the new holder's. */
const stillHeld = (job: ClaimedJob) => and(eq(jobs.name, job.name), eq(jobs.leaseOwner, job.leaseOwner), eq(jobs.leaseUntil, job.leaseUntil));

/**
 * A run that succeeded: next time is the schedule's first after `now`, so a job that missed several of
 * its times (the server was down for days) runs once for all of them, not once per missed time.
 */
export async function recordJobSuccess(db: Db, job: ClaimedJob, now: Date, finishedAt: Date): Promise<void> {
  await db
    .update(jobs)
    .set({
      nextRunAt: nextRunAfter(job.schedule, job.timeZone, now).getTime(),
      attempts: 0,
      lastError: null,
      leaseOwner: null,
      leaseUntil: null,
      lastFinishedAt: finishedAt.getTime(),
    })
    .where(stillHeld(job));
}

/** A run that threw: tried again after a backoff that grows with the failures since the last success. */
export async function recordJobFailure(db: Db, job: ClaimedJob, error: unknown, now: Date, finishedAt: Date): Promise<void> {
  const message = (error instanceof Error ? error.message : String(error)).trim().slice(0, LAST_ERROR_MAX_CHARS) || 'The job failed without a message';
  await db
    .update(jobs)
    .set({
      nextRunAt: now.getTime() + retryDelayMs(job.attempts),
      attempts: sql`${jobs.attempts} + 1`,
      failures: sql`${jobs.failures} + 1`,
      lastError: message,
      leaseOwner: null,
      leaseUntil: null,
      lastFinishedAt: finishedAt.getTime(),
    })
    .where(stillHeld(job));
}

const SERVER_JOB_ERROR = 'This server-wide job failed; the server log has the details.';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

const startOfUtcDay = (now: Date) => Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());

/** GET /api/jobs: the company's jobs and the server-wide ones that serve it, and its outbox; never another company's. */
export async function jobsOverview(db: Db, companyId: string, now: Date): Promise<JobsOverview> {
  const nowMs = now.getTime();
  const rows = await db
    .select()
    .from(jobs)
    .where(or(eq(jobs.companyId, companyId), isNull(jobs.companyId)));
  const views: JobView[] = rows
    .sort((a, b) => JOB_KINDS.indexOf(a.kind) - JOB_KINDS.indexOf(b.kind))
    .map((job) => ({
      name: job.name,
      kind: job.kind,
      label: JOB_LABELS[job.kind],
      schedule: job.schedule,
      timeZone: job.timeZone,
      lastRunAt: iso(job.lastStartedAt),
      nextRunAt: new Date(job.nextRunAt).toISOString(),
      running: job.leaseUntil !== null && job.leaseUntil > nowMs,
      attempts: job.attempts,
      failures: job.failures,
      // A server-wide job's error may be about another company's row: only the operator's log has it.
      lastError: job.companyId === null && job.lastError !== null ? SERVER_JOB_ERROR : job.lastError,
    }));
  const mails = (condition: ReturnType<typeof and>) =>
    db
      .select({ n: count() })
      .from(outbox)
      .where(and(eq(outbox.companyId, companyId), condition))
      .then(([row]) => row?.n ?? 0);
  const [pending, failed, sentToday] = await Promise.all([
    mails(eq(outbox.status, 'pending')),
    mails(eq(outbox.status, 'failed')),
    mails(and(eq(outbox.status, 'sent'), gte(outbox.sentAt, startOfUtcDay(now)))),
  ]);
  return { jobs: views, outbox: { pending, failed, sentToday } };
}
