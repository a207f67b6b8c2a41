// Reminders and notifications (issue #18, decision 010): what kinds a person can turn off, when the
// company's day starts, and the shapes of the preferences, push and jobs routes.
import * as v from 'valibot';
import { dateTimeFormat } from './intl.ts';

/** The kinds a person turns on or off; every kind is on until they turn it off. Account mails always go. */
export const NOTIFICATION_KINDS = ['morning_digest', 'weekly_summary', 'start_mails', 'unread_messages'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, { label: string; description: string }> = {
  morning_digest: { label: 'Morning digest', description: 'At 08:00 on days you have tasks due today or overdue, by email and on your devices.' },
  weekly_summary: { label: 'Weekly summary of stuck plans', description: 'On Monday mornings, for managers and admins: plans with tasks overdue for days.' },
  start_mails: { label: 'Welcome mails', description: 'A welcome on your first day, and a note when your preboarding begins.' },
  unread_messages: { label: 'Unread messages', description: 'When a message waits unread for 10 minutes (one mail for several), and "replied" on your devices.' },
};

/** Morning digests, start-day mails and weekly summaries go at this hour of the company's time zone. */
export const DIGEST_HOUR = 8;
/** A plan is stuck when it has a task overdue by more than this many days. */
export const STUCK_AFTER_DAYS = 3;
/** An unread message is mailed about after this long (messages in that window share one mail). */
export const UNREAD_MAIL_AFTER_MINUTES = 10;

/** Whether the runtime knows an IANA time zone name (the server and browsers share Intl's list). */
export function isTimeZone(name: string): boolean {
  if (!name || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export const TimeZoneSchema = v.pipe(v.string(), v.trim(), v.check(isTimeZone, 'Please choose a valid time zone'));

/** The calendar date ('YYYY-MM-DD') at `instant` in `timeZone`: the day a digest is for. */
export function localDateIn(timeZone: string, instant: Date): string {
  const parts = dateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** GET /api/notifications/preferences answers, and PUT takes, every kind's on/off. */
export const NotificationPreferencesSchema = v.strictObject(
  Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, v.boolean()])) as Record<NotificationKind, v.BooleanSchema<undefined>>,
);
export type NotificationPreferences = Record<NotificationKind, boolean>;

/** POST /api/notifications/unsubscribe?token=… (the one-click link of every reminder mail) answers this. */
export type UnsubscribeResult = { kind: NotificationKind; label: string; email: string };

/** POST /api/push/subscriptions: the browser's PushSubscription.toJSON(). */
export const PushSubscriptionSchema = v.object({
  endpoint: v.pipe(v.string(), v.url('Please send a valid push endpoint'), v.startsWith('https://', 'A push endpoint must use https'), v.maxLength(2000)),
  keys: v.object({
    p256dh: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{20,200}={0,2}$/, 'Invalid p256dh key')),
    auth: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{8,100}={0,2}$/, 'Invalid auth secret')),
  }),
});
export type PushSubscriptionInput = v.InferOutput<typeof PushSubscriptionSchema>;

/** What a push notification carries; the service worker shows it and opens `url` on click. */
export type PushPayload = { title: string; body: string; url: string; tag?: string };

export const JOB_KINDS = ['morning_digest', 'weekly_summary', 'start_mails', 'unread_messages', 'outbox', 'webhooks'] as const;
export type JobKind = (typeof JOB_KINDS)[number];

export const JOB_LABELS: Record<JobKind, string> = {
  morning_digest: 'Morning digest',
  weekly_summary: 'Weekly summary of stuck plans',
  start_mails: 'Welcome and preboarding mails',
  unread_messages: 'Unread message mails',
  outbox: 'Sending mails and notifications',
  webhooks: 'Sending webhooks and chat messages',
};

/** GET /api/jobs (admins): the company's jobs and the server-wide ones that serve it. Times are ISO. */
export type JobView = {
  name: string;
  kind: JobKind;
  label: string;
  schedule: string;
  timeZone: string;
  lastRunAt: string | null;
  nextRunAt: string;
  running: boolean;
  /** Failures since the last success, and the last error's message (cleared by a success). */
  attempts: number;
  failures: number;
  lastError: string | null;
};
export type JobsOverview = { jobs: JobView[]; outbox: { pending: number; failed: number; sentToday: number } };
