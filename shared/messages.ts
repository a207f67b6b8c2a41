// Plan conversations: the API's message shapes, input schemas and how a message's time is shown.
import * as v from 'valibot';
import { dateTimeFormat } from './intl.ts';
import type { Role } from './roles.ts';

export const MESSAGE_EMPTY = 'Message cannot be empty';
export const MESSAGE_MAX_LENGTH = 5000;

const IsoTimestampSchema = v.pipe(v.string(), v.isoTimestamp('Invalid timestamp'));

/** A message's text, the same whether it is sent straight away or queued by the offline app. */
export const MessageContentSchema = v.pipe(
  v.string(MESSAGE_EMPTY),
  v.trim(),
  v.nonEmpty(MESSAGE_EMPTY),
  v.maxLength(MESSAGE_MAX_LENGTH, `Message must be at most ${MESSAGE_MAX_LENGTH} characters`),
);

/** POST /api/messages. `id` lets an offline client choose the UUID, so a replay is applied once. */
export const SendMessageSchema = v.object({
  id: v.optional(v.pipe(v.string(), v.uuid('Invalid message id'))),
  planId: v.pipe(v.string(), v.uuid('Plan not found')),
  content: MessageContentSchema,
  receiverId: v.optional(v.pipe(v.string(), v.uuid('Invalid receiver'))),
  createdAt: v.optional(IsoTimestampSchema),
});
export type SendMessageInput = v.InferInput<typeof SendMessageSchema>;

/** GET /api/messages/{planId}?after=ISO: only messages newer than `after`, so polls are cheap. */
export const MessagesQuerySchema = v.object({
  after: v.optional(IsoTimestampSchema),
});

/**
 * 'plan': the plan's conversation with its new hire. 'staff': a note between two staff members (admins,
 * the plan's manager) about the plan, which its new hire never receives; the UI marks it "Staff note".
 */
export type MessageAudience = 'plan' | 'staff';

export type Message = {
  id: string;
  planId: string;
  senderId: string;
  receiverId: string;
  content: string;
  audience: MessageAudience;
  isRead: boolean;
  createdAt: string;
  sender: { fullName: string | null; role: Role };
};

/** GET /api/messages/unread: messages addressed to the caller and not read yet. */
export type UnreadCounts = { total: number; byPlan: Record<string, number> };

/** The notice of messages that arrived while the person was looking elsewhere, the same for staff and new hires. */
export function newMessagesText(count: number): string {
  return `You have ${count} new message${count === 1 ? '' : 's'}`;
}

/** Badge text: the count, or 99+ above 99; empty when there is nothing unread. */
export function badgeCount(count: number): string {
  if (count <= 0) return '';
  return count > 99 ? '99+' : String(count);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Clock time for messages under 24 hours old, else a short date, in the reader's locale. */
export function formatMessageTime(iso: string, now: Date = new Date(), locale?: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  if (now.getTime() - at.getTime() < DAY_MS) {
    return dateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' }).format(at);
  }
  return dateTimeFormat(locale, { month: 'short', day: 'numeric' }).format(at);
}
