// Unread-message mails: a message still unread UNREAD_MAIL_AFTER_MINUTES after it was sent is mailed to
// its receiver, together with every other such message waiting for them (one mail, never one per
// message). Each message is in at most one mail: the mail is queued and its messages marked in one
// transaction, and a message read before then is never mailed.
import { and, asc, eq, inArray, isNull, lte } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { createElement } from 'react';
import { UNREAD_MAIL_AFTER_MINUTES } from '../../shared/notifications.ts';
import { nameOf } from '../../shared/placeholders.ts';
import { dashboardPathFor } from '../../shared/roles.ts';
import { type Db, transaction } from '../db/client.ts';
import { messages, onboardingPlans, users } from '../db/schema.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { renderMail } from '../mail/render-mail.ts';
import { optedOut } from '../notifications/preferences.queries.ts';
import { unsubscribeLinks } from '../notifications/unsubscribe-token.ts';
import { UnreadMessagesMail } from './mails/unread-messages-mail.tsx';
import { firstNameOf } from './reminder-context.ts';

/** How much of a message a mail quotes. */
export const EXCERPT_LENGTH = 140;

export type WaitingMessage = { id: string; senderName: string; excerpt: string; createdAt: string };
export type UnreadBatch = {
  receiver: { id: string; email: string; name: string; role: 'admin' | 'manager' | 'new_hire' };
  companyId: string;
  /** Oldest first. */
  messages: WaitingMessage[];
};

const sender = alias(users, 'unread_sender');
const receiver = alias(users, 'unread_receiver');

export function excerptOf(content: string): string {
  const text = content.replace(/\s+/g, ' ').trim();
  return text.length <= EXCERPT_LENGTH ? text : `${text.slice(0, EXCERPT_LENGTH - 1).trimEnd()}…`;
}

/**
 * Every receiver's messages unread and not yet mailed that were sent by `cutoff`, oldest first. Messages
 * of removed plans come back apart: nobody can open them, so they are only marked.
 */
export async function findUnreadBatches(db: Db, cutoff: Date): Promise<{ batches: UnreadBatch[]; unreachable: string[] }> {
  const rows = await db
    .select({
      id: messages.id,
      content: messages.content,
      createdAt: messages.createdAt,
      companyId: messages.companyId,
      planDeletedAt: onboardingPlans.deletedAt,
      sender: { email: sender.email, fullName: sender.fullName, firstName: sender.firstName, lastName: sender.lastName },
      receiver: { id: receiver.id, email: receiver.email, role: receiver.role, firstName: receiver.firstName, fullName: receiver.fullName },
    })
    .from(messages)
    .innerJoin(onboardingPlans, eq(onboardingPlans.id, messages.planId))
    .innerJoin(sender, eq(sender.id, messages.senderId))
    .innerJoin(receiver, eq(receiver.id, messages.receiverId))
    .where(and(eq(messages.emailNotified, false), eq(messages.isRead, false), lte(messages.createdAt, cutoff.toISOString()), isNull(messages.deletedAt)))
    .orderBy(asc(messages.receiverId), asc(messages.createdAt), asc(messages.id));

  const batches = new Map<string, UnreadBatch>();
  const unreachable: string[] = [];
  for (const row of rows) {
    if (row.planDeletedAt !== null) {
      unreachable.push(row.id);
      continue;
    }
    const batch = batches.get(row.receiver.id) ?? {
      receiver: { id: row.receiver.id, email: row.receiver.email, name: firstNameOf(row.receiver), role: row.receiver.role },
      companyId: row.companyId,
      messages: [],
    };
    batches.set(batch.receiver.id, batch);
    batch.messages.push({ id: row.id, senderName: nameOf(row.sender, row.sender.email), excerpt: excerptOf(row.content), createdAt: row.createdAt });
  }
  return { batches: [...batches.values()], unreachable };
}

export function unreadSubject(waiting: readonly WaitingMessage[]): string {
  const [only] = waiting;
  return waiting.length === 1 && only ? `${only.senderName} sent you a message` : `${waiting.length} unread messages`;
}

async function markNotified(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length > 0)
    await db
      .update(messages)
      .set({ emailNotified: true })
      .where(inArray(messages.id, [...ids]));
}

/** A batch whose messages changed (one was read) between reading and queueing: it is read again on the next run. */
class BatchChanged extends Error {}

/** Mails every receiver whose messages have waited unread long enough (all companies); run every minute. */
export async function sendUnreadMessageMails({ db, now, appUrl }: { db: Db; now: Date; appUrl: string }): Promise<{ enqueued: number }> {
  const cutoff = new Date(now.getTime() - UNREAD_MAIL_AFTER_MINUTES * 60_000);
  const { batches, unreachable } = await findUnreadBatches(db, cutoff);
  const off = await optedOut(
    db,
    'unread_messages',
    batches.map((batch) => batch.receiver.id),
  );
  // Those who turned these mails off: their messages count as handled, so they are not read again each minute.
  await markNotified(db, [...unreachable, ...batches.filter((batch) => off.has(batch.receiver.id)).flatMap((batch) => batch.messages.map((message) => message.id))]);

  let enqueued = 0;
  for (const batch of batches.filter((candidate) => !off.has(candidate.receiver.id))) {
    const { receiver: person } = batch;
    const ids = batch.messages.map((message) => message.id);
    const newest = batch.messages[batch.messages.length - 1];
    if (!newest) continue;
    const unsubscribe = await unsubscribeLinks(db, appUrl, person.id, 'unread_messages');
    const element = createElement(UnreadMessagesMail, {
      name: person.name,
      messages: batch.messages,
      conversationUrl: `${appUrl}${dashboardPathFor(person.role)}`,
      unsubscribeUrl: unsubscribe.pageUrl,
    });
    const mail = await renderMail(element, { to: person.email, subject: unreadSubject(batch.messages), unsubscribe });
    try {
      const queued = await transaction(db, async (tx) => {
        const claimed = await tx
          .update(messages)
          .set({ emailNotified: true })
          .where(and(inArray(messages.id, ids), eq(messages.emailNotified, false), eq(messages.isRead, false)))
          .returning({ id: messages.id });
        if (claimed.length !== ids.length) throw new BatchChanged();
        return enqueueEmail(tx, { kind: 'unread_messages', to: person.email, userId: person.id, companyId: batch.companyId, dedupeKey: `unread:${person.id}:${newest.id}`, mail });
      });
      if (queued) enqueued += 1;
    } catch (error) {
      if (!(error instanceof BatchChanged)) throw error;
    }
  }
  return { enqueued };
}
