// GET /api/jobs (issue #18): an admin sees their company's jobs, the server-wide ones and their
// company's outbox; nobody else sees them, and no admin sees another company's.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { JobsOverview } from '../../shared/notifications.ts';
import { jobs, outbox } from '../db/schema.ts';
import { createTestContext } from '../test/harness.ts';
import { ensureJobs } from './jobs.queries.ts';
import { runDueJobs, type JobHandlers } from './runner.ts';
import { companyJobName } from './schedule.ts';

const ctx = await createTestContext();
const acme = await ctx.createCompany('Acme');
const rival = await ctx.createCompany('Rival');
await ensureJobs(ctx.db, new Date());

const overview = async (cookie?: string) => ctx.request('/api/jobs', { cookie });

describe('GET /api/jobs', () => {
  it('answers admins only', async () => {
    expect((await overview()).status).toBe(401);
    expect((await overview(acme.cookies.manager)).status).toBe(403);
    expect((await overview(acme.cookies.newHire)).status).toBe(403);
    expect((await overview(acme.cookies.admin)).status).toBe(200);
  });

  it('shows the company’s jobs and the server-wide ones, never another company’s', async () => {
    const res = await overview(acme.cookies.admin);
    const body = res.body as JobsOverview;
    expect(body.jobs.map((job) => job.name)).toEqual([
      companyJobName('morning_digest', acme.company.id),
      companyJobName('weekly_summary', acme.company.id),
      companyJobName('start_mails', acme.company.id),
      'unread_messages',
      'outbox',
      'webhooks',
    ]);
    expect(JSON.stringify(body)).not.toContain(rival.company.id);
    expect(body.jobs[0]).toMatchObject({
      kind: 'morning_digest',
      label: 'Morning digest',
      schedule: '0 8 * * *',
      timeZone: 'UTC',
      lastRunAt: null,
      running: false,
      attempts: 0,
      failures: 0,
      lastError: null,
    });
    expect(body.jobs[0]?.nextRunAt).toMatch(/T08:00:00\.000Z$/);
  });

  it('counts the company’s outbox: pending, failed and sent today (UTC)', async () => {
    const now = Date.now();
    const row = (companyId: string, status: 'pending' | 'sent' | 'failed', sentAt: number | null = null) => ({
      channel: 'email' as const,
      kind: 'morning_digest',
      companyId,
      recipient: 'someone@example.test',
      payload: '{}',
      status,
      nextAttemptAt: now,
      sentAt,
    });
    await ctx.db
      .insert(outbox)
      .values([
        row(acme.company.id, 'pending'),
        row(acme.company.id, 'pending'),
        row(acme.company.id, 'failed'),
        row(acme.company.id, 'sent', now),
        row(acme.company.id, 'sent', now - 2 * 24 * 60 * 60 * 1000),
        row(rival.company.id, 'pending'),
        row(rival.company.id, 'sent', now),
      ]);
    expect(((await overview(acme.cookies.admin)).body as JobsOverview).outbox).toEqual({ pending: 2, failed: 1, sentToday: 1 });
    expect(((await overview(rival.cookies.admin)).body as JobsOverview).outbox).toEqual({ pending: 1, failed: 0, sentToday: 1 });
  });

  it('shows a failed run’s error and backoff until a success clears them, and a job under way as running', async () => {
    const digest = companyJobName('morning_digest', acme.company.id);
    const [stored] = await ctx.db.select({ nextRunAt: jobs.nextRunAt }).from(jobs).where(eq(jobs.name, digest));
    const due = new Date(stored?.nextRunAt ?? 0);
    let failure: string | undefined = 'The mail server refused the connection';
    const fine = async () => ({ enqueued: 0 });
    const handlers: JobHandlers = {
      morning_digest: async () => {
        if (failure) throw new Error(failure);
        return { enqueued: 0 };
      },
      weekly_summary: fine,
      start_mails: fine,
      unread_messages: fine,
      webhooks: fine,
      outbox: fine,
    };
    const digestView = async () => ((await overview(acme.cookies.admin)).body as JobsOverview).jobs.find((job) => job.name === digest);

    await runDueJobs({ db: ctx.db, now: due, owner: 'A', handlers });
    expect(await digestView()).toMatchObject({
      lastRunAt: due.toISOString(),
      nextRunAt: new Date(due.getTime() + 30_000).toISOString(),
      attempts: 1,
      failures: 1,
      lastError: 'The mail server refused the connection',
      running: false,
    });

    failure = undefined;
    await runDueJobs({ db: ctx.db, now: new Date(due.getTime() + 30_000), owner: 'A', handlers });
    expect(await digestView()).toMatchObject({ nextRunAt: new Date(due.getTime() + 24 * 60 * 60 * 1000).toISOString(), attempts: 0, failures: 1, lastError: null });

    // A lease that has not run out (by the real clock the route reads) shows the job running.
    await ctx.db
      .update(jobs)
      .set({ leaseOwner: 'A', leaseUntil: Date.now() + 60_000 })
      .where(eq(jobs.name, digest));
    expect((await digestView())?.running).toBe(true);
  });

  it('re-times the company’s jobs when an admin changes its time zone', async () => {
    const digest = companyJobName('morning_digest', acme.company.id);
    const weekly = companyJobName('weekly_summary', acme.company.id);
    const before = Date.now();
    const res = await ctx.request('/api/company', { method: 'PATCH', cookie: acme.cookies.admin, body: { name: 'Acme', timeZone: 'Asia/Colombo' } });
    expect(res.status).toBe(200);
    const views = ((await overview(acme.cookies.admin)).body as JobsOverview).jobs;
    const next = (name: string) => new Date(views.find((job) => job.name === name)?.nextRunAt ?? 0);
    // 08:00 in Colombo is 02:30 UTC, within the next day; the weekly summary on a Monday there.
    expect(next(digest).toISOString()).toMatch(/T02:30:00\.000Z$/);
    expect(next(digest).getTime()).toBeGreaterThanOrEqual(before);
    expect(next(digest).getTime()).toBeLessThanOrEqual(before + 24 * 60 * 60 * 1000);
    expect(next(weekly).getUTCDay()).toBe(1);
    expect(views.find((job) => job.name === digest)?.timeZone).toBe('Asia/Colombo');
    // The other company keeps its own.
    const rivalViews = ((await overview(rival.cookies.admin)).body as JobsOverview).jobs;
    expect(rivalViews.find((job) => job.name === companyJobName('morning_digest', rival.company.id))?.timeZone).toBe('UTC');
  });
});
