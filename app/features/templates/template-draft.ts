// The editor's local copy of a template: form-shaped values (text as typed), converted to the API's
// input only when validating or saving. Keys are client-side, for React lists only.
import type { AssigneeKind } from '../../../shared/assignees.ts';
import { actionContentFromTask, actionContentToInput, emptyActionContent, type ActionContentDraft } from '../../components/task-content/action-content.ts';
import type { TaskType } from '../../../shared/tasks.ts';
import {
  attendeesFromText,
  attendeesToText,
  TASK_CONTENT_FIELDS,
  TEMPLATE_DEFAULTS,
  type TaskContent,
  type TaskInputRaw,
  type TemplateDetails,
  type TemplateInputRaw,
  type TemplateKind,
} from '../../../shared/templates.ts';

export type AttachmentType = 'image' | 'document' | 'video';
export type DraftAttachment = { id: string; name: string; url: string; type: AttachmentType; sizeMb: string };
export type DraftChecklistItem = { id: string; text: string };

/** The task content fields the form holds as something other than the text typed (TaskContentSchema). */
const NON_TEXT_FIELDS = [
  'type',
  'attachments',
  'checklistItems',
  'meetingAttendees',
  'formQuestions',
  'policyFile',
  'uploadKinds',
  'assigneeKind',
  'assigneePersonId',
  'releaseDaysBefore',
] as const;
type TaskTextField = Exclude<keyof TaskContent, (typeof NON_TEXT_FIELDS)[number]>;
const TASK_TEXT_FIELDS = TASK_CONTENT_FIELDS.filter((field): field is TaskTextField => !(NON_TEXT_FIELDS as readonly string[]).includes(field));

/**
 * A task's content as its form holds it. `meetingDate` is a `datetime-local` value in the reader's time
 * zone, or ''. A form's questions, a policy and what an upload takes are ActionContentDraft's.
 */
export type DraftTask = Record<TaskTextField, string> &
  ActionContentDraft & {
    key: string;
    type: TaskType;
    attachments: DraftAttachment[];
    checklistItems: DraftChecklistItem[];
    /** Names separated by commas. */
    meetingAttendees: string;
    assigneeKind: AssigneeKind;
    /** The named person's user id; '' for none. */
    assigneePersonId: string;
    /** Days as typed; '' shows the task from the start. */
    releaseDaysBefore: string;
  };

export type DraftSection = {
  key: string;
  title: string;
  description: string;
  dayStart: string;
  dayEnd: string;
  tasks: DraftTask[];
};

export type TemplateDraft = {
  title: string;
  description: string;
  duration: string;
  isActive: boolean;
  kind: TemplateKind;
  businessDays: boolean;
  sections: DraftSection[];
};

export const newKey = () => crypto.randomUUID();

export function emptyDraft(): TemplateDraft {
  return { title: '', description: '', duration: String(TEMPLATE_DEFAULTS.duration), isActive: true, kind: 'onboarding', businessDays: false, sections: [] };
}

export function emptySection(): DraftSection {
  return {
    key: newKey(),
    title: '',
    description: '',
    dayStart: String(TEMPLATE_DEFAULTS.dayStart),
    dayEnd: String(TEMPLATE_DEFAULTS.dayEnd),
    tasks: [],
  };
}

const textFields = (valueOf: (field: TaskTextField) => string) => Object.fromEntries(TASK_TEXT_FIELDS.map((field) => [field, valueOf(field)])) as Record<TaskTextField, string>;

export function emptyTask(type: TaskType = 'checklist'): DraftTask {
  return {
    ...textFields(() => ''),
    key: newKey(),
    type,
    attachments: [],
    checklistItems: [],
    meetingAttendees: '',
    ...emptyActionContent(),
    assigneeKind: 'new_hire',
    assigneePersonId: '',
    releaseDaysBefore: '',
  };
}

const BYTES_PER_MB = 1024 * 1024;

/** ISO timestamp -> `datetime-local` value in the reader's own time zone. */
export function toLocalDateTimeInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

function fromLocalDateTimeInput(local: string): string | null {
  if (!local.trim()) return null;
  const date = new Date(local);
  // An impossible value is passed on as typed, so validation reports it rather than dropping it.
  return Number.isNaN(date.getTime()) ? local : date.toISOString();
}

const numberFrom = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

function draftFromTask(task: TaskContent & { id: string }): DraftTask {
  return {
    ...textFields((field) => task[field] ?? ''),
    key: task.id,
    type: task.type,
    meetingDate: toLocalDateTimeInput(task.meetingDate),
    attachments: (task.attachments ?? []).map((attachment) => ({
      id: attachment.id,
      name: attachment.name,
      url: attachment.url,
      type: attachment.type,
      sizeMb: attachment.size ? String(Number((attachment.size / BYTES_PER_MB).toFixed(2))) : '',
    })),
    checklistItems: (task.checklistItems ?? []).map((item) => ({ id: item.id, text: item.text })),
    meetingAttendees: attendeesToText(task.meetingAttendees),
    ...actionContentFromTask(task),
    assigneeKind: task.assigneeKind,
    assigneePersonId: task.assigneePersonId ?? '',
    releaseDaysBefore: task.releaseDaysBefore === null ? '' : String(task.releaseDaysBefore),
  };
}

export function draftFromTemplate(template: TemplateDetails): TemplateDraft {
  return {
    title: template.title,
    description: template.description ?? '',
    duration: String(template.duration),
    isActive: template.isActive,
    kind: template.kind,
    businessDays: template.businessDays,
    sections: template.sections.map((section) => ({
      key: section.id,
      title: section.title,
      description: section.description ?? '',
      dayStart: String(section.dayStart),
      dayEnd: String(section.dayEnd),
      tasks: section.tasks.map(draftFromTask),
    })),
  };
}

export function taskToInput(task: DraftTask): TaskInputRaw {
  return {
    ...textFields((field) => task[field]),
    type: task.type,
    meetingDate: fromLocalDateTimeInput(task.meetingDate),
    attachments: task.attachments.map((attachment) => ({
      id: attachment.id,
      name: attachment.name.trim(),
      url: attachment.url.trim(),
      type: attachment.type,
      size: attachment.sizeMb.trim() ? Math.round(numberFrom(attachment.sizeMb) * BYTES_PER_MB) : 0,
    })),
    checklistItems: task.checklistItems.map((item) => ({ id: item.id, text: item.text, isCompleted: false })),
    meetingAttendees: attendeesFromText(task.meetingAttendees),
    ...actionContentToInput(task),
    assigneeKind: task.assigneeKind,
    assigneePersonId: task.assigneePersonId || null,
    releaseDaysBefore: task.releaseDaysBefore.trim() ? numberFrom(task.releaseDaysBefore) : null,
  };
}

export function sectionFieldsToInput(section: Pick<DraftSection, 'title' | 'description' | 'dayStart' | 'dayEnd'>) {
  return {
    title: section.title,
    description: section.description,
    dayStart: numberFrom(section.dayStart),
    dayEnd: numberFrom(section.dayEnd),
  };
}

export function draftToInput(draft: TemplateDraft): TemplateInputRaw {
  return {
    title: draft.title,
    description: draft.description,
    duration: numberFrom(draft.duration),
    isActive: draft.isActive,
    kind: draft.kind,
    businessDays: draft.businessDays,
    // Keys are the saved ids (or new random ones the server replaces): a save keeps what plans know tasks by.
    sections: draft.sections.map((section) => ({
      id: section.key,
      ...sectionFieldsToInput(section),
      tasks: section.tasks.map((task) => ({ id: task.key, ...taskToInput(task) })),
    })),
  };
}
