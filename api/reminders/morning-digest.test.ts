// The morning digest: who gets one (open tasks due today or overdue, in their company's day), what it
// lists, and that it is queued once per person and local day.
import { beforeEach, describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../db/schema.ts';
import { setPreference } from '../notifications/preferences.queries.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { sendMorningDigests } from './morning-digest.ts';
import { APP_URL, queuedMails, queuedPushes, reminderCompany, setTask } from './reminder-fixtures.ts';

let ctx: TestContext;
let acme: Awaited<ReturnType<typeof reminderCompany>>;
let planId: string;

const AT_8_UTC = new Date('2026-12-01T08:00:00Z');
const digest = (now: Date, company = acme) => sendMorningDigests({ db: ctx.db, now, companyId: company.id, timeZone: company.timeZone, appUrl: APP_URL });

beforeEach(async () => {
  ctx = await createTestContext();
  acme = await reminderCompany(ctx, 'Acme');
  const plan = await acme.plan(acme.newHire, {
    startDate: '2026-11-25',
    managerId: acme.manager.id,
    sections: [
      {
        title: 'Week 1',
        dayStart: 1,
        dayEnd: 7,
        order: 1,
        tasks: [
          { title: 'Order a laptop for {{first_name}}', assigneeKind: 'manager' },
          { title: 'Book the welcome lunch', assigneeKind: 'manager' },
          'Read the handbook',
          'Set up your desk',
          'Sign the contract',
          'Meet your buddy',
        ],
      },
    ],
  });
  planId = plan.id;
  await setTask(ctx, planId, 'Order a laptop for {{first_name}}', { opensOn: '2026-11-25', dueDate: '2026-11-28' });
  await setTask(ctx, planId, 'Book the welcome lunch', { opensOn: '2026-11-25', dueDate: '2026-12-01' });
  await setTask(ctx, planId, 'Read the handbook', { opensOn: '2026-11-25', dueDate: '2026-12-01' });
  await setTask(ctx, planId, 'Set up your desk', { opensOn: '2026-12-02', dueDate: '2026-12-03' });
  await setTask(ctx, planId, 'Sign the contract', { opensOn: '2026-11-25', dueDate: '2026-11-30', isCompleted: true });
  // Due, but not released to the new hire yet: they do not see it, so it is not in their digest.
  await setTask(ctx, planId, 'Meet your buddy', { opensOn: '2026-11-25', dueDate: '2026-12-01', releaseOn: '2026-12-02' });
});

describe('sendMorningDigests', () => {
  it('mails each person their overdue and due-today tasks only, filled for the plan, and links to My tasks', async () => {
    expect(await digest(AT_8_UTC)).toEqual({ enqueued: 2 });
    const mails = await queuedMails(ctx, 'morning_digest');
    expect(mails.map((queued) => [queued.recipient, queued.dedupeKey])).toEqual(
      expect.arrayContaining([
        [acme.manager.email, `morning_digest:${acme.manager.id}:2026-12-01`],
        [acme.newHire.email, `morning_digest:${acme.newHire.id}:2026-12-01`],
      ]),
    );
    expect(mails).toHaveLength(2);

    const manager = mails.find((queued) => queued.userId === acme.manager.id)?.mail;
    expect(manager?.subject).toBe('2 tasks need you today');
    const managerText = manager?.text ?? '';
    expect(managerText).toContain('Order a laptop for Acme');
    expect(managerText).toContain('For Acme newhire · due Sat 28 Nov');
    expect(managerText).toContain('Book the welcome lunch');
    expect(managerText.indexOf('Overdue')).toBeLessThan(managerText.indexOf('Order a laptop'));
    expect(managerText.indexOf('Today')).toBeLessThan(managerText.indexOf('Book the welcome lunch'));
    expect(managerText.indexOf('Order a laptop')).toBeLessThan(managerText.indexOf('Today'));
    expect(managerText).toContain(`${APP_URL}/my-tasks`);
    expect(manager?.headers?.['List-Unsubscribe']).toMatch(/^<https:\/\/kickoff\.test\//);
    expect(manager?.html).toContain('Unsubscribe');

    const newHire = mails.find((queued) => queued.userId === acme.newHire.id)?.mail;
    expect(newHire?.subject).toBe('1 task needs you today');
    expect(newHire?.text).toContain('Read the handbook');
    for (const absent of ['Set up your desk', 'Sign the contract', 'Meet your buddy', 'Order a laptop', 'For Acme']) expect(newHire?.text).not.toContain(absent);
  });

  it('sends nothing when nothing is due, and nothing of another company', async () => {
    const quiet = await reminderCompany(ctx, 'Quiet');
    const plan = await quiet.plan(quiet.newHire, { startDate: '2026-12-10', sections: [{ title: 'Week 1', dayStart: 1, dayEnd: 7, order: 1, tasks: ['Later'] }] });
    expect(plan.tasks[0]?.dueDate).toBe('2026-12-16');
    expect(await digest(AT_8_UTC, quiet)).toEqual({ enqueued: 0 });
    expect(await queuedMails(ctx)).toEqual([]);
    expect(await queuedPushes(ctx)).toEqual([]);
  });

  it('queues once per person and day, however often it runs, and again the next day', async () => {
    expect(await digest(AT_8_UTC)).toEqual({ enqueued: 2 });
    expect(await digest(new Date('2026-12-01T08:01:00Z'))).toEqual({ enqueued: 0 });
    expect(await queuedMails(ctx)).toHaveLength(2);

    // The next day the laptop is still overdue, and the handbook and lunch now are too.
    expect(await digest(new Date('2026-12-02T08:00:00Z'))).toEqual({ enqueued: 2 });
    const mails = await queuedMails(ctx);
    expect(mails).toHaveLength(4);
    expect(mails.find((queued) => queued.dedupeKey === `morning_digest:${acme.manager.id}:2026-12-02`)?.mail.subject).toBe('2 tasks need you today');
  });

  it('leaves out whoever turned the digest off', async () => {
    await setPreference(ctx.db, acme.manager, 'morning_digest', false);
    expect(await digest(AT_8_UTC)).toEqual({ enqueued: 1 });
    expect((await queuedMails(ctx)).map((queued) => queued.userId)).toEqual([acme.newHire.id]);
  });

  it('pushes a summary to the devices of those who have any', async () => {
    await ctx.db.insert(pushSubscriptions).values({ userId: acme.manager.id, companyId: acme.id, endpoint: 'https://push.test/manager', p256dh: 'key', auth: 'secret' });
    expect(await digest(AT_8_UTC)).toEqual({ enqueued: 3 });
    expect(await queuedPushes(ctx)).toEqual([
      {
        kind: 'morning_digest',
        userId: acme.manager.id,
        dedupeKey: `morning_digest_push:${acme.manager.id}:2026-12-01`,
        payload: expect.objectContaining({ title: 'Your tasks today', body: '1 due today, 1 overdue', url: '/my-tasks' }),
      },
    ]);
    expect(await digest(AT_8_UTC)).toEqual({ enqueued: 0 });
  });

  it('decides "today" in the company’s time zone', async () => {
    // 02:30 UTC on 1 December is 08:00 in Colombo (UTC+5:30) but 18:30 on 30 November in Los Angeles.
    const instant = new Date('2026-12-01T02:30:00Z');
    const colombo = { ...acme, timeZone: 'Asia/Colombo' };
    const losAngeles = { ...acme, timeZone: 'America/Los_Angeles' };

    expect(await digest(instant, losAngeles)).toEqual({ enqueued: 1 });
    const [early] = await queuedMails(ctx);
    expect(early?.dedupeKey).toBe(`morning_digest:${acme.manager.id}:2026-11-30`);
    expect(early?.mail.text).toContain('Order a laptop for Acme');
    expect(early?.mail.text).not.toContain('Book the welcome lunch');

    expect(await digest(instant, colombo)).toEqual({ enqueued: 2 });
    const colomboManager = (await queuedMails(ctx)).find((queued) => queued.dedupeKey === `morning_digest:${acme.manager.id}:2026-12-01`);
    expect(colomboManager?.mail.text).toContain('Book the welcome lunch');
  });
});
