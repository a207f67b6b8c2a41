// Plan conversations (DESIGN.md section 8): who may read and write them, and who a message goes to.
// sendMessage takes a transaction's handle, so the sync engine can call it inside its own
// transaction(db, tx => ...).
import { and, asc, count, eq, gt, inArray, isNull, ne, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Message, MessageAudience, UnreadCounts } from '../../shared/messages.ts';
import { MESSAGE_EMPTY } from '../../shared/messages.ts';
import { first, lockCompany, nextVersion, transaction } from '../db/client.ts';
import type { Db, Tx } from '../db/client.ts';
import { preparedFor } from '../db/prepared.ts';
import { messages, onboardingPlans, users } from '../db/schema.ts';
import type { PlanRef } from '../events/events.queries.ts';
import { alreadyExists, badRequest, found } from '../lib/app-error.ts';
import { clientTimeUpToNow } from '../lib/client-time.ts';
import { getVisiblePlan, type PlanRow } from '../onboarding/access.ts';
import type { CurrentUser } from '../lib/env.ts';
import { enabledEndpoints, enqueueWebhookEvent, subscribedTo, webhookPerson, webhookPlan } from '../webhooks/webhook-events.ts';

/**
 * Staff notes never reach the plan's new hire, whichever route reads the messages (list, unread
 * counts, sync pull). Needs onboarding_plans joined on the message's plan.
 */
export function staffNotesHiddenFrom(userId: string | Placeholder): SQL {
  return or(eq(messages.audience, 'plan'), ne(onboardingPlans.newHireId, userId)) as SQL;
}

/** The staff side of a plan's conversation: its manager, or the admin who created it when it has none. */
function staffParticipant(plan: PlanRow): string | null {
  return plan.managerId ?? plan.createdBy;
}

/** Who a message from `user` goes to when the client does not say. */
function defaultReceiver(plan: PlanRow, user: CurrentUser): string | null {
  if (user.id === plan.newHireId) return staffParticipant(plan);
  if (user.id === plan.managerId) return plan.newHireId;
  // Admins message the plan's manager; with no manager the admin side talks to the new hire.
  return plan.managerId ?? plan.newHireId;
}

/**
 * Who may receive a message from `sender` on this plan. The new hire writes to the plan's staff side
 * only. Staff write to the new hire, the plan's manager, or any admin of the company (a manager
 * answering an admin's note): everyone who can read the plan's conversation.
 */
async function mayReceive(tx: Tx, plan: PlanRow, sender: CurrentUser, receiverId: string): Promise<boolean> {
  if (receiverId === sender.id) return false;
  if (receiverId === plan.newHireId || receiverId === staffParticipant(plan)) return true;
  if (sender.id === plan.newHireId) return false;
  const admin = await first(
    tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, receiverId), eq(users.companyId, plan.companyId), eq(users.role, 'admin'))),
  );
  return admin !== undefined;
}

/** A message between two staff members, neither of them the plan's new hire, is a staff note. */
function audienceOf(plan: PlanRow, senderId: string, receiverId: string): MessageAudience {
  return senderId !== plan.newHireId && receiverId !== plan.newHireId ? 'staff' : 'plan';
}

const messageColumns = {
  id: messages.id,
  planId: messages.planId,
  senderId: messages.senderId,
  receiverId: messages.receiverId,
  content: messages.content,
  audience: messages.audience,
  isRead: messages.isRead,
  createdAt: messages.createdAt,
  senderFullName: users.fullName,
  senderRole: users.role,
};

type MessageRow = {
  id: string;
  planId: string;
  senderId: string;
  receiverId: string;
  content: string;
  audience: MessageAudience;
  isRead: boolean;
  createdAt: string;
  senderFullName: string | null;
  senderRole: Message['sender']['role'];
};

function toMessage({ senderFullName, senderRole, ...row }: MessageRow): Message {
  return { ...row, sender: { fullName: senderFullName, role: senderRole } };
}

/** The company's messages with these ids (a sync push's sent ones). */
export async function messagesByIds(db: Db, companyId: string, ids: readonly string[]): Promise<Message[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(messageColumns)
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderId))
    .where(and(eq(messages.companyId, companyId), inArray(messages.id, [...ids])));
  return rows.map(toMessage);
}

