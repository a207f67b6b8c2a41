// Plan conversations (DESIGN.md section 8): who may read and write them, and who a message goes to.
// All functions are synchronous so the sync engine can call them inside db.transaction(tx => ...).
import { and, asc, count, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Message, UnreadCounts } from '../../shared/messages.ts';
import { MESSAGE_EMPTY } from '../../shared/messages.ts';
import { nextVersion } from '../db/client.ts';
import type { Db, Tx } from '../db/client.ts';
import { preparedFor } from '../db/prepared.ts';
import { messages, onboardingPlans, users } from '../db/schema.ts';
import { badRequest, conflict, found } from '../lib/app-error.ts';
import { getVisiblePlan } from '../onboarding/access.ts';
import type { CurrentUser } from '../lib/env.ts';

type PlanParties = { id: string; newHireId: string; managerId: string | null; createdBy: string | null };

/** The plan if the caller may see it (DESIGN.md section 5); otherwise 404, never revealing which. */
export function getConversationPlan(db: Db | Tx, user: CurrentUser, planId: string): PlanParties {
  return getVisiblePlan(db, user, planId);
}

/** The staff side of a plan's conversation: its manager, or the admin who created it when it has none. */
function staffParticipant(plan: PlanParties): string | null {
  return plan.managerId ?? plan.createdBy;
}

/** Who a message from `user` goes to when the client does not say. */
function defaultReceiver(plan: PlanParties, user: CurrentUser): string | null {
  if (user.id === plan.newHireId) return staffParticipant(plan);
  if (user.id === plan.managerId) return plan.newHireId;
  // Admins message the plan's manager; with no manager the admin side talks to the new hire.
  return plan.managerId ?? plan.newHireId;
}

const messageColumns = {
  id: messages.id,
  planId: messages.planId,
  senderId: messages.senderId,
  receiverId: messages.receiverId,
  content: messages.content,
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
  isRead: boolean;
  createdAt: string;
  senderFullName: string | null;
  senderRole: Message['sender']['role'];
};

function toMessage({ senderFullName, senderRole, ...row }: MessageRow): Message {
  return { ...row, sender: { fullName: senderFullName, role: senderRole } };
}

function getMessageById(db: Db | Tx, id: string): Message | undefined {
  const row = db
    .select(messageColumns)
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderId))
    .where(eq(messages.id, id))
    .get();
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
 * sender sending the same id again gets the stored message back. Call inside a write transaction.
 */
export function sendMessage(db: Db | Tx, user: CurrentUser, input: SendMessageOptions): Message {
  // The plan check comes first, so a replayed id never tells an outsider that a message exists.
  const plan = getConversationPlan(db, user, input.planId);
  if (input.id) {
    const existing = db
      .select({ senderId: messages.senderId })
      .from(messages)
      .where(eq(messages.id, input.id))
      .get();
    if (existing) {
      if (existing.senderId !== user.id) throw conflict('A message with this id already exists');
      return found(getMessageById(db, input.id), 'Message');
    }
  }
  const content = input.content.trim();
  if (!content) throw badRequest(MESSAGE_EMPTY, [{ path: 'content', message: MESSAGE_EMPTY }]);

  const participants = new Set([plan.newHireId, staffParticipant(plan)].filter((id): id is string => !!id));
  const receiverId = input.receiverId ?? defaultReceiver(plan, user);
  if (!receiverId || receiverId === user.id || !participants.has(receiverId)) {
    throw badRequest('The receiver is not part of this conversation', [
      { path: 'receiverId', message: 'The receiver is not part of this conversation' },
    ]);
  }

  const now = new Date().toISOString();
  // A message written offline keeps the time it was written, but never a time in the future.
  const createdAt = input.createdAt && new Date(input.createdAt).toISOString() < now ? new Date(input.createdAt).toISOString() : now;
  const id = input.id ?? crypto.randomUUID();
  db.insert(messages)
    .values({ id, senderId: user.id, receiverId, planId: plan.id, content, createdAt, version: nextVersion(db) })
    .run();
  return found(getMessageById(db, id), 'Message');
}

const statements = preparedFor((db) => {
  const conversation = (after: boolean) =>
    db
      .select(messageColumns)
      .from(messages)
      .innerJoin(users, eq(users.id, messages.senderId))
      .where(
        and(
          eq(messages.planId, sql.placeholder('planId')),
          isNull(messages.deletedAt),
          after ? gt(messages.createdAt, sql.placeholder('after')) : undefined,
        ),
      )
      .orderBy(asc(messages.createdAt), asc(messages.id))
      .prepare();
  return { all: conversation(false), after: conversation(true) };
});

/** A plan's conversation, oldest first; with `after`, only the newer messages. */
export function listMessages(db: Db, user: CurrentUser, planId: string, after?: string): Message[] {
  const plan = getConversationPlan(db, user, planId);
  const rows = after
    ? statements(db).after.all({ planId: plan.id, after: new Date(after).toISOString() })
    : statements(db).all.all({ planId: plan.id });
  return rows.map(toMessage);
}

/** Marks a message read; only its receiver may, anyone else gets 404. */
export function markMessageRead(db: Db, user: CurrentUser, messageId: string): Message {
  return db.transaction((tx) => {
    const message = found(
      tx
        .select({ id: messages.id, planId: messages.planId, isRead: messages.isRead })
        .from(messages)
        .innerJoin(onboardingPlans, eq(onboardingPlans.id, messages.planId))
        .where(
          and(
            eq(messages.id, messageId),
            eq(messages.receiverId, user.id),
            eq(onboardingPlans.companyId, user.companyId),
            isNull(messages.deletedAt),
            isNull(onboardingPlans.deletedAt),
          ),
        )
        .get(),
      'Message',
    );
    if (!message.isRead) {
      tx.update(messages).set({ isRead: true, version: nextVersion(tx) }).where(eq(messages.id, message.id)).run();
    }
    return found(getMessageById(tx, message.id), 'Message');
  });
}

/** Marks every unread message of a plan addressed to the caller as read (opening a conversation). */
export function markPlanRead(db: Db, user: CurrentUser, planId: string): number {
  const plan = getConversationPlan(db, user, planId);
  return db.transaction((tx) => {
    const unread = and(eq(messages.planId, plan.id), eq(messages.receiverId, user.id), eq(messages.isRead, false), isNull(messages.deletedAt));
    const pending = tx.select({ n: count() }).from(messages).where(unread).get()?.n ?? 0;
    if (pending === 0) return 0;
    tx.update(messages).set({ isRead: true, version: nextVersion(tx) }).where(unread).run();
    return pending;
  });
}

/** Unread messages addressed to the caller on plans they can see, per plan (the badge). */
export function countUnread(db: Db, user: CurrentUser): UnreadCounts {
  const rows = db
    .select({ planId: messages.planId, n: count() })
    .from(messages)
    .innerJoin(onboardingPlans, eq(onboardingPlans.id, messages.planId))
    .where(
      and(
        eq(messages.receiverId, user.id),
        eq(messages.isRead, false),
        isNull(messages.deletedAt),
        eq(onboardingPlans.companyId, user.companyId),
        isNull(onboardingPlans.deletedAt),
        user.role === 'admin'
          ? undefined
          : or(eq(onboardingPlans.newHireId, user.id), eq(onboardingPlans.managerId, user.id)),
      ),
    )
    .groupBy(messages.planId)
    .all();
  const byPlan: Record<string, number> = {};
  let total = 0;
  for (const row of rows) {
    byPlan[row.planId] = row.n;
    total += row.n;
  }
  return { total, byPlan };
}
