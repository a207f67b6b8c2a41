// "Your manager replied": a message's receiver hears of it on their devices as soon as it is sent
// (kind unread_messages: turning that off stops the pushes as well as the unread-message mails).
import { eq } from 'drizzle-orm';
import type { Message } from '../../shared/messages.ts';
import type { PushPayload } from '../../shared/notifications.ts';
import { dashboardPathFor, type Role } from '../../shared/roles.ts';
import { first, type Db } from '../db/client.ts';
import { onboardingPlans, users } from '../db/schema.ts';
import type { AppDeps } from '../lib/env.ts';
import { deliverInBackground, enqueuePush } from '../mail/outbox.ts';
import { messagesByIds } from '../messages/messages.queries.ts';
import { optedOut } from '../notifications/preferences.queries.ts';

/** A notification shows a line or two; the conversation holds the rest. */
export const PUSH_BODY_MAX_CHARS = 120;

function firstName(fullName: string | null): string {
  return fullName?.trim().split(/\s+/)[0] || 'Someone';
}

/** At most `max` characters (whole code points), an ellipsis marking a cut. */
function excerpt(text: string, max: number): string {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim());
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('')}…`;
}

/** What the receiver's devices show: who wrote, the start of it, and the screen holding the conversation. */
export function messagePushPayload(message: Message, plan: { newHireId: string; managerId: string | null }, receiverRole: Role): PushPayload {
  const toNewHire = message.receiverId === plan.newHireId;
  const fromTheirManager = toNewHire && message.senderId === plan.managerId;
  return {
    title: fromTheirManager ? 'Your manager replied' : `${firstName(message.sender.fullName)} sent you a message`,
    body: excerpt(message.content, PUSH_BODY_MAX_CHARS),
    // Where the receiver reads messages: the new hire's dashboard, or staff's (its View Messages dialog).
    url: dashboardPathFor(receiverRole),
    // One notification per conversation on a device: the next message (or a retry) replaces it.
    tag: `messages-${message.planId}`,
  };
}

/**
 * Queues the push for the message's receiver: the outbox row's id, or null when none is due (they
 * turned unread_messages off, or this message was queued already — a replayed send).
 */
export async function enqueueMessagePush(db: Db, message: Message): Promise<string | null> {
  if ((await optedOut(db, 'unread_messages', [message.receiverId])).size > 0) return null;
  const plan = await first(
    db
      .select({ newHireId: onboardingPlans.newHireId, managerId: onboardingPlans.managerId, companyId: onboardingPlans.companyId, receiverRole: users.role })
      .from(onboardingPlans)
      .innerJoin(users, eq(users.id, message.receiverId))
      .where(eq(onboardingPlans.id, message.planId)),
  );
  if (!plan) return null;
  return enqueuePush(db, {
    kind: 'unread_messages',
    userId: message.receiverId,
    companyId: plan.companyId,
    dedupeKey: `message-push:${message.id}`,
    payload: messagePushPayload(message, plan, plan.receiverRole),
  });
}

/**
 * After a message was committed: queues its push and sends it at once, without waiting for the push
 * service (settleBackgroundDeliveries waits for it). Never throws: a push must not fail the message;
 * the outbox job retries a failed one.
 */
export async function pushNewMessage(deps: AppDeps, message: Message, now: Date): Promise<void> {
  let queued: string | null;
  try {
    queued = await enqueueMessagePush(deps.db, message);
  } catch (error) {
    console.error('Could not queue the push for message', message.id, error);
    return;
  }
  if (queued) deliverInBackground({ db: deps.db, mailer: deps.mailer, config: deps.config, now }, [queued]);
}

/** `pushNewMessage` for each message a sync push delivered (written offline, sent on reconnect). */
export async function pushNewMessages(deps: AppDeps, companyId: string, messageIds: readonly string[], now: Date): Promise<void> {
  if (messageIds.length === 0) return;
  try {
    for (const message of await messagesByIds(deps.db, companyId, messageIds)) await pushNewMessage(deps, message, now);
  } catch (error) {
    console.error('Could not queue the pushes of a sync push’s messages:', error);
  }
}
