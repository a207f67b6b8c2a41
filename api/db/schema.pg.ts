// The data model for PostgreSQL: the twin of `schema.sqlite.ts`, table for table and column for column
// (schema-parity.test.ts compares them). Timestamps are timestamptz read back as ISO-8601 strings,
// calendar dates are `date` read as 'YYYY-MM-DD', JSON is jsonb, ids are UUIDs kept as text so a
// malformed id in a URL is simply not found (as on SQLite) instead of a type error.
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, boolean, customType, date, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { FormAnswers, FormQuestion } from '../../shared/forms.ts';
import type { Attachment, ChecklistItem } from '../../shared/tasks.ts';
import type { PolicyFile, TaskUpload } from '../../shared/uploads.ts';

const id = () =>
  text('id')
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());
const now = () => new Date().toISOString();
/** Postgres text of a UTC timestamp(3) (the pool's TimeZone is UTC): '2026-11-24 19:31:39.12+00'. */
const UTC_TIMESTAMP = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d{1,3}))?\+00$/;

/**
 * timestamptz that reads back exactly as SQLite's column does: `Date#toISOString()` text. drizzle's
 * node-postgres driver hands timestamps over as Postgres text ('2026-11-24 19:31:39.12+00'). A UTC one
 * is rewritten as text (no Date: lists and pulls read thousands); any other offset goes through Date.
 */
