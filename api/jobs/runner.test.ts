// The job runner (issue #18): a due job runs once across instances and restarts, missed times run once,
// failures back off, a lapsed lease is taken over, and each company's jobs keep its own 08:00.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createCompanyWithAdmin } from '../auth/auth.queries.ts';
import { first, type Db } from '../db/client.ts';
import { jobs } from '../db/schema.ts';
import { updateCompanySettings } from '../company/company.queries.ts';
import { createTestContext, TEST_PASSWORD_HASH } from '../test/harness.ts';
import { claimJob, ensureJobs, recordJobFailure } from './jobs.queries.ts';
import { runDueJobs, startJobRunner, type JobHandler, type JobHandlers } from './runner.ts';
import { companyJobName, parseRunAt, retryDelayMs } from './schedule.ts';

const at = (iso: string) => new Date(iso);

/** Handlers that note each run by job name; `fail` makes the named job throw, `hold` keeps it running until released. */
function countingHandlers(options: { fail?: (name: string) => string | undefined; hold?: Promise<void>; holding?: () => void } = {}) {
  const runs: string[] = [];
  const handler: JobHandler = async ({ job }) => {
    runs.push(job.name);
    // Lets another runner's statements interleave with this one's, as two instances would.
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (options.hold) {
      options.holding?.();
      await options.hold;
    }
    const failure = options.fail?.(job.name);
    if (failure) throw new Error(failure);
    return { enqueued: 0 };
  };
  const handlers: JobHandlers = { morning_digest: handler, weekly_summary: handler, start_mails: handler, unread_messages: handler, outbox: handler, webhooks: handler };
  return { runs, handlers };
}

/** A company created (and its jobs timed) at `now`, in `timeZone`. */
async function companyAt(db: Db, name: string, now: Date, timeZone = 'UTC') {
  const slug = `${name.toLowerCase()}-${crypto.randomUUID().slice(0, 6)}`;
  const { company, user } = await createCompanyWithAdmin(
    db,
    { fullName: `${name} Admin`, email: `admin@${slug}.test`, passwordHash: TEST_PASSWORD_HASH, companyName: name, companyAddress: '1 Test Street', isEmailVerified: true },
    now,
  );
  if (timeZone !== 'UTC') await updateCompanySettings(db, company.id, { name, timeZone }, now);
  return { company, admin: user, digest: companyJobName('morning_digest', company.id), startMails: companyJobName('start_mails', company.id) };
}

const jobRow = async (db: Db, name: string) => {
  const row = await first(db.select().from(jobs).where(eq(jobs.name, name)));
  if (!row) throw new Error(`no job ${name}`);
  return row;
};
const nextRunOf = async (db: Db, name: string) => new Date((await jobRow(db, name)).nextRunAt).toISOString();
const ranNames = (outcomes: { name: string }[]) => outcomes.map((outcome) => outcome.name);

