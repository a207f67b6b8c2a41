// What each kind of job does: the reminders enqueue mails and pushes into the outbox, the outbox job
// sends them. Each sender checks preferences and dedupe keys itself, so a repeated run sends nothing twice.
import type { Config } from '../config.ts';
import { deliverOutbox } from '../mail/outbox.ts';
import type { Mailer } from '../mail/mailer.ts';
import { sendMorningDigests } from '../reminders/morning-digest.ts';
import type { ReminderContext } from '../reminders/reminder-context.ts';
import { sendStartMails } from '../reminders/start-mails.ts';
import { sendUnreadMessageMails } from '../reminders/unread-messages.ts';
import { sendWeeklySummaries } from '../reminders/weekly-summary.ts';
import { deliverWebhooks } from '../webhooks/delivery.ts';
import type { JobHandlers, JobRun } from './runner.ts';

/** A company job's reminder context; a company job row always names its company. */
function reminderContext({ db, now, job }: JobRun, appUrl: string): ReminderContext {
  if (!job.companyId) throw new Error(`The job ${job.name} names no company`);
  return { db, now, companyId: job.companyId, timeZone: job.timeZone, appUrl };
}

export function jobHandlers({ config, mailer }: { config: Config; mailer: Mailer }): JobHandlers {
  return {
    morning_digest: (run) => sendMorningDigests(reminderContext(run, config.appUrl)),
    weekly_summary: (run) => sendWeeklySummaries(reminderContext(run, config.appUrl)),
    start_mails: (run) => sendStartMails(reminderContext(run, config.appUrl)),
    unread_messages: ({ db, now }) => sendUnreadMessageMails({ db, now, appUrl: config.appUrl }),
    outbox: ({ db, now }) => deliverOutbox({ db, mailer, config, now }),
    webhooks: ({ db, now }) => deliverWebhooks({ db, config, now }),
  };
}
