// Task kinds and the JSON parts of a task (spec section 3), shared by templates and plans; the whole
// content of a task is TaskContentSchema in templates.ts.
import * as v from 'valibot';

export const TASK_TYPES = ['checklist', 'resource', 'introduction', 'meeting'] as const;
export type TaskType = (typeof TASK_TYPES)[number];

export const TASK_TYPE_LABELS: Record<TaskType, string> = {
  checklist: 'Checklist',
  resource: 'Resource',
  introduction: 'Introduction',
  meeting: 'Meeting',
};

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