async function getMessageById(db: Db | Tx, id: string): Promise<Message | undefined> {
  const row = await first(db.select(messageColumns).from(messages).innerJoin(users, eq(users.id, messages.senderId)).where(eq(messages.id, id)));
  return row && toMessage(row);
}

export type SendMessageOptions = {
  id?: string;
  planId: string;
  content: string;
  receiverId?: string;
  createdAt?: string;
};

/**
 * Sends a message on a plan the caller can see. A client-chosen id makes it idempotent: the same
 * sender sending the same id again gets the stored message back, and nothing is written. Call it with
 * a transaction's handle (`transaction(db, tx => sendMessage(tx, ...))`): it takes the company's lock
 * first, so a concurrent replay of the same id waits and then finds the stored message.
 */
export async function sendMessage(tx: Tx, user: CurrentUser, input: SendMessageOptions): Promise<Message> {
  return (await sendMessageOnPlan(tx, user, input)).message;
}

/** A sent message, and its plan with the plan's people: all its poke needs, so none is read after the commit. */
export type MessageSent = { message: Message; plan: PlanRef };

/** sendMessage for the REST route, which pokes the plan's people once it has committed. */
export async function sendMessageOnPlan(tx: Tx, user: CurrentUser, input: SendMessageOptions): Promise<MessageSent> {
  // Three round trips under the company's lock (one company's writes queue on it, decision 005): the lock
  // with the plan and a replayed id's message, the version with the receiver's check, the writes with the
  // reads that follow them. Reads sent after the lock see every commit before it.
  const [, plan, existing] = await Promise.all([
    lockCompany(tx, user.companyId),
    getVisiblePlan(tx, user, input.planId),
    input.id ? first(tx.select({ id: messages.id, senderId: messages.senderId }).from(messages).where(eq(messages.id, input.id))) : undefined,
  ]);
  const parties: PlanRef = { id: plan.id, newHireId: plan.newHireId, managerId: plan.managerId };
  // The plan was checked first, so a replayed id never tells an outsider that a message exists.
  if (existing) {
    if (existing.senderId !== user.id) throw alreadyExists('A message with this id already exists');
    return { message: found(await getMessageById(tx, existing.id), 'Message'), plan: parties };
  }
  const content = input.content.trim();
  if (!content) throw badRequest(MESSAGE_EMPTY, [{ path: 'content', message: MESSAGE_EMPTY }]);

  const receiverId = input.receiverId ?? defaultReceiver(plan, user);
  // A receiver refused rolls the version back with the rest.
  const [version, receives] = await Promise.all([nextVersion(tx, user.companyId), receiverId ? mayReceive(tx, plan, user, receiverId) : false]);
  if (!receiverId || !receives) {
    throw badRequest('The receiver is not part of this conversation', [{ path: 'receiverId', message: 'The receiver is not part of this conversation' }]);
  }

  // A message written offline keeps the time it was written, but never a time in the future.
  const createdAt = clientTimeUpToNow(input.createdAt, new Date());
  const id = input.id ?? crypto.randomUUID();
  const audience = audienceOf(plan, user.id, receiverId);
  // Sent in this order, the insert first (`execute()` sends it as it is called), so the read finds the row.
  const [, endpoints, message] = await Promise.all([
    tx.insert(messages).values({ id, senderId: user.id, receiverId, planId: plan.id, companyId: plan.companyId, content, audience, createdAt, version }).execute(),
    enabledEndpoints(tx, plan.companyId),
    getMessageById(tx, id),
  ]);
  await enqueueWebhookEvent(
    tx,
    plan.companyId,
    'message.created',
    async () => ({ message: { id, content, sender: await webhookPerson(tx, user.id) }, plan: await webhookPlan(tx, plan.id) }),
    { endpointIds: subscribedTo(endpoints, 'message.created') },
  );
  return { message: found(message, 'Message'), plan: parties };
}

