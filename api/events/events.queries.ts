// What a poke's audience needs that a write route does not hold already: the people of the plans a
// change touched, read after the write has committed. Deleted plans count: their people must hear of it.
// A tick and a message sent over REST need none of these: their queries return the plan's people.
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { MessageAudience } from '../../shared/messages.ts';
import type { Db } from '../db/client.ts';
import { preparedFor } from '../db/prepared.ts';
import { messages, onboardingPlans, onboardingTasks } from '../db/schema.ts';
import type { PlanParties } from './audience.ts';

/** A plan and the people who, with the company's admins, see it. */
export type PlanRef = PlanParties & { id: string };

const planRefColumns = { id: onboardingPlans.id, newHireId: onboardingPlans.newHireId, managerId: onboardingPlans.managerId };

// One plan is the usual case: prepared once per connection.
const statements = preparedFor((db) => ({
  plan: db
    .select(planRefColumns)
    .from(onboardingPlans)
    .where(and(eq(onboardingPlans.id, sql.placeholder('planId')), eq(onboardingPlans.companyId, sql.placeholder('companyId'))))
    .prepare('events.planRef'),
}));

/** The company's plans of these ids, deleted ones included. */
export async function planRefs(db: Db, companyId: string, planIds: string[]): Promise<PlanRef[]> {
  const ids = [...new Set(planIds)];
  if (ids.length === 0) return [];
  if (ids.length === 1) return statements(db).plan.execute({ planId: ids[0], companyId });
  return db
    .select(planRefColumns)
    .from(onboardingPlans)
    .where(and(eq(onboardingPlans.companyId, companyId), inArray(onboardingPlans.id, ids)));
}

/** The live plans a person is the new hire or the manager of: what removing them changes. */
export function plansOfPerson(db: Db, companyId: string, personId: string): Promise<PlanRef[]> {
  return db
    .select(planRefColumns)
    .from(onboardingPlans)
    .where(and(eq(onboardingPlans.companyId, companyId), isNull(onboardingPlans.deletedAt), or(eq(onboardingPlans.newHireId, personId), eq(onboardingPlans.managerId, personId))));
}

/** The people who do the live tasks of these plans: they hear of changes to them (My tasks) though they may not see the plans. */
export async function assigneesOfPlans(db: Db, companyId: string, planIds: string[]): Promise<string[]> {
  if (planIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ assigneeId: onboardingTasks.assigneeId })
    .from(onboardingTasks)
    .where(and(eq(onboardingTasks.companyId, companyId), inArray(onboardingTasks.planId, planIds), isNull(onboardingTasks.deletedAt)));
  return rows.flatMap((row) => (row.assigneeId ? [row.assigneeId] : []));
}

/** A ticked task's plan and its people, and who does the task: a tick's whole audience. */
export type TickedTaskRef = PlanRef & { assigneeId: string | null };

/** A sent message's plan and its people, and the message's audience. */
export type SentMessageRef = PlanRef & { audience: MessageAudience };

/** The plans of these messages of the company with their people, and each message's audience, in one read. */
export async function sentMessageRefs(db: Db, companyId: string, messageIds: string[]): Promise<SentMessageRef[]> {
  if (messageIds.length === 0) return [];
  return db
    .select({ ...planRefColumns, audience: messages.audience })
    .from(messages)
    .innerJoin(onboardingPlans, eq(onboardingPlans.id, messages.planId))
    .where(and(eq(messages.companyId, companyId), inArray(messages.id, messageIds)));
}
