// Test-only: a company whose plans' tasks get exact dates, and the outbox read back as what was queued.
import { and, asc, eq } from 'drizzle-orm';
import type { PushPayload } from '../../shared/notifications.ts';
import { createTeamMember } from '../auth/auth.queries.ts';
import { nextVersion, transaction } from '../db/client.ts';
import { companies, onboardingPlans, onboardingTasks, outbox, subscriptions } from '../db/schema.ts';
import { asCurrentUser, type CurrentUser } from '../lib/env.ts';
import type { Mail } from '../mail/mailer.ts';
import { assignPlanFromTemplate } from '../onboarding/onboarding.queries.ts';
import { recountPlan } from '../onboarding/plan-recount.ts';
import { insertTemplate, type SectionSpec } from '../onboarding/test-fixtures.ts';
import { TEST_PASSWORD_HASH, type TestContext } from '../test/harness.ts';

export const APP_URL = 'https://kickoff.test';

type Company = Awaited<ReturnType<TestContext['createCompany']>>;

/** A company on Business (no limit on new hires) in `timeZone`, its people as CurrentUser. */
export async function reminderCompany(ctx: TestContext, name: string, timeZone = 'UTC') {
  const company: Company = await ctx.createCompany(name);
  await ctx.db.update(companies).set({ planType: 'business', timeZone }).where(eq(companies.id, company.company.id));
  await ctx.db.insert(subscriptions).values({ companyId: company.company.id, planType: 'business', amount: '20', isActive: true, status: 'completed' });
  const admin = asCurrentUser(company.admin);
  const manager = asCurrentUser(company.manager);
  const newHire = asCurrentUser(company.newHire);

  async function member(role: 'manager' | 'new_hire', fullName: string, managerId?: string): Promise<CurrentUser> {
    const slug = `${fullName.toLowerCase().replace(/\W+/g, '.')}.${crypto.randomUUID().slice(0, 6)}`;
    return asCurrentUser(
      await createTeamMember(ctx.db, { companyId: company.company.id, email: `${slug}@reminders.test`, fullName, role, managerId, passwordHash: TEST_PASSWORD_HASH }),
    );
  }

  /** A plan of `person` from a template of `sections`, assigned by the admin. */
  async function plan(person: CurrentUser, options: { sections: SectionSpec[]; startDate: string; managerId?: string; kind?: 'onboarding' | 'offboarding' }) {
    const template = await insertTemplate(ctx.db, company.company.id, { sections: options.sections, kind: options.kind });
    return assignPlanFromTemplate(ctx.db, admin, { newHireId: person.id, templateId: template.id, startDate: options.startDate, managerId: options.managerId });
  }

  return { id: company.company.id, name, timeZone, admin, manager, newHire, member, plan };
}

/** Sets the dates (or the tick) of the task titled `title` on a plan, as written (placeholders unfilled). */
export async function setTask(
  ctx: TestContext,
  planId: string,
  title: string,
  values: { dueDate?: string; opensOn?: string; releaseOn?: string | null; isCompleted?: boolean; completedAt?: string },
): Promise<void> {
  const updated = await ctx.db
    .update(onboardingTasks)
    .set(values)
    .where(and(eq(onboardingTasks.planId, planId), eq(onboardingTasks.title, title)))
    .returning({ id: onboardingTasks.id });
  if (updated.length !== 1) throw new Error(`setTask: no single task "${title}" on plan ${planId}`);
  // A tick moves the plan's maintained counters, as the routes' writes do.
  if (values.isCompleted !== undefined) {
    await transaction(ctx.db, async (tx) => {
      const [plan] = await tx.select({ companyId: onboardingPlans.companyId }).from(onboardingPlans).where(eq(onboardingPlans.id, planId));
      if (!plan) throw new Error(`setTask: no plan ${planId}`);
      await recountPlan(tx, planId, await nextVersion(tx, plan.companyId));
    });
  }
}

export type QueuedMail = { kind: string; userId: string | null; companyId: string | null; recipient: string | null; dedupeKey: string | null; mail: Omit<Mail, 'to'> };
export type QueuedPush = { kind: string; userId: string | null; dedupeKey: string | null; payload: PushPayload };

/** Every mail in the outbox, oldest first. */
export async function queuedMails(ctx: TestContext, kind?: string): Promise<QueuedMail[]> {
  const rows = await ctx.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.channel, 'email'), kind ? eq(outbox.kind, kind) : undefined))
    .orderBy(asc(outbox.createdAt), asc(outbox.recipient));
  return rows.map((row) => ({
    kind: row.kind,
    userId: row.userId,
    companyId: row.companyId,
    recipient: row.recipient,
    dedupeKey: row.dedupeKey,
    mail: JSON.parse(row.payload) as Omit<Mail, 'to'>,
  }));
}

export async function queuedPushes(ctx: TestContext): Promise<QueuedPush[]> {
  const rows = await ctx.db.select().from(outbox).where(eq(outbox.channel, 'push')).orderBy(asc(outbox.createdAt));
  return rows.map((row) => ({ kind: row.kind, userId: row.userId, dedupeKey: row.dedupeKey, payload: JSON.parse(row.payload) as PushPayload }));
}