describe('running due jobs', () => {
  it('runs a due job exactly once when two runners try at the same moment', async () => {
    const { db } = await createTestContext();
    const acme = await companyAt(db, 'Acme', at('2026-01-14T07:00:00Z'));
    await ensureJobs(db, at('2026-01-14T07:00:00Z'));
    const { runs, handlers } = countingHandlers();
    const now = at('2026-01-14T08:00:10Z');

    const [byA, byB] = await Promise.all([runDueJobs({ db, now, owner: 'A', handlers }), runDueJobs({ db, now, owner: 'B', handlers })]);

    // Wednesday: no weekly summary. Everything else due ran once, by one runner or the other.
    const due = [acme.digest, acme.startMails, 'outbox', 'unread_messages', 'webhooks'].sort();
    expect([...runs].sort()).toEqual(due);
    expect([...ranNames(byA), ...ranNames(byB)].sort()).toEqual(due);
    expect(await nextRunOf(db, acme.digest)).toBe('2026-01-15T08:00:00.000Z');
    expect(await nextRunOf(db, 'outbox')).toBe('2026-01-14T08:01:00.000Z');

    // The claim alone decides: of eight runners claiming one due job at once, exactly one gets it.
    const claims = await Promise.all(Array.from({ length: 8 }, (_, i) => claimJob(db, acme.digest, `R${i}`, at('2026-01-15T08:00:00Z'), 60_000)));
    expect(claims.filter(Boolean)).toHaveLength(1);
  });

  it('leaves a job another runner holds alone, and runs the outbox after the jobs that fill it', async () => {
    const { db } = await createTestContext();
    const acme = await companyAt(db, 'Acme', at('2026-01-14T07:00:00Z'));
    await ensureJobs(db, at('2026-01-14T07:00:00Z'));
    let release = () => {};
    const hold = new Promise<void>((resolve) => (release = resolve));
    let holding = () => {};
    const held = new Promise<void>((resolve) => (holding = resolve));
    const slow = countingHandlers({ hold, holding });
    const quick = countingHandlers();
    const now = at('2026-01-14T08:00:00Z');

    const runningA = runDueJobs({ db, now, owner: 'A', handlers: { ...quick.handlers, morning_digest: slow.handlers.morning_digest } });
    await held;
    const byB = await runDueJobs({ db, now, owner: 'B', handlers: quick.handlers });
    release();
    const byA = await runningA;

    expect(ranNames(byA)).toContain(acme.digest);
    expect(ranNames(byB)).not.toContain(acme.digest);
    expect([...ranNames(byA), ...ranNames(byB)].sort()).toEqual([acme.digest, acme.startMails, 'outbox', 'unread_messages', 'webhooks'].sort());
    // Company jobs and unread messages first; the outbox last.
    expect(ranNames(byB).at(-1)).toBe('outbox');
  });

  it('runs a job missed while the server was down once after a restart, and times the next from then', async () => {
    const { db } = await createTestContext();
    const acme = await companyAt(db, 'Acme', at('2026-01-14T07:00:00Z'));
    const before = countingHandlers();
    await ensureJobs(db, at('2026-01-14T07:00:00Z'));
    await runDueJobs({ db, now: at('2026-01-14T07:00:00Z'), owner: 'before', handlers: before.handlers });
    expect(before.runs).not.toContain(acme.digest);

    // Down from 07:00 to 10:30; the new process makes sure of its jobs, which keeps the missed time.
    const after = countingHandlers();
    await ensureJobs(db, at('2026-01-14T10:30:00Z'));
    await runDueJobs({ db, now: at('2026-01-14T10:30:00Z'), owner: 'after', handlers: after.handlers });
    await runDueJobs({ db, now: at('2026-01-14T10:31:00Z'), owner: 'after', handlers: after.handlers });

    expect(after.runs.filter((name) => name === acme.digest)).toHaveLength(1);
    expect(await nextRunOf(db, acme.digest)).toBe('2026-01-15T08:00:00.000Z');
  });

  it('runs a job missed on three days once, not once per missed day', async () => {
    const { db } = await createTestContext();
    const acme = await companyAt(db, 'Acme', at('2026-01-14T07:00:00Z'));
    const { runs, handlers } = countingHandlers();
    await ensureJobs(db, at('2026-01-17T10:30:00Z'));
    for (const minute of ['10:30', '10:31', '10:32']) await runDueJobs({ db, now: at(`2026-01-17T${minute}:00Z`), owner: 'A', handlers });

    expect(runs.filter((name) => name === acme.digest)).toHaveLength(1);
    expect(await nextRunOf(db, acme.digest)).toBe('2026-01-18T08:00:00.000Z');
  });

  it('tries a failed job again with a growing backoff, keeps its error until a success clears it', async () => {
    const { db } = await createTestContext();
    const acme = await companyAt(db, 'Acme', at('2026-01-14T07:00:00Z'));
    let failure: string | undefined = 'SMTP server said no';
    const { runs, handlers } = countingHandlers({ fail: (name) => (name === acme.digest ? failure : undefined) });

    const [first] = await runDueJobs({ db, now: at('2026-01-14T08:00:00Z'), owner: 'A', handlers });
    expect(first).toEqual({ name: acme.digest, kind: 'morning_digest', ok: false, error: 'SMTP server said no' });
    expect(await jobRow(db, acme.digest)).toMatchObject({ attempts: 1, failures: 1, lastError: 'SMTP server said no', leaseOwner: null, leaseUntil: null });
    expect(await nextRunOf(db, acme.digest)).toBe('2026-01-14T08:00:30.000Z');

    await runDueJobs({ db, now: at('2026-01-14T08:00:20Z'), owner: 'A', handlers });
    expect(runs.filter((name) => name === acme.digest)).toHaveLength(1);

    failure = 'x'.repeat(2000);
    await runDueJobs({ db, now: at('2026-01-14T08:00:30Z'), owner: 'A', handlers });
    const second = await jobRow(db, acme.digest);
    expect(second).toMatchObject({ attempts: 2, failures: 2 });
    expect(second.lastError).toHaveLength(500);
    expect(await nextRunOf(db, acme.digest)).toBe('2026-01-14T08:01:30.000Z');

    failure = undefined;
    await runDueJobs({ db, now: at('2026-01-14T08:01:30Z'), owner: 'A', handlers });
    expect(await jobRow(db, acme.digest)).toMatchObject({ attempts: 0, failures: 2, lastError: null });
    expect(await nextRunOf(db, acme.digest)).toBe('2026-01-15T08:00:00.000Z');
  });

  it('lets another runner take over a job whose runner died mid-run once the lease runs out', async () => {
    const { db } = await createTestContext();
    const acme = await companyAt(db, 'Acme', at('2026-01-14T07:00:00Z'));
    const died = await claimJob(db, acme.digest, 'A', at('2026-01-14T08:00:00Z'), 60_000);
    expect(died).toBeDefined();
    const { runs, handlers } = countingHandlers();

    await runDueJobs({ db, now: at('2026-01-14T08:00:59Z'), owner: 'B', handlers });
    expect(runs).not.toContain(acme.digest);
    await runDueJobs({ db, now: at('2026-01-14T08:01:01Z'), owner: 'B', handlers });
    expect(runs).toContain(acme.digest);

    // The first runner's late word changes nothing: the job is the new holder's, and it succeeded.
    if (died) await recordJobFailure(db, died, new Error('late'), at('2026-01-14T08:02:00Z'), at('2026-01-14T08:02:00Z'));
    expect(await jobRow(db, acme.digest)).toMatchObject({ attempts: 0, lastError: null });
    expect(await nextRunOf(db, acme.digest)).toBe('2026-01-15T08:00:00.000Z');
  });
});