const timestamp = customType<{ data: string; driverData: string }>({
  dataType: () => 'timestamp(3) with time zone',
  fromDriver: (value) => {
    const utc = UTC_TIMESTAMP.exec(value);
    if (utc) return `${utc[1]}T${utc[2]}.${(utc[3] ?? '').padEnd(3, '0')}Z`;
    return new Date(value.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00')).toISOString();
  },
});
const createdAt = () => timestamp('created_at').notNull().$defaultFn(now);
const updatedAt = () => timestamp('updated_at').notNull().$defaultFn(now).$onUpdateFn(now);
const bool = (name: string) => boolean(name);
const json = (name: string) => jsonb(name);
const day = (name: string) => date(name, { mode: 'string' });
/** Sync columns: the company's change counter at the last write, and the soft-delete tombstone. */
const version = () => integer('version').notNull().default(0);
/** The shard key: every row that belongs to a company says which (DESIGN.md section 9). */
const companyId = () =>
  text('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });
const deletedAt = () => timestamp('deleted_at');

export type HelpfulResource = { label: string; url: string };

export const companies = pgTable('companies', {
  id: id(),
  name: text('name').notNull(),
  address: text('address'),
  /** Used with the address to prefill PayHere's payer details. */
  phone: text('phone'),
  city: text('city'),
  planType: text('plan_type', { enum: ['starter', 'growth', 'business'] })
    .notNull()
    .default('starter'),
  /** IANA time zone of the company's day: reminders go out at 08:00 in it (shared/notifications.ts). */
  timeZone: text('time_zone').notNull().default('UTC'),
  /** Admins and managers must sign in with a second factor (TOTP or a passkey) (issue 24). */
  requireSecondFactor: boolean('require_second_factor').notNull().default(false),
  helpfulResources: json('helpful_resources').$type<HelpfulResource[]>(),
  /** The company's sync counter: bumped under this row's lock once per write transaction of synced rows. */
  version: version(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    profileImageUrl: text('profile_image_url'),
    role: text('role', { enum: ['admin', 'manager', 'new_hire'] })
      .notNull()
      .default('new_hire'),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    managerId: text('manager_id').references((): AnyPgColumn => users.id, {
      onDelete: 'set null',
    }),
    fullName: text('full_name'),
    /** Argon2id hash; null for an invited person who has not set a password yet. */
    password: text('password'),
    companyName: text('company_name'),
    accountType: text('account_type', {
      enum: ['administrator', 'team_member', 'billing_contact', 'individual_freelancer'],
    }),
    isEmailVerified: bool('is_email_verified').notNull().default(false),
    /** Hash of the newest verification token; the token itself only travels in the email. */
    emailVerificationToken: text('email_verification_token'),
    emailVerificationExpires: timestamp('email_verification_expires'),
    authProvider: text('auth_provider').notNull().default('custom'),
    providerUserId: text('provider_user_id'),
    lastSignInAt: timestamp('last_sign_in_at'),
    /** The authenticator app's TOTP secret, sealed with SECRETS_KEY (api/lib/secret-box.ts); null when not enrolled. */
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_unique').on(sql`lower(${t.email})`), index('users_company_idx').on(t.companyId, t.role), index('users_manager_idx').on(t.managerId)],
);

/** Single-use, expiring tokens for password reset and invitations, stored hashed. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['reset', 'invite'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at').notNull(),
    usedAt: timestamp('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('auth_tokens_hash_unique').on(t.tokenHash), index('auth_tokens_user_idx').on(t.userId)],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 (hex) of the session id; the id itself is only ever in the cookie (api/auth/sessions.ts). */
    sid: text('sid').primaryKey(),
    sess: json('sess').notNull().$type<{ userId: string; createdAt: string }>(),
    /** Idle expiry as epoch milliseconds; pushed forward on use, capped by the absolute expiry. */
    expire: bigint('expire', { mode: 'number' }).notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** For the person's list of active sessions (issue 24): the browser that signed in, and how. */
    userAgent: text('user_agent'),
    method: text('method', { enum: ['password', 'sso', 'passkey', 'second_factor', 'signup', 'invite', 'reset'] }),
    createdAt: timestamp('created_at'),
    /** Moves with the idle expiry (at most hourly). */
    lastSeenAt: timestamp('last_seen_at'),
  },
  (t) => [index('sessions_expire_idx').on(t.expire), index('sessions_user_idx').on(t.userId)],
);

export const templates = pgTable(
  'templates',
  {
    id: id(),
    title: text('title').notNull(),
    description: text('description'),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    duration: integer('duration').notNull().default(90),
    isActive: bool('is_active').notNull().default(true),
    kind: text('kind', { enum: ['onboarding', 'offboarding'] })
      .notNull()
      .default('onboarding'),
    /** Due dates count Monday to Friday only. */
    businessDays: bool('business_days').notNull().default(false),
    version: version(),
    deletedAt: deletedAt(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('templates_company_idx').on(t.companyId), index('templates_created_by_idx').on(t.createdBy), index('templates_company_version_idx').on(t.companyId, t.version)],
);

export const templateSections = pgTable(
  'template_sections',
  {
    id: id(),
    templateId: text('template_id')
      .notNull()
      .references(() => templates.id, { onDelete: 'cascade' }),
    companyId: companyId(),
    title: text('title').notNull(),
    description: text('description'),
    dayStart: integer('day_start').notNull(),
    dayEnd: integer('day_end').notNull(),
    order: integer('order').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('template_sections_template_idx').on(t.templateId, t.order)],
);

/** Task content shared by template tasks and the plan tasks copied from them. */
const taskContent = () => ({
  title: text('title').notNull(),
  description: text('description'),
  type: text('type', { enum: ['checklist', 'resource', 'introduction', 'meeting', 'form', 'acknowledgement', 'upload'] }).notNull(),
  resourceUrl: text('resource_url'),
  videoUrl: text('video_url'),
  videoTitle: text('video_title'),
  attachments: json('attachments').$type<Attachment[]>(),
  checklistItems: json('checklist_items').$type<ChecklistItem[]>(),
  personName: text('person_name'),
  personRole: text('person_role'),
  personPhoto: text('person_photo'),
  meetingTitle: text('meeting_title'),
  meetingAttendees: json('meeting_attendees').$type<string[]>(),
  meetingDate: text('meeting_date'),
  /** Issue 19: a form's questions, an acknowledgement's policy (text or PDF), what an upload task takes. */
  formQuestions: json('form_questions').$type<FormQuestion[]>(),
  policyText: text('policy_text'),
  policyFile: json('policy_file').$type<PolicyFile>(),
  uploadKinds: json('upload_kinds').$type<('pdf' | 'image')[]>(),
  /** Who does it (shared/assignees.ts); `assigneePersonId` names the person of kind 'person'. */
  assigneeKind: text('assignee_kind', { enum: ['new_hire', 'manager', 'buddy', 'hr', 'person'] })
    .notNull()
    .default('new_hire'),
  assigneePersonId: text('assignee_person_id').references(() => users.id, { onDelete: 'set null' }),
  /** Held back from the new hire until this many days before its window; null: shown from the start. */
  releaseDaysBefore: integer('release_days_before'),
  order: integer('order').notNull(),
  createdAt: createdAt(),
});

export const templateTasks = pgTable(
  'template_tasks',
  {
    id: id(),
    sectionId: text('section_id')
      .notNull()
      .references(() => templateSections.id, { onDelete: 'cascade' }),
    companyId: companyId(),
    ...taskContent(),
  },
  (t) => [index('template_tasks_section_idx').on(t.sectionId, t.order)],
);

export const onboardingPlans = pgTable(
  'onboarding_plans',
  {
    id: id(),
    newHireId: text('new_hire_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Templates are soft-deleted, so a plan keeps reading its template's title and duration.
    templateId: text('template_id').references(() => templates.id, { onDelete: 'set null' }),
    managerId: text('manager_id').references(() => users.id, { onDelete: 'set null' }),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    startDate: day('start_date').notNull(),
    currentPhase: text('current_phase'),
    /** Copied from the template when the plan is made. */
    kind: text('kind', { enum: ['onboarding', 'offboarding'] })
      .notNull()
      .default('onboarding'),
    businessDays: bool('business_days').notNull().default(false),
    /** Any colleague in the company; tasks of kind 'buddy' go to them. */
    buddyId: text('buddy_id').references(() => users.id, { onDelete: 'set null' }),
    isCompleted: bool('is_completed').notNull().default(false),
    completedAt: timestamp('completed_at'),
    /** Maintained counters (decision 008): the plan's live tasks and how many are ticked, kept by every write of its tasks. */
    tasksTotal: integer('tasks_total').notNull().default(0),
    tasksDone: integer('tasks_done').notNull().default(0),
    /** The same for the new hire's own part (tasks of kind 'new_hire'). */
    newHireTasksTotal: integer('new_hire_tasks_total').notNull().default(0),
    newHireTasksDone: integer('new_hire_tasks_done').notNull().default(0),
    version: version(),
    deletedAt: deletedAt(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('plans_company_idx').on(t.companyId, t.isCompleted),
    // Lists page newest first and stats take the latest changes without sorting a company's plans.
    // A manager's and a new hire's lists have their own, so no plan of the rest of the company is read.
    index('plans_company_created_idx').on(t.companyId, t.deletedAt, t.createdAt, t.id),
    index('plans_company_updated_idx').on(t.companyId, t.deletedAt, t.updatedAt, t.id),
    index('plans_new_hire_scope_idx').on(t.newHireId, t.companyId, t.deletedAt, t.createdAt, t.id),
    index('plans_manager_scope_idx').on(t.managerId, t.companyId, t.deletedAt, t.createdAt, t.id),
    index('plans_buddy_idx').on(t.buddyId),
    index('plans_template_idx').on(t.templateId),
    index('plans_created_by_idx').on(t.createdBy),
    index('plans_company_version_idx').on(t.companyId, t.version),
  ],
);

export const onboardingTasks = pgTable(
  'onboarding_tasks',
  {
    id: id(),
    planId: text('plan_id')
      .notNull()
      .references(() => onboardingPlans.id, { onDelete: 'cascade' }),
    companyId: companyId(),
    templateTaskId: text('template_task_id'),
    sectionTitle: text('section_title'),
    dayStart: integer('day_start'),
    dayEnd: integer('day_end'),
    dueDate: day('due_date'),
    /** The first day of its window as a date; due and release dates move with the plan's start date while open. */
    opensOn: day('opens_on'),
    releaseOn: day('release_on'),
    /** The person who does it, resolved from its assignee kind for this plan; null while nobody has that role. */
    assigneeId: text('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    isCompleted: bool('is_completed').notNull().default(false),
    completedAt: timestamp('completed_at'),
    completedBy: text('completed_by').references(() => users.id, { onDelete: 'set null' }),
    ...taskContent(),
    /** A form task's answers once submitted, and when (issue 19). */
    formAnswers: json('form_answers').$type<FormAnswers>(),
    formSubmittedAt: timestamp('form_submitted_at'),
    /** An upload task's files, kept with the task so the new hire's device has them (the rows are in \`files\`). */
    uploads: json('uploads').$type<TaskUpload[]>(),
    version: version(),
    deletedAt: deletedAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('tasks_plan_idx').on(t.planId, t.order),
    index('tasks_company_version_idx').on(t.companyId, t.version),
    // Covering: task counts per plan (lists, progress, stats) read the index alone.
    index('tasks_plan_progress_idx').on(t.planId, t.deletedAt, t.isCompleted),
    // My tasks: a person's open tasks across plans, by due date.
    index('tasks_assignee_idx').on(t.assigneeId, t.deletedAt, t.isCompleted, t.dueDate),
    // A new hire's sync pull: their plans' tasks, and those they do on other people's plans, changed since the
    // cursor. Without these it visited every task of the plan on each pull, changed or not (issue 20). A new
    // hire's own tasks are left out of the second: the pull read each changed one there again, to drop it.
    index('tasks_plan_version_idx').on(t.planId, t.version),
    index('tasks_assignee_version_idx')
      .on(t.assigneeId, t.version)
      .where(sql`${t.assigneeKind} <> 'new_hire'`),
  ],
);

/**
 * Maintained counters (decision 008): a company's live plans summed per template, so its figures are
 * read from a few rows instead of recounted from every plan and task. Each live plan adds its figures
 * to its template's row (`api/stats/plan-counters.ts`); '' stands for no template.
 */
export const companyTemplateStats = pgTable(
  'company_template_stats',
  {
    companyId: companyId(),
    templateId: text('template_id').notNull().default(''),
    plans: integer('plans').notNull().default(0),
    completed: integer('completed').notNull().default(0),
    /** Each plan's whole percent of tasks done, summed. */
    progressSum: integer('progress_sum').notNull().default(0),
    tasksTotal: integer('tasks_total').notNull().default(0),
    tasksDone: integer('tasks_done').notNull().default(0),
    /** Plans by progress: 0-25, 26-50, 51-75 and 76-100 percent. */
    progressUpTo25: integer('progress_upto_25').notNull().default(0),
    progressUpTo50: integer('progress_upto_50').notNull().default(0),
    progressUpTo75: integer('progress_upto_75').notNull().default(0),
    progressAbove75: integer('progress_above_75').notNull().default(0),
    /** Whole days from start date to completion, over the completed plans that have a completion time. */
    daysToCompleteSum: integer('days_to_complete_sum').notNull().default(0),
    daysToCompleteCount: integer('days_to_complete_count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.templateId] })],
);

/** Maintained counters (decision 008): a company's live completed plans per UTC month of their completion. */
export const companyCompletionMonths = pgTable(
  'company_completion_months',
  {
    companyId: companyId(),
    /** 'YYYY-MM' (UTC). */
    month: text('month').notNull(),
    completed: integer('completed').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.month] })],
);

export const messages = pgTable(
  'messages',
  {
    id: id(),
    senderId: text('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receiverId: text('receiver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: text('plan_id')
      .notNull()
      .references(() => onboardingPlans.id, { onDelete: 'cascade' }),
    companyId: companyId(),
    content: text('content').notNull(),
    /** 'staff': a note between admins and the plan's manager that never reaches the new hire. */
    audience: text('audience', { enum: ['plan', 'staff'] })
      .notNull()
      .default('plan'),
    isRead: bool('is_read').notNull().default(false),
    /** Set once an unread-message mail has covered this message (or it was read first): never mailed twice. */
    emailNotified: bool('email_notified').notNull().default(false),
    version: version(),
    deletedAt: deletedAt(),
    createdAt: createdAt(),
  },
  (t) => [
    index('messages_plan_idx').on(t.planId, t.createdAt),
    // A new hire's sync pull reads their conversation's messages changed since the cursor, not all of it.
    index('messages_plan_version_idx').on(t.planId, t.version),
    index('messages_receiver_idx').on(t.receiverId, t.isRead),
    index('messages_sender_idx').on(t.senderId),
    index('messages_company_version_idx').on(t.companyId, t.version),
    index('messages_unnotified_idx').on(t.emailNotified, t.isRead, t.createdAt),
  ],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: id(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    planType: text('plan_type', { enum: ['starter', 'growth', 'business'] }).notNull(),
    billingPeriod: text('billing_period', { enum: ['monthly', 'yearly'] })
      .notNull()
      .default('monthly'),
    amount: text('amount').notNull(),
    currency: text('currency', { enum: ['LKR', 'USD'] })
      .notNull()
      .default('LKR'),
    status: text('status', { enum: ['pending', 'completed', 'failed', 'cancelled', 'refunded'] })
      .notNull()
      .default('pending'),
    paymentMethod: text('payment_method'),
    payhereOrderId: text('payhere_order_id'),
    payherePaymentId: text('payhere_payment_id'),
    /** PayHere's recurring-billing id (notify's subscription_id): what the Subscription Manager cancels. */
    payhereSubscriptionId: text('payhere_subscription_id'),
    startDate: timestamp('start_date'),
    endDate: timestamp('end_date'),
    cancelledAt: timestamp('cancelled_at'),
    isActive: bool('is_active').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('subscriptions_order_unique').on(t.payhereOrderId), index('subscriptions_company_idx').on(t.companyId, t.isActive)],
);

export const paymentTransactions = pgTable(
  'payment_transactions',
  {
    id: id(),
    subscriptionId: text('subscription_id').references(() => subscriptions.id, { onDelete: 'cascade' }),
    companyId: text('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    orderId: text('order_id').notNull(),
    paymentId: text('payment_id'),
    amount: text('amount'),
    currency: text('currency'),
    status: text('status').notNull(),
    paymentMethod: text('payment_method'),
    cardHolderName: text('card_holder_name'),
    cardNo: text('card_no'),
    statusCode: text('status_code'),
    statusMessage: text('status_message'),
    /** Why the operator must look at this one (e.g. 'renewal_after_cancel'); null when all is well. */
    flag: text('flag'),
    customFields: json('custom_fields').$type<Record<string, string>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('payment_transactions_subscription_idx').on(t.subscriptionId),
    index('payment_transactions_company_idx').on(t.companyId),
    index('payment_transactions_order_idx').on(t.orderId),
  ],
);

/** Why a company cancelled, kept for the operator (`npm run billing:report`). */
export const subscriptionCancellations = pgTable(
  'subscription_cancellations',
  {
    id: id(),
    companyId: companyId(),
    subscriptionId: text('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    feedback: text('feedback'),
    createdAt: createdAt(),
  },
  (t) => [index('subscription_cancellations_company_idx').on(t.companyId)],
);

/** Who has a template open in the editor: one row per person and template, refreshed by a heartbeat. */
export const templatePresence = pgTable(
  'template_presence',
  {
    templateId: text('template_id')
      .notNull()
      .references(() => templates.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: companyId(),
    seenAt: timestamp('seen_at').notNull(),
  },
  (t) => [uniqueIndex('template_presence_unique').on(t.templateId, t.userId)],
);

/** Per-client mutation bookkeeping, so a replayed push is applied once. */
export const syncClients = pgTable(
  'sync_clients',
  {
    clientId: text('client_id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: companyId(),
    lastMutationId: integer('last_mutation_id').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [index('sync_clients_user_idx').on(t.userId)],
);

/**
 * Rows that left someone's view without leaving a `deletedAt` row behind (decision 004): a hard
 * delete (a deleted person's plans and messages go with their account) or a plan handed to another
 * person. Pull reads these beside the synced tables, so every client hears of the change.
 */
export const syncTombstones = pgTable(
  'sync_tombstones',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    entity: text('entity', { enum: ['plan', 'message', 'task'] }).notNull(),
    entityId: text('entity_id').notNull(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** Who must hear of it; null: the company's admins, who see every plan. */
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sync_tombstones_company_version_idx').on(t.companyId, t.version), index('sync_tombstones_user_idx').on(t.userId)],
);

/**
 * Fixed-window request counters shared by every API instance (DESIGN.md section 9): one row per
 * limited key (route, client address or account) and window.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    /** Epoch milliseconds at which the window ends and the count starts again. */
    resetAt: bigint('reset_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('rate_limits_reset_idx').on(t.resetAt)],
);

/** Values the server keeps for every instance: VAPID keys, the unsubscribe links' signing key. */
export const serverSettings = pgTable('server_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/**
 * The job runner's schedule (decision 010): one row per recurring job, claimed with a lease so two
 * instances never run the same job at once. Times are epoch milliseconds, compared the same way on
 * both engines.
 */
export const jobs = pgTable(
  'jobs',
  {
    /** 'mail-outbox', or '<kind>:<companyId>' for a company's job. */
    name: text('name').primaryKey(),
    kind: text('kind', { enum: ['morning_digest', 'weekly_summary', 'start_mails', 'unread_messages', 'outbox', 'webhooks'] }).notNull(),
    /** null: a job of the whole server (the outbox, unread-message mails). */
    companyId: text('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    /** A cron expression (croner) read in `timeZone`. */
    schedule: text('schedule').notNull(),
    timeZone: text('time_zone').notNull().default('UTC'),
    nextRunAt: bigint('next_run_at', { mode: 'number' }).notNull(),
    leaseOwner: text('lease_owner'),
    leaseUntil: bigint('lease_until', { mode: 'number' }),
    /** Failures since the last success: the retry backoff grows with it. */
    attempts: integer('attempts').notNull().default(0),
    failures: integer('failures').notNull().default(0),
    lastStartedAt: bigint('last_started_at', { mode: 'number' }),
    lastFinishedAt: bigint('last_finished_at', { mode: 'number' }),
    lastError: text('last_error'),
  },
  (t) => [index('jobs_next_run_idx').on(t.nextRunAt), index('jobs_company_idx').on(t.companyId)],
);

/**
 * Every mail and push notification is a row first, then sent (decision 010). `dedupeKey` makes
 * "once" hold across instances and restarts: a second enqueue of the same key is a no-op.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: id(),
    channel: text('channel', { enum: ['email', 'push'] }).notNull(),
    /** What kind of message this is (account, morning_digest, ...), for preferences and admins. */
    kind: text('kind').notNull(),
    companyId: text('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The address of an email; null for a push (it goes to each of the user's subscriptions). */
    recipient: text('recipient'),
    /** The rendered mail ({ subject, text, html, headers }) or push ({ title, body, url }). */
    payload: text('payload').notNull(),
    dedupeKey: text('dedupe_key'),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: bigint('next_attempt_at', { mode: 'number' }).notNull(),
    leaseUntil: bigint('lease_until', { mode: 'number' }),
    lastError: text('last_error'),
    sentAt: bigint('sent_at', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('outbox_dedupe_key_idx').on(t.dedupeKey), index('outbox_due_idx').on(t.status, t.nextAttemptAt), index('outbox_company_idx').on(t.companyId)],
);

/** A browser's Web Push subscription (the installed app on one device). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: companyId(),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint), index('push_subscriptions_user_idx').on(t.userId)],
);

/** A kind of notification a person turned off (shared/notifications.ts); every kind is on by default. */
export const notificationOptOuts = pgTable(
  'notification_opt_outs',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: companyId(),
    kind: text('kind', { enum: ['morning_digest', 'weekly_summary', 'start_mails', 'unread_messages'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/**
 * A stored file (issue 19): a document uploaded to an upload task, or the PDF of a policy (no plan). The
 * bytes are in the file storage (data/uploads or S3) under \`storageKey\`; the type was sniffed from them.
 */
export const files = pgTable(
  'files',
  {
    id: id(),
    companyId: companyId(),
    purpose: text('purpose', { enum: ['upload', 'policy'] }).notNull(),
    planId: text('plan_id').references(() => onboardingPlans.id, { onDelete: 'cascade' }),
    taskId: text('task_id').references(() => onboardingTasks.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    uploadedBy: text('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    /** Made by the device: an offline upload sent twice is stored once. */
    clientUploadId: text('client_upload_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('files_task_idx').on(t.taskId),
    index('files_plan_idx').on(t.planId),
    index('files_uploaded_by_idx').on(t.uploadedBy),
    uniqueIndex('files_client_upload_idx').on(t.companyId, t.clientUploadId),
  ],
);

/** Who accepted which text of a policy, when, from where (issue 19). Kept when the policy changes. */
export const acknowledgements = pgTable(
  'acknowledgements',
  {
    id: id(),
    companyId: companyId(),
    planId: text('plan_id')
      .notNull()
      .references(() => onboardingPlans.id, { onDelete: 'cascade' }),
    taskId: text('task_id')
      .notNull()
      .references(() => onboardingTasks.id, { onDelete: 'cascade' }),
    /** The template task the plan's task came from: versions count across every plan made from it. */
    templateTaskId: text('template_task_id'),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    typedName: text('typed_name').notNull(),
    acceptedAt: timestamp('accepted_at').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    sha256: text('sha256').notNull(),
    version: integer('version').notNull(),
    policyText: text('policy_text'),
    policyFile: json('policy_file').$type<PolicyFile>(),
  },
  (t) => [
    index('acknowledgements_task_idx').on(t.taskId),
    index('acknowledgements_plan_idx').on(t.planId),
    index('acknowledgements_template_task_idx').on(t.templateTaskId, t.sha256),
  ],
);

/**
 * An API key of a company (issue 21): shown once, stored as its SHA-256. It acts as the admin who made
 * it, narrowed by its scope; deleting that admin deletes their keys.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    companyId: companyId(),
    createdBy: text('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scope: text('scope', { enum: ['read', 'write'] }).notNull(),
    /** The key's first characters, shown in lists so a person can tell keys apart. */
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    lastUsedAt: timestamp('last_used_at'),
    revokedAt: timestamp('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('api_keys_key_hash_idx').on(t.keyHash), index('api_keys_company_idx').on(t.companyId)],
);

/**
 * Where a company's events go (issue 21): a signed Standard Webhooks endpoint, or a Slack, Microsoft Teams
 * or Mattermost incoming webhook that gets a readable message.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: id(),
    companyId: companyId(),
    kind: text('kind', { enum: ['webhook', 'slack', 'teams', 'mattermost'] }).notNull(),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    /** The event names it wants (shared/integrations.ts). */
    events: json('events').$type<string[]>().notNull(),
    /** The Standard Webhooks signing secret ('whsec_' + base64). */
    secret: text('secret').notNull(),
    enabled: bool('enabled').notNull().default(true),
    /** Set when deliveries kept failing for a day and the endpoint was turned off. */
    disabledAt: timestamp('disabled_at'),
    disabledReason: text('disabled_reason'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('webhook_endpoints_company_idx').on(t.companyId)],
);

/** One event queued for one endpoint, sent and retried by the job runner (DESIGN.md section 9). */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    /** Also the `webhook-id` header: the receiver's idempotency key, the same on every retry. */
    id: id(),
    companyId: companyId(),
    endpointId: text('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    /** The JSON body as first sent; a resend sends it again. */
    payload: text('payload').notNull(),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: bigint('next_attempt_at', { mode: 'number' }).notNull(),
    leaseUntil: bigint('lease_until', { mode: 'number' }),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    lastAttemptAt: bigint('last_attempt_at', { mode: 'number' }),
    deliveredAt: bigint('delivered_at', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt), index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt)],
);

/**
 * A company's OpenID Connect single sign-on (issue 24). The client secret is sealed with SECRETS_KEY;
 * `testedAt` is set by a successful test sign-in after the last change, and enabling needs it.
 */
export const companySso = pgTable('company_sso', {
  companyId: text('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  issuer: text('issuer').notNull(),
  clientId: text('client_id').notNull(),
  clientSecret: text('client_secret').notNull(),
  enabled: boolean('enabled').notNull().default(false),
  testedAt: timestamp('tested_at'),
  /** Passwords are refused for everyone in the company but the break-glass admin. */
  requireSso: boolean('require_sso').notNull().default(false),
  breakGlassUserId: text('break_glass_user_id').references(() => users.id, { onDelete: 'set null' }),
  /** A verified provider email of a covered domain with no account becomes a new hire without a plan. */
  autoProvision: boolean('auto_provision').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The email domains a company's SSO covers; a domain belongs to one company at most. */
export const ssoDomains = pgTable(
  'sso_domains',
  {
    /** Lower-case, e.g. 'acme.com'. */
    domain: text('domain').primaryKey(),
    companyId: companyId(),
  },
  (t) => [index('sso_domains_company_idx').on(t.companyId)],
);

/** A person linked to their identity at a company's provider: issuer + subject is theirs alone. */
export const ssoIdentities = pgTable(
  'sso_identities',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: companyId(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.issuer, t.subject] }), index('sso_identities_user_idx').on(t.userId)],
);

/**
 * A sign-in step in progress (SSO redirect, passkey ceremony, second factor, TOTP enrolment), kept
 * server-side for a few minutes. `id` is the SHA-256 of the random token in the step's HttpOnly cookie.
 */
export const authFlows = pgTable(
  'auth_flows',
  {
    id: text('id').primaryKey(),
    purpose: text('purpose', { enum: ['sso', 'sso_test', 'passkey_register', 'passkey_sign_in', 'second_factor', 'totp_enrol'] }).notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    data: json('data').notNull().$type<Record<string, unknown>>(),
    expiresAt: timestamp('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('auth_flows_expires_idx').on(t.expiresAt)],
);

/** WebAuthn credentials (issue 24): discoverable, so a passkey alone names its person. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** base64url credential id, as the browser reports it. */
    credentialId: text('credential_id').notNull(),
    /** base64url COSE public key. */
    publicKey: text('public_key').notNull(),
    /** WebAuthn's signature counter is 32-bit unsigned: past int4 on PostgreSQL. */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: json('transports').$type<string[]>(),
    deviceType: text('device_type'),
    backedUp: boolean('backed_up').notNull().default(false),
    name: text('name').notNull(),
    lastUsedAt: timestamp('last_used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('passkeys_credential_idx').on(t.credentialId), index('passkeys_user_idx').on(t.userId)],
);

/** Ten one-time recovery codes per person with TOTP, stored hashed; a used one is never accepted again. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);