const statements = preparedFor((db) => {
  const conversation = (after: boolean) =>
    db
      .select(messageColumns)
      .from(messages)
      .innerJoin(users, eq(users.id, messages.senderId))
      .innerJoin(onboardingPlans, eq(onboardingPlans.id, messages.planId))
      .where(
        and(
          eq(messages.planId, sql.placeholder('planId')),
          isNull(messages.deletedAt),
          staffNotesHiddenFrom(sql.placeholder('userId')),
          after ? gt(messages.createdAt, sql.placeholder('after')) : undefined,
        ),
      )
      .orderBy(asc(messages.createdAt), asc(messages.id))
      .prepare(after ? 'messages.list.after' : 'messages.list.all');
  return { all: conversation(false), after: conversation(true) };
});

/** A plan's conversation, oldest first (staff notes only for staff); with `after`, only the newer messages. */
export async function listMessages(db: Db, user: CurrentUser, planId: string, after?: string): Promise<Message[]> {
  const plan = await getVisiblePlan(db, user, planId);
  const params = { planId: plan.id, userId: user.id };
  const rows = after ? await statements(db).after.execute({ ...params, after: new Date(after).toISOString() }) : await statements(db).all.execute(params);
  return rows.map(toMessage);
}

/**
 * Marks a message read; only its receiver may, anyone else gets 404. Opens its own transaction; the
 * company's version is bumped only when the message was unread (a read that changes nothing writes nothing).
 */
export function markMessageRead(db: Db, user: CurrentUser, messageId: string): Promise<Message> {
  return transaction(db, async (tx) => {
    const message = found(
      await first(
        tx
          .select({ id: messages.id, isRead: messages.isRead })
          .from(messages)
          .innerJoin(onboardingPlans, eq(onboardingPlans.id, messages.planId))
          .where(
            and(
              eq(messages.id, messageId),
              eq(messages.receiverId, user.id),
              eq(messages.companyId, user.companyId),
              isNull(messages.deletedAt),
              isNull(onboardingPlans.deletedAt),
            ),
          ),
      ),
      'Message',
    );
    if (!message.isRead) {
      const version = await nextVersion(tx, user.companyId);
      await tx.update(messages).set({ isRead: true, version }).where(eq(messages.id, message.id));
    }
    return found(await getMessageById(tx, message.id), 'Message');
  });
}

/**
 * Marks every unread message of a plan addressed to the caller as read (opening a conversation) and
 * returns how many changed. Opens its own transaction; with nothing unread it writes nothing.
 */
export async function markPlanRead(db: Db, user: CurrentUser, planId: string): Promise<number> {
  const plan = await getVisiblePlan(db, user, planId);
  const unread = and(eq(messages.planId, plan.id), eq(messages.receiverId, user.id), eq(messages.isRead, false), isNull(messages.deletedAt));
  return transaction(db, async (tx) => {
    if (!(await first(tx.select({ id: messages.id }).from(messages).where(unread).limit(1)))) return 0;
    const version = await nextVersion(tx, user.companyId);
    // Counted from the rows the update changed: a concurrent request may have marked some meanwhile.
    const marked = await tx.update(messages).set({ isRead: true, version }).where(unread).returning({ id: messages.id });
    return marked.length;
  });
}

/** Unread messages addressed to the caller on plans they can see, per plan (the badge). */
export async function countUnread(db: Db, user: CurrentUser): Promise<UnreadCounts> {
  const rows = await db
    .select({ planId: messages.planId, n: count() })
    .from(messages)
    .innerJoin(onboardingPlans, eq(onboardingPlans.id, messages.planId))
    .where(
      and(
        eq(messages.receiverId, user.id),
        eq(messages.isRead, false),
        isNull(messages.deletedAt),
        eq(messages.companyId, user.companyId),
        isNull(onboardingPlans.deletedAt),
        staffNotesHiddenFrom(user.id),
        user.role === 'admin' ? undefined : or(eq(onboardingPlans.newHireId, user.id), eq(onboardingPlans.managerId, user.id)),
      ),
    )
    .groupBy(messages.planId);
  const byPlan: Record<string, number> = {};
  let total = 0;
  for (const row of rows) {
    byPlan[row.planId] = row.n;
    total += row.n;
  }
  return { total, byPlan };
}
