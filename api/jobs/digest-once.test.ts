// The promise end to end, through the real job handlers: the morning digest reaches each person
// once per local day at 08:00 in their company's time zone, however many runners share the database and
// whether or not the server was running at 08:00.
import { beforeEach, describe, expect, it } from 'vitest';
import type { Mail } from '../mail/mailer.ts';
import { APP_URL, reminderCompany, setTask } from '../reminders/reminder-fixtures.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { jobHandlers } from './job-handlers.ts';
import { ensureJobs } from './jobs.queries.ts';
import { runDueJobs, type JobHandlers } from './runner.ts';

let ctx: TestContext;
let sent: Mail[];
let handlers: JobHandlers;
let colombo: Awaited<ReturnType<typeof reminderCompany>>;
let losAngeles: Awaited<ReturnType<typeof reminderCompany>>;

const DIGEST = /needs? you today$/;
const digestsTo = (email: string) => sent.filter((mail) => mail.to === email && DIGEST.test(mail.subject));
/**
 * Two instances of the server reaching the same moment together, and their next pass a minute later:
 * a digest one of them enqueued after the other's outbox pass goes out on that next pass.
 */
async function twoRunnersAt(iso: string) {
  for (const now of [new Date(iso), new Date(new Date(iso).getTime() + 60_000)]) {
    await Promise.all(['instance-a', 'instance-b'].map((owner) => runDueJobs({ db: ctx.db, now, owner, handlers })));
  }
}

beforeEach(async () => {
  ctx = await createTestContext();
  sent = [];
  handlers = jobHandlers({ config: { ...ctx.config, appUrl: APP_URL }, mailer: { send: async (mail) => void sent.push(mail) } });
  colombo = await reminderCompany(ctx, 'Lanka Tea', 'Asia/Colombo');
  losAngeles = await reminderCompany(ctx, 'Pacific Apps', 'America/Los_Angeles');
  for (const company of [colombo, losAngeles]) {
    const plan = await company.plan(company.newHire, { startDate: '2026-11-25', sections: [{ title: 'Week 1', dayStart: 1, dayEnd: 7, order: 1, tasks: ['Read the handbook'] }] });
    await setTask(ctx, plan.id, 'Read the handbook', { opensOn: '2026-11-25', dueDate: '2026-12-01' });
  }
  // The server starts the evening before: every job is timed from then, in its company's zone.
  await ensureJobs(ctx.db, new Date('2026-11-30T12:00:00Z'));
});

describe('the morning digest through the job runner', () => {
  it('goes once per person at 08:00 of each company’s own day, with two runners, and again the next day', async () => {
    await twoRunnersAt('2026-12-01T02:28:00Z');
    expect(sent).toEqual([]);

    // 08:00 in Colombo (UTC+5:30): both runners wake, one digest.
    await twoRunnersAt('2026-12-01T02:30:00Z');
    expect(digestsTo(colombo.newHire.email)).toHaveLength(1);
    expect(digestsTo(losAngeles.newHire.email)).toHaveLength(0);
    expect(digestsTo(colombo.newHire.email)[0]?.text).toContain('Read the handbook');

    // A restarted instance later that morning finds nothing more to send.
    await runDueJobs({ db: ctx.db, now: new Date('2026-12-01T03:00:00Z'), owner: 'restarted', handlers });
    expect(digestsTo(colombo.newHire.email)).toHaveLength(1);

    // 08:00 in Los Angeles (UTC-8) is 16:00 UTC.
    await twoRunnersAt('2026-12-01T15:58:00Z');
    expect(digestsTo(losAngeles.newHire.email)).toHaveLength(0);
    await twoRunnersAt('2026-12-01T16:00:00Z');
    expect(digestsTo(losAngeles.newHire.email)).toHaveLength(1);
    expect(digestsTo(colombo.newHire.email)).toHaveLength(1);

    // The task is still open the next morning: overdue now, so a new digest, once.
    await twoRunnersAt('2026-12-02T02:30:00Z');
    expect(digestsTo(colombo.newHire.email)).toHaveLength(2);
    expect(digestsTo(colombo.newHire.email)[1]?.text).toMatch(/overdue/i);
  });

  it('a digest due while no server ran goes once when one is back, still that day', async () => {
    // Down from before 02:30 UTC until 06:00 UTC (11:30 in Colombo).
    await twoRunnersAt('2026-12-01T06:00:00Z');
    expect(digestsTo(colombo.newHire.email)).toHaveLength(1);
    await runDueJobs({ db: ctx.db, now: new Date('2026-12-01T06:05:00Z'), owner: 'restarted-again', handlers });
    expect(digestsTo(colombo.newHire.email)).toHaveLength(1);
  });

  it('sends nothing on a day when nothing is due', async () => {
    await twoRunnersAt('2026-11-30T02:30:00Z');
    await twoRunnersAt('2026-11-30T16:00:00Z');
    expect(sent.filter((mail) => DIGEST.test(mail.subject))).toEqual([]);
  });
});
