// Start mails: the welcome on the start date and the preboarding note on the day the new hire's first
// task before day 1 opens; onboarding plans only, each once.
import { beforeEach, describe, expect, it } from 'vitest';
import { setPreference } from '../notifications/preferences.queries.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { APP_URL, queuedMails, reminderCompany } from './reminder-fixtures.ts';
import { sendStartMails } from './start-mails.ts';

let ctx: TestContext;
let acme: Awaited<ReturnType<typeof reminderCompany>>;
let starting: { planId: string; userId: string };
let preboarding: { planId: string; userId: string };

const DEC_7 = new Date('2026-12-07T08:00:00Z');
const run = (now = DEC_7) => sendStartMails({ db: ctx.db, now, companyId: acme.id, timeZone: acme.timeZone, appUrl: APP_URL });
const week1 = { title: 'Week 1', dayStart: 1, dayEnd: 7, order: 2, tasks: ['Meet the team'] };

beforeEach(async () => {
  ctx = await createTestContext();
  acme = await reminderCompany(ctx, 'Acme');
  const startsToday = await acme.plan(acme.newHire, { startDate: '2026-12-07', managerId: acme.manager.id, sections: [week1] });
  starting = { planId: startsToday.id, userId: acme.newHire.id };

  // Starts on 14 December; the new hire's own preboarding opens on day -7 (7 December). The manager's
  // task opens earlier, but it is not the new hire's to do, so it does not start their preboarding.
  const zoe = await acme.member('new_hire', 'Zoe Early', acme.manager.id);
  const early = await acme.plan(zoe, {
    startDate: '2026-12-14',
    managerId: acme.manager.id,
    sections: [
      { title: 'IT', dayStart: -10, dayEnd: -8, order: 0, tasks: [{ title: 'Order a laptop', assigneeKind: 'manager' }] },
      { title: 'Before day 1', dayStart: -7, dayEnd: -1, order: 1, tasks: ['Send your bank details', 'Read the handbook'] },
      week1,
    ],
  });
  preboarding = { planId: early.id, userId: zoe.id };

  // Neither an offboarding plan starting today nor a plan starting tomorrow without preboarding gets a mail.
  const leaving = await acme.member('manager', 'Lee Leaving');
  await acme.plan(leaving, { startDate: '2026-12-07', kind: 'offboarding', sections: [{ title: 'Last week', dayStart: 1, dayEnd: 5, order: 1, tasks: ['Return the laptop'] }] });
  const tomorrow = await acme.member('new_hire', 'Tom Morrow');
  await acme.plan(tomorrow, { startDate: '2026-12-08', sections: [week1] });
});

describe('sendStartMails', () => {
  it('welcomes whoever starts today and tells whoever’s preboarding opens today, linking to their dashboard', async () => {
    expect(await run()).toEqual({ enqueued: 2 });
    const mails = await queuedMails(ctx, 'start_mails');
    expect(mails.map((queued) => [queued.userId, queued.dedupeKey])).toEqual(
      expect.arrayContaining([
        [starting.userId, `welcome:${starting.planId}`],
        [preboarding.userId, `preboarding:${preboarding.planId}`],
      ]),
    );
    expect(mails).toHaveLength(2);

    const welcome = mails.find((queued) => queued.dedupeKey === `welcome:${starting.planId}`);
    expect(welcome?.recipient).toBe(acme.newHire.email);
    expect(welcome?.mail.subject).toBe('Welcome to Acme, Acme!');
    expect(welcome?.mail.text).toContain('Acme manager is there for any question');
    expect(welcome?.mail.text).toContain(`${APP_URL}/new-hire-dashboard`);
    expect(welcome?.mail.headers?.['List-Unsubscribe']).toContain('/api/notifications/unsubscribe?token=');

    const note = mails.find((queued) => queued.dedupeKey === `preboarding:${preboarding.planId}`);
    expect(note?.mail.subject).toBe('Get ready for Acme: your preboarding starts today');
    expect(note?.mail.text).toContain('Your first day at Acme is 14 December 2026');
    expect(note?.mail.text).toContain('2 tasks before then are waiting');
    expect(note?.mail.text).toContain(`${APP_URL}/new-hire-dashboard`);
  });

  it('sends each mail once, and only on its day', async () => {
    expect(await run(new Date('2026-12-06T08:00:00Z'))).toEqual({ enqueued: 0 });
    expect(await run()).toEqual({ enqueued: 2 });
    expect(await run(new Date('2026-12-07T20:00:00Z'))).toEqual({ enqueued: 0 });
    expect(await queuedMails(ctx)).toHaveLength(2);
    expect(await run(new Date('2026-12-09T08:00:00Z'))).toEqual({ enqueued: 0 });

    // Zoe's start date: her welcome, never a second preboarding note.
    expect(await run(new Date('2026-12-14T08:00:00Z'))).toEqual({ enqueued: 1 });
    expect((await queuedMails(ctx)).map((queued) => queued.dedupeKey)).toContain(`welcome:${preboarding.planId}`);
  });

  it('leaves out a new hire who turned start mails off', async () => {
    await setPreference(ctx.db, acme.newHire, 'start_mails', false);
    expect(await run()).toEqual({ enqueued: 1 });
    expect((await queuedMails(ctx)).map((queued) => queued.userId)).toEqual([preboarding.userId]);
  });
});
