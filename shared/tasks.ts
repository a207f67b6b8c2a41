// Task kinds and the JSON parts of a task (spec section 3), shared by templates and plans; the whole
// content of a task is TaskContentSchema in templates.ts.
import * as v from 'valibot';

export const TASK_TYPES = ['checklist', 'resource', 'introduction', 'meeting', 'form', 'acknowledgement', 'upload'] as const;
export type TaskType = (typeof TASK_TYPES)[number];

export const TASK_TYPE_LABELS: Record<TaskType, string> = {
  checklist: 'Checklist',
  resource: 'Resource',
  introduction: 'Introduction',
  meeting: 'Meeting',
  form: 'Form',
  acknowledgement: 'Policy to accept',
  upload: 'Document upload',
};

/**
 * Tasks that collect something from the new hire (issue 19). Nobody ticks them: submitting the form,
 * accepting the policy or uploading a file completes them; staff may still reopen one.
 */
export const ACTION_TASK_TYPES = ['form', 'acknowledgement', 'upload'] as const satisfies readonly TaskType[];
export type ActionTaskType = (typeof ACTION_TASK_TYPES)[number];

export function isActionTask(type: TaskType): type is ActionTaskType {
  return (ACTION_TASK_TYPES as readonly TaskType[]).includes(type);
}

/** Why ticking such a task is refused (400), in words that say what to do instead. */
export const ACTION_TASK_TICK_MESSAGES: Record<ActionTaskType, string> = {
  form: 'Submit the form to complete this task',
  acknowledgement: 'Accept the policy to complete this task',
  upload: 'Upload the document to complete this task',
};

/** What an open action task asks the new hire to do (the button that opens it). */
export const ACTION_TASK_CALLS: Record<ActionTaskType, string> = {
  form: 'Fill in the form',
  acknowledgement: 'Read and accept',
  upload: 'Upload documents',
};

export const ACTION_TASK_ASSIGNEE_MESSAGE = 'Forms, policies to accept and document uploads are done by the new hire';

export const AttachmentSchema = v.object({
  id: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  type: v.picklist(['image', 'document', 'video']),
  url: v.pipe(v.string(), v.url('Attachment link must be a valid URL'), v.maxLength(2000)),
  name: v.pipe(v.string(), v.minLength(1, 'Attachment name is required'), v.maxLength(200)),
  size: v.pipe(v.number(), v.integer(), v.minValue(0)),
});
export type Attachment = v.InferOutput<typeof AttachmentSchema>;

export const ChecklistItemSchema = v.object({
  id: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  text: v.pipe(v.string(), v.trim(), v.minLength(1, 'Checklist item text is required'), v.maxLength(500)),
  isCompleted: v.optional(v.boolean(), false),
});
export type ChecklistItem = v.InferOutput<typeof ChecklistItemSchema>;
