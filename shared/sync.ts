// The sync protocol (DESIGN.md section 6): push and pull shapes, and the mutations a client may queue.
import * as v from 'valibot';
import type { FormAnswers } from './forms.ts';
import { MessageContentSchema, type Message } from './messages.ts';
import type { MyTask, OnboardingTask, PlanSummary } from './onboarding.ts';

export const MUTATION_NAMES = ['task.setCompleted', 'message.send', 'message.markRead', 'form.submit'] as const;
export type MutationName = (typeof MUTATION_NAMES)[number];

const isoTimestamp = v.pipe(v.string(), v.isoTimestamp('Invalid timestamp'));
const uuid = v.pipe(v.string(), v.uuid('Invalid id'));

/** Intent, not a toggle: replaying it twice leaves the same state. */
export const TaskSetCompletedArgsSchema = v.object({
  taskId: uuid,
  isCompleted: v.boolean(),
  /** When the person ticked it; the server clamps it to its own now. */
  completedAt: v.optional(v.nullable(isoTimestamp)),
});
export type TaskSetCompletedArgs = v.InferOutput<typeof TaskSetCompletedArgsSchema>;

export const MessageSendArgsSchema = v.object({
  /** Made by the client, so a replayed send is recognised. */
  id: uuid,
  planId: uuid,
  content: MessageContentSchema,
  createdAt: v.optional(isoTimestamp),
});
export type MessageSendArgs = v.InferOutput<typeof MessageSendArgsSchema>;

/**
 * Opening a conversation reads it: every message of the plan addressed to the caller and written at
 * or before `upTo` (the newest one the person saw, in the server's own timestamps) becomes read.
 * Messages that arrive later stay unread, so a late replay never hides them.
 */
export const MessageMarkReadArgsSchema = v.object({
  planId: uuid,
  upTo: isoTimestamp,
});
export type MessageMarkReadArgs = v.InferOutput<typeof MessageMarkReadArgsSchema>;

/**
 * Submitting a form task (issue 19): its answers, checked on the server against the task's questions
 * with `formAnswersSchema` (forms.ts); accepted, they complete the task. The envelope bounds the size
 * only: what each answer may be depends on the task.
 */
export const FormSubmitArgsSchema = v.object({
  taskId: uuid,
  answers: v.pipe(
    v.record(v.pipe(v.string(), v.maxLength(100)), v.unknown()),
    v.check((answers) => Object.keys(answers).length <= 100, 'Too many answers'),
  ),
  /** When the person submitted it; the server clamps it to its own now. */
  submittedAt: v.optional(isoTimestamp),
});
export type FormSubmitArgs = Omit<v.InferOutput<typeof FormSubmitArgsSchema>, 'answers'> & { answers: FormAnswers };

export type MutationArgs = {
  'task.setCompleted': TaskSetCompletedArgs;
  'message.send': MessageSendArgs;
  'message.markRead': MessageMarkReadArgs;
  'form.submit': FormSubmitArgs;
};

export const MUTATION_ARGS_SCHEMAS = {
  'task.setCompleted': TaskSetCompletedArgsSchema,
  'message.send': MessageSendArgsSchema,
  'message.markRead': MessageMarkReadArgsSchema,
  'form.submit': FormSubmitArgsSchema,
} as const;

/**
 * The envelope only: a mutation whose name or args are bad is rejected on its own (and still
 * advances the client's counter), so one bad row never blocks the queue behind it.
 */
export const PushMutationSchema = v.object({
  id: v.pipe(v.number(), v.integer(), v.minValue(1)),
  name: v.pipe(v.string(), v.maxLength(100)),
  args: v.unknown(),
});
export type PushMutation = v.InferOutput<typeof PushMutationSchema>;

export const MAX_MUTATIONS_PER_PUSH = 100;
export const ClientIdSchema = v.pipe(v.string(), v.uuid('Invalid client id'));

export const PushRequestSchema = v.object({
  clientId: ClientIdSchema,
  mutations: v.pipe(v.array(PushMutationSchema), v.maxLength(MAX_MUTATIONS_PER_PUSH)),
});
export type PushRequest = v.InferOutput<typeof PushRequestSchema>;

export type MutationStatus = 'applied' | 'duplicate' | 'rejected';
export type MutationResult = { id: number; status: MutationStatus; message?: string };
export type PushResponse = { results: MutationResult[]; lastMutationId: number };

export const PullQuerySchema = v.object({
  clientId: ClientIdSchema,
  cursor: v.pipe(v.optional(v.string(), '0'), v.regex(/^\d{1,15}$/, 'Invalid cursor'), v.transform(Number)),
});

/** A plan as lists show it, without the progress figures: the client computes those from its tasks. */
export type SyncPlan = Omit<PlanSummary, 'progressPercentage' | 'completedTasks' | 'totalTasks' | 'newHireProgress'>;
/**
 * A task of the caller's own plan, or one of another person's plan assigned to the caller (they are its
 * buddy, say): that one names its plan, which the caller does not otherwise receive ("for Alex Chen").
 */
export type SyncTask = OnboardingTask & { plan?: MyTask['plan'] };
export type SyncTemplate = { id: string; title: string; duration: number; description: string | null };
/**
 * A message as the API lists it; the sender is null once their account is deleted. The server always
 * sends `audience`; it is optional for the rows a client writes itself before they sync (a new hire's
 * own messages, always 'plan').
 */
export type SyncMessage = Omit<Message, 'sender' | 'audience'> & { sender: Message['sender'] | null; audience?: Message['audience'] };
/**
 * A row the caller must drop. A plan's tombstone takes the plan's tasks and messages with it: the
 * server may send only the plan's when the plan left the caller's view (decision 004). A task of
 * another person's plan gets its own when it is reassigned away from the caller.
 */
export type Tombstone = { id: string; deleted: true };
export type SyncRow<T> = T | Tombstone;

export type HelpfulLink = { label: string; url: string };
export type SyncContact = { id: string; fullName: string | null; email: string };

export type PullResponse = {
  /** The global version this answer is complete up to; send it back as `cursor` next time. */
  cursor: number;
  lastMutationId: number;
  /** true: the answer is the full state, and the client drops everything it held before. */
  reset: boolean;
  plans: SyncRow<SyncPlan>[];
  tasks: SyncRow<SyncTask>[];
  templates: SyncTemplate[];
  messages: SyncRow<SyncMessage>[];
  company: { id: string; name: string; helpfulResources: HelpfulLink[] };
  /** Who a new hire writes to: their manager, else the company's admins. */
  contacts: { manager: SyncContact | null; admins: SyncContact[] };
};

export function isTombstone<T extends { id: string }>(row: SyncRow<T>): row is Tombstone {
  return (row as Partial<Tombstone>).deleted === true;
}

/** Tombstones are cleaned up after this long; a client silent for longer starts over. */
export const TOMBSTONE_HORIZON_DAYS = 30;
