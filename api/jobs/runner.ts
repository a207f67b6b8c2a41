// The job runner inside the server (decision 010): every 30 s it runs the jobs that are due, each under
// a lease, so any number of instances can share one database and a job still runs once per time.
import { hostname } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { JobKind } from '../../shared/notifications.ts';
import { repeat, type ChoreLog } from '../chores.ts';
import type { Db } from '../db/client.ts';
import { claimJob, dueJobNames, ensureJobs, recordJobFailure, recordJobSuccess, type ClaimedJob } from './jobs.queries.ts';

/** What a handler gets: the database, the moment the run is for, and the job (its company and time zone). */
export type JobRun = { db: Db; now: Date; job: ClaimedJob };
/** Does the work of one kind of job; throwing marks the run failed (retried with backoff). */
export type JobHandler = (run: JobRun) => Promise<unknown>;
export type JobHandlers = Record<JobKind, JobHandler>;

export type JobOutcome = { name: string; kind: JobKind; ok: true; result: unknown } | { name: string; kind: JobKind; ok: false; error: string };

/** Longer than any job should take: a lease that runs out is taken to mean its instance died mid-run. */
export const DEFAULT_LEASE_MS = 10 * 60 * 1000;
export const RUN_INTERVAL_MS = 30_000;

/**
 * Runs every job due at `now` that no one else holds, one after the other, the outbox last so that it
 * sends what the others have just enqueued. A job another runner claims first is skipped here.
 */
export async function runDueJobs(options: { db: Db; now: Date; owner: string; handlers: JobHandlers; leaseMs?: number }): Promise<JobOutcome[]> {
  const { db, now, owner, handlers, leaseMs = DEFAULT_LEASE_MS } = options;
  const outcomes: JobOutcome[] = [];
  for (const name of await dueJobNames(db, now)) {
    const job = await claimJob(db, name, owner, now, leaseMs);
    if (!job) continue;
    const started = performance.now();
    // The run's end on the same clock as `now`, so a run "at" a given moment ends just after it.
    const finishedAt = () => new Date(now.getTime() + Math.round(performance.now() - started));
    try {
      const result = await handlers[job.kind]({ db, now, job });
      await recordJobSuccess(db, job, now, finishedAt());
      outcomes.push({ name, kind: job.kind, ok: true, result });
    } catch (error) {
      await recordJobFailure(db, job, error, now, finishedAt());
      outcomes.push({ name, kind: job.kind, ok: false, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return outcomes;
}

/** This process among the instances: shown as a lease's owner while it runs a job. */
export function runnerOwner(): string {
  return `${hostname()}:${process.pid}:${crypto.randomUUID().slice(0, 8)}`;
}

/**
 * The server's timer (handlers: job-handlers.ts `jobHandlers`): makes sure every job row exists, then runs the due jobs every `intervalMs`
 * (never two passes at once). `stop()` ends the timer and waits for a pass under way to end, at most
 * `maxWaitMs`; a job cut off by the exit is taken over by another instance once its lease runs out.
 */
export function startJobRunner(options: { db: Db; handlers: JobHandlers; intervalMs?: number; leaseMs?: number; log?: ChoreLog }): {
  stop(maxWaitMs?: number): Promise<void>;
} {
  const { db, handlers, intervalMs = RUN_INTERVAL_MS, leaseMs = DEFAULT_LEASE_MS, log } = options;
  const owner = runnerOwner();
  let ensured = false;
  let pass: Promise<unknown> = Promise.resolve();
  let stopped: Promise<void> | undefined;
  const timer = repeat(
    'Scheduled jobs',
    () =>
      (pass = (async () => {
        const now = new Date();
        if (!ensured) {
          await ensureJobs(db, now);
          ensured = true;
        }
        for (const outcome of await runDueJobs({ db, now, owner, handlers, leaseMs })) {
          if (!outcome.ok) (log ?? console).error(`Job ${outcome.name} failed; it will be tried again:`, outcome.error);
        }
      })()),
    { intervalMs, log },
  );
  return {
    stop(maxWaitMs = leaseMs) {
      stopped ??= (async () => {
        timer.stop();
        let waited: NodeJS.Timeout | undefined;
        await Promise.race([pass.catch(() => undefined), new Promise<void>((resolve) => (waited = setTimeout(resolve, maxWaitMs).unref()))]);
        clearTimeout(waited);
      })();
      return stopped;
    },
  };
}