describe('time zones', () => {
  it('times each company’s morning digest at its own 08:00, in winter and in summer', async () => {
    const { db } = await createTestContext();
    const colombo = await companyAt(db, 'Colombo', at('2026-01-14T00:00:00Z'), 'Asia/Colombo');
    const angeles = await companyAt(db, 'Angeles', at('2026-01-14T00:00:00Z'), 'America/Los_Angeles');
    expect(await nextRunOf(db, colombo.digest)).toBe('2026-01-14T02:30:00.000Z');
    expect(await nextRunOf(db, angeles.digest)).toBe('2026-01-14T16:00:00.000Z');
    // Mondays at 08:00 there.
    expect(await nextRunOf(db, companyJobName('weekly_summary', colombo.company.id))).toBe('2026-01-19T02:30:00.000Z');

    const { runs, handlers } = countingHandlers();
    await runDueJobs({ db, now: at('2026-01-14T02:30:00Z'), owner: 'A', handlers });
    expect(runs).toContain(colombo.digest);
    expect(runs).not.toContain(angeles.digest);
    await runDueJobs({ db, now: at('2026-01-14T16:00:00Z'), owner: 'A', handlers });
    expect(runs.filter((name) => name === angeles.digest)).toHaveLength(1);
    // Daylight saving time: 08:00 in Los Angeles is 15:00 UTC in July.
    expect(await nextRunOf(db, angeles.digest)).toBe('2026-01-15T16:00:00.000Z');
    const summer = await companyAt(db, 'Summer', at('2026-07-01T00:00:00Z'), 'America/Los_Angeles');
    expect(await nextRunOf(db, summer.digest)).toBe('2026-07-01T15:00:00.000Z');
  });

  it('re-times a company’s jobs when its time zone changes, and only then', async () => {
    const { db } = await createTestContext();
    const acme = await companyAt(db, 'Acme', at('2026-01-14T00:00:00Z'));
    expect(await nextRunOf(db, acme.digest)).toBe('2026-01-14T08:00:00.000Z');
    await updateCompanySettings(db, acme.company.id, { name: 'Acme Renamed', timeZone: 'UTC' }, at('2026-01-14T09:00:00Z'));
    expect(await nextRunOf(db, acme.digest)).toBe('2026-01-14T08:00:00.000Z');
    await updateCompanySettings(db, acme.company.id, { name: 'Acme', timeZone: 'Asia/Colombo' }, at('2026-01-14T09:00:00Z'));
    expect(await nextRunOf(db, acme.digest)).toBe('2026-01-15T02:30:00.000Z');
    expect(await jobRow(db, acme.digest)).toMatchObject({ timeZone: 'Asia/Colombo' });
  });
});

describe('the server’s timer', () => {
  it('makes sure of the jobs, runs the due ones, and on stop waits for the job under way', async () => {
    const { db } = await createTestContext();
    // Timed long ago, so the server jobs are due whatever the real clock says.
    await ensureJobs(db, at('2026-01-01T00:00:00Z'));
    let release = () => {};
    const hold = new Promise<void>((resolve) => (release = resolve));
    let holding = () => {};
    const held = new Promise<void>((resolve) => (holding = resolve));
    const { runs, handlers } = countingHandlers({ hold, holding });
    const runner = startJobRunner({ db, handlers, intervalMs: 60_000 });
    await held;

    let stopped = false;
    const stopping = runner.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(runs).toEqual(['unread_messages', 'webhooks', 'outbox']);
    expect(await jobRow(db, 'outbox')).toMatchObject({ leaseOwner: null, attempts: 0 });
  });
});

describe('schedule helpers', () => {
  it('reads --at as UTC unless it carries an offset, and refuses what is not a date-time', () => {
    expect(parseRunAt('2026-12-01T08:00').toISOString()).toBe('2026-12-01T08:00:00.000Z');
    expect(parseRunAt('2026-12-01').toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(parseRunAt('2026-12-01T08:00+05:30').toISOString()).toBe('2026-12-01T02:30:00.000Z');
    expect(parseRunAt('2026-12-01T08:00:15Z').toISOString()).toBe('2026-12-01T08:00:15.000Z');
    expect(() => parseRunAt('tomorrow')).toThrow(/ISO date-time/);
    expect(() => parseRunAt('2026-13-01T08:00')).toThrow(/exists/);
  });

  it('backs off from 30 s, doubling, to at most an hour', () => {
    expect([0, 1, 2, 3].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(7)).toBe(3_600_000);
    expect(retryDelayMs(500)).toBe(3_600_000);
  });
});
