// Onboarding templates: the API contract (valibot, spec section 5 messages), the shapes the API
// answers with, and the rules both the editor and the server apply (day windows, who may edit).
import * as v from 'valibot';
import { ASSIGNEE_KINDS } from './assignees.ts';
import { safeUrl } from './links.ts';
import { unknownPlaceholderMessage, unknownPlaceholders } from './placeholders.ts';
import { PREBOARDING_MAX_DAYS } from './plan-calendar.ts';
import { POLICY_REQUIRED_MESSAGE, POLICY_TEXT_MAX } from './acknowledgements.ts';
import { FormQuestionsSchema } from './forms.ts';
import { ACTION_TASK_ASSIGNEE_MESSAGE, AttachmentSchema, ChecklistItemSchema, isActionTask, TASK_TYPES } from './tasks.ts';
import { PolicyFileSchema, UPLOAD_KINDS } from './uploads.ts';

/** Bounds that keep any one body small (the API also caps bodies at 1 MiB). */
export const TEMPLATE_LIMITS = {
  title: 200,
  description: 5000,
  url: 2000,
  shortText: 200,
  maxDuration: 3650,
  sections: 50,
  tasksPerSection: 100,
  attachments: 20,
  checklistItems: 50,
  attendees: 50,
  releaseDaysBefore: 365,
} as const;

export const TEMPLATE_KINDS = ['onboarding', 'offboarding'] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];
export const TEMPLATE_KIND_LABELS: Record<TemplateKind, string> = { onboarding: 'Onboarding', offboarding: 'Offboarding' };

export const TEMPLATE_DEFAULTS = { duration: 90, dayStart: 1, dayEnd: 7 } as const;

export function isHttpUrl(value: string): boolean {
  return safeUrl(value) !== null;
}

/** Optional free text: trimmed; blank, null or missing all become null. */
const optionalText = (max: number, tooLong: string) =>
  v.nullish(
    v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(max, tooLong),
      v.transform((text): string | null => text || null),
    ),
    null,
  );

/** Optional http(s) link: blank, null or missing become null; anything else must be a real web address. */
const optionalHttpUrl = (message: string) =>
  v.nullish(
    v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(TEMPLATE_LIMITS.url, message),
      v.check((text) => text === '' || isHttpUrl(text), message),
      v.transform((text): string | null => text || null),
    ),
    null,
  );

export const DAY_ZERO_MESSAGE = 'There is no day 0: day 1 is the start date and day -1 the day before it';

/** A day of a plan: 1 is the start date, -1 to -90 the days before it (preboarding). */
const dayNumber = (message: string) =>
  v.pipe(
    v.number(message),
    v.integer('Days must be whole numbers'),
    v.minValue(-PREBOARDING_MAX_DAYS, message),
    v.maxValue(TEMPLATE_LIMITS.maxDuration, `Days must be at most ${TEMPLATE_LIMITS.maxDuration}`),
    v.check((day) => day !== 0, DAY_ZERO_MESSAGE),
  );

/** Text that may use placeholders ({{first_name}}): any other {{name}} is refused. */
const knownPlaceholdersOnly = <T extends string | null>() =>
  v.check(
    (text: T) => unknownPlaceholders(text).length === 0,
    (issue) => unknownPlaceholderMessage(issue.input as T),
  );

export const MEETING_DATE_MESSAGE = 'Meeting date must be a valid date and time';

const TemplateAttachmentSchema = v.pipe(
  AttachmentSchema,
  // AttachmentSchema accepts any URL scheme; a link a new hire clicks must be a web address.
  v.forward(
    v.partialCheck([['url']], (input) => isHttpUrl(input.url), 'Attachment link must be a valid http(s) URL'),
    ['url'],
  ),
);

/**
 * What a task says (spec section 3): the same in a template and in a plan copied from it. The one
 * shape the API validates, stores and answers with, and the editor's form is made of.
 */
export const TaskContentSchema = v.object({
  title: v.pipe(
    v.string('Task title is required'),
    v.trim(),
    v.minLength(1, 'Task title is required'),
    v.maxLength(TEMPLATE_LIMITS.title, `Task title must be at most ${TEMPLATE_LIMITS.title} characters`),
    knownPlaceholdersOnly<string>(),
  ),
  description: v.pipe(optionalText(TEMPLATE_LIMITS.description, `Description must be at most ${TEMPLATE_LIMITS.description} characters`), knownPlaceholdersOnly<string | null>()),
  type: v.picklist(TASK_TYPES, 'Task type must be checklist, resource, introduction, meeting, form, policy to accept or document upload'),
  resourceUrl: optionalHttpUrl('Resource URL must be a valid http(s) URL'),
  videoUrl: optionalHttpUrl('Video URL must be a valid http(s) URL'),
  videoTitle: optionalText(TEMPLATE_LIMITS.shortText, `Video title must be at most ${TEMPLATE_LIMITS.shortText} characters`),
  attachments: v.nullish(
    v.pipe(v.array(TemplateAttachmentSchema), v.maxLength(TEMPLATE_LIMITS.attachments, `A task can have at most ${TEMPLATE_LIMITS.attachments} attachments`)),
    null,
  ),
  checklistItems: v.nullish(
    v.pipe(v.array(ChecklistItemSchema), v.maxLength(TEMPLATE_LIMITS.checklistItems, `A checklist can have at most ${TEMPLATE_LIMITS.checklistItems} items`)),
    null,
  ),
  personName: optionalText(TEMPLATE_LIMITS.shortText, `Person name must be at most ${TEMPLATE_LIMITS.shortText} characters`),
  personRole: optionalText(TEMPLATE_LIMITS.shortText, `Person role must be at most ${TEMPLATE_LIMITS.shortText} characters`),
  personPhoto: optionalHttpUrl('Photo URL must be a valid http(s) URL'),
  meetingTitle: optionalText(TEMPLATE_LIMITS.shortText, `Meeting title must be at most ${TEMPLATE_LIMITS.shortText} characters`),
  meetingAttendees: v.nullish(
    v.pipe(
      v.array(v.pipe(v.string(), v.trim(), v.minLength(1, 'Attendee names cannot be blank'), v.maxLength(TEMPLATE_LIMITS.shortText))),
      v.maxLength(TEMPLATE_LIMITS.attendees, `A meeting can have at most ${TEMPLATE_LIMITS.attendees} attendees`),
    ),
    null,
  ),
  meetingDate: v.nullish(
    v.pipe(
      v.string(MEETING_DATE_MESSAGE),
      v.isoTimestamp(MEETING_DATE_MESSAGE),
      v.check((text) => !Number.isNaN(Date.parse(text)), MEETING_DATE_MESSAGE),
    ),
    null,
  ),
  /** A form task's questions (forms.ts). */
  formQuestions: v.nullish(FormQuestionsSchema, null),
  /** An acknowledgement task's policy: its text, or its PDF (uploaded first, shared/uploads.ts). */
  policyText: v.nullish(
    v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(POLICY_TEXT_MAX, `Policy text must be at most ${POLICY_TEXT_MAX} characters`),
      v.transform((text): string | null => text || null),
    ),
    null,
  ),
  policyFile: v.nullish(PolicyFileSchema, null),
  /** What an upload task takes. */
  uploadKinds: v.nullish(
    v.pipe(
      v.array(v.picklist(UPLOAD_KINDS, 'Uploads must be PDFs or images')),
      v.transform((kinds) => UPLOAD_KINDS.filter((kind) => kinds.includes(kind))),
    ),
    null,
  ),
  /** Who does it (assignees.ts); a named person's id is `assigneePersonId`. */
  assigneeKind: v.optional(v.picklist(ASSIGNEE_KINDS, 'Assignee must be the new hire, their manager, their buddy, an HR admin or a named person'), 'new_hire'),
  assigneePersonId: v.nullish(v.pipe(v.string('Choose the person who does this task'), v.uuid('Choose the person who does this task')), null),
  /** Held back from the new hire until this many days before its window opens; null: shown from the start. */
  releaseDaysBefore: v.nullish(
    v.pipe(
      v.number('Release must be a number of days'),
      v.integer('Release must be a whole number of days'),
      v.minValue(0, 'Release must be 0 days or more'),
      v.maxValue(TEMPLATE_LIMITS.releaseDaysBefore, `Release must be at most ${TEMPLATE_LIMITS.releaseDaysBefore} days`),
    ),
    null,
  ),
});
export type TaskContent = v.InferOutput<typeof TaskContentSchema>;

/** A task with nothing but its type filled in: what a new task starts from, and tests build on. */
export const EMPTY_TASK_CONTENT: TaskContent = {
  title: '',
  description: null,
  type: 'checklist',
  resourceUrl: null,
  videoUrl: null,
  videoTitle: null,
  attachments: null,
  checklistItems: null,
  personName: null,
  personRole: null,
  personPhoto: null,
  meetingTitle: null,
  meetingAttendees: null,
  meetingDate: null,
  formQuestions: null,
  policyText: null,
  policyFile: null,
  uploadKinds: null,
  assigneeKind: 'new_hire',
  assigneePersonId: null,
  releaseDaysBefore: null,
};

/** The names of a task's content fields, for copying them from one row to another. */
export const TASK_CONTENT_FIELDS = Object.keys(TaskContentSchema.entries) as (keyof TaskContent)[];

/** Just the content of a task row (a template task, a plan task, a database row). */
export function pickTaskContent(row: TaskContent): TaskContent {
  return copyTaskContent(row, {}) as TaskContent;
}

/** Adds a task's content fields to `into`, in TASK_CONTENT_FIELDS order (a sync pull maps 30 tasks: no entry arrays). */
export function copyTaskContent<T extends object>(row: TaskContent, into: T): T & TaskContent {
  const target = into as Record<string, unknown>;
  for (const field of TASK_CONTENT_FIELDS) target[field] = row[field];
  return into as T & TaskContent;
}

export const ASSIGNEE_PERSON_REQUIRED_MESSAGE = 'Choose the person who does this task';
export const FORM_QUESTIONS_REQUIRED_MESSAGE = 'Add at least one question';
export const UPLOAD_KINDS_REQUIRED_MESSAGE = 'Choose what may be uploaded';

export const TaskInputSchema = v.pipe(
  TaskContentSchema,
  v.forward(
    v.partialCheck([['assigneeKind'], ['assigneePersonId']], (task) => task.assigneeKind !== 'person' || task.assigneePersonId !== null, ASSIGNEE_PERSON_REQUIRED_MESSAGE),
    ['assigneePersonId'],
  ),
  v.forward(
    v.partialCheck([['type'], ['assigneeKind']], (task) => !isActionTask(task.type) || task.assigneeKind === 'new_hire', ACTION_TASK_ASSIGNEE_MESSAGE),
    ['assigneeKind'],
  ),
  v.forward(
    v.partialCheck([['type'], ['formQuestions']], (task) => task.type !== 'form' || !!task.formQuestions?.length, FORM_QUESTIONS_REQUIRED_MESSAGE),
    ['formQuestions'],
  ),
  v.forward(
    v.partialCheck(
      [['type'], ['policyText'], ['policyFile']],
      (task) => task.type !== 'acknowledgement' || task.policyText !== null || task.policyFile !== null,
      POLICY_REQUIRED_MESSAGE,
    ),
    ['policyText'],
  ),
  v.forward(
    v.partialCheck([['type'], ['uploadKinds']], (task) => task.type !== 'upload' || !!task.uploadKinds?.length, UPLOAD_KINDS_REQUIRED_MESSAGE),
    ['uploadKinds'],
  ),
  // Only the fields of the task's own type are kept, so a type switch in the editor leaves nothing hidden behind.
  v.transform((task) => ({
    ...task,
    resourceUrl: task.type === 'resource' ? task.resourceUrl : null,
    videoUrl: task.type === 'resource' ? task.videoUrl : null,
    videoTitle: task.type === 'resource' ? task.videoTitle : null,
    attachments: task.type === 'resource' && task.attachments?.length ? task.attachments : null,
    checklistItems: task.type === 'checklist' && task.checklistItems?.length ? task.checklistItems.map((item) => ({ ...item, isCompleted: false })) : null,
    personName: task.type === 'introduction' ? task.personName : null,
    personRole: task.type === 'introduction' ? task.personRole : null,
    personPhoto: task.type === 'introduction' ? task.personPhoto : null,
    meetingTitle: task.type === 'meeting' ? task.meetingTitle : null,
    meetingAttendees: task.type === 'meeting' && task.meetingAttendees?.length ? task.meetingAttendees : null,
    meetingDate: task.type === 'meeting' ? task.meetingDate : null,
    formQuestions: task.type === 'form' ? task.formQuestions : null,
    // A PDF replaces the text: the policy accepted is one or the other.
    policyText: task.type === 'acknowledgement' && !task.policyFile ? task.policyText : null,
    policyFile: task.type === 'acknowledgement' ? task.policyFile : null,
    uploadKinds: task.type === 'upload' ? task.uploadKinds : null,
    assigneePersonId: task.assigneeKind === 'person' ? task.assigneePersonId : null,
  })),
);
export type TaskInput = v.InferOutput<typeof TaskInputSchema>;
export type TaskInputRaw = v.InferInput<typeof TaskInputSchema>;

export const END_BEFORE_START_MESSAGE = 'End day must be on or after the start day';

/** A section's own fields, without its tasks (the section form validates these). */
export const SectionFieldsSchema = v.pipe(
  v.object({
    title: v.pipe(
      v.string('Section title is required'),
      v.trim(),
      v.minLength(1, 'Section title is required'),
      v.maxLength(TEMPLATE_LIMITS.title, `Section title must be at most ${TEMPLATE_LIMITS.title} characters`),
    ),
    description: optionalText(TEMPLATE_LIMITS.description, `Description must be at most ${TEMPLATE_LIMITS.description} characters`),
    dayStart: dayNumber(`Start day must be at least -${PREBOARDING_MAX_DAYS}`),
    dayEnd: dayNumber(`End day must be at least -${PREBOARDING_MAX_DAYS}`),
  }),
  v.forward(
    v.partialCheck([['dayStart'], ['dayEnd']], (s) => s.dayStart <= s.dayEnd, END_BEFORE_START_MESSAGE),
    ['dayEnd'],
  ),
);

/**
 * A saved section's or task's id, sent back by the editor: a PATCH keeps the ids it already has, because
 * plans made from the template know which tasks they copied by them (re-applying adds only new ones).
 * An id the template does not hold is replaced by a new one.
 */
const savedId = v.optional(v.pipe(v.string(), v.uuid('Invalid id')));

/** A task of a template as the editor sends it: its content, and its id once saved. */
const TemplateTaskInputSchema = v.intersect([v.object({ id: savedId }), TaskInputSchema]);

export const SectionInputSchema = v.pipe(
  v.object({
    id: savedId,
    ...SectionFieldsSchema.entries,
    tasks: v.optional(
      v.pipe(v.array(TemplateTaskInputSchema), v.maxLength(TEMPLATE_LIMITS.tasksPerSection, `A section can have at most ${TEMPLATE_LIMITS.tasksPerSection} tasks`)),
      [],
    ),
  }),
  v.forward(
    v.partialCheck([['dayStart'], ['dayEnd']], (s) => s.dayStart <= s.dayEnd, END_BEFORE_START_MESSAGE),
    ['dayEnd'],
  ),
);
export type SectionInput = v.InferOutput<typeof SectionInputSchema>;

/** The one message for a section window that runs past the template's last day. */
export function dayEndPastDurationMessage(duration: number): string {
  return `End day must be within the template duration (${duration} ${duration === 1 ? 'day' : 'days'})`;
}

/** POST /api/templates and PATCH /api/templates/{id}: the whole template with its sections and tasks. */
export const TemplateInputSchema = v.pipe(
  v.object({
    title: v.pipe(
      v.string('Title is required'),
      v.trim(),
      v.minLength(1, 'Title is required'),
      v.maxLength(TEMPLATE_LIMITS.title, `Title must be at most ${TEMPLATE_LIMITS.title} characters`),
    ),
    description: optionalText(TEMPLATE_LIMITS.description, `Description must be at most ${TEMPLATE_LIMITS.description} characters`),
    duration: v.optional(
      v.pipe(
        v.number('Duration must be at least 1 day'),
        v.integer('Duration must be a whole number of days'),
        v.minValue(1, 'Duration must be at least 1 day'),
        v.maxValue(TEMPLATE_LIMITS.maxDuration, `Duration must be at most ${TEMPLATE_LIMITS.maxDuration} days`),
      ),
      TEMPLATE_DEFAULTS.duration,
    ),
    isActive: v.optional(v.boolean('Status must be Active or Draft'), true),
    kind: v.optional(v.picklist(TEMPLATE_KINDS, 'Kind must be onboarding or offboarding'), 'onboarding'),
    /** Due dates count Monday to Friday only. */
    businessDays: v.optional(v.boolean('Business days must be on or off'), false),
    sections: v.optional(v.pipe(v.array(SectionInputSchema), v.maxLength(TEMPLATE_LIMITS.sections, `A template can have at most ${TEMPLATE_LIMITS.sections} sections`)), []),
    /**
     * PATCH only (POST ignores it): the `version` the editor loaded. Given, the save applies only if nobody
     * saved since (else 409 stale_version). Optional because an app shell the service worker still serves
     * from before this field existed (it updates on the person's prompt) must keep saving, as before.
     */
    version: v.optional(v.pipe(v.number('Invalid template version'), v.integer('Invalid template version'), v.minValue(0, 'Invalid template version'))),
  }),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const template = dataset.value;
    template.sections.forEach((section, index) => {
      if (section.dayEnd <= template.duration) return;
      addIssue({
        message: dayEndPastDurationMessage(template.duration),
        path: [
          { type: 'object', origin: 'value', input: template, key: 'sections', value: template.sections },
          { type: 'array', origin: 'value', input: template.sections, key: index, value: section },
          { type: 'object', origin: 'value', input: section, key: 'dayEnd', value: section.dayEnd },
        ],
      });
    });
  }),
);
export type TemplateInput = v.InferOutput<typeof TemplateInputSchema>;
/** What a client (or the seed) sends: optional fields may be left out. */
export type TemplateInputRaw = v.InferInput<typeof TemplateInputSchema>;

/** Attendees are one comma-separated text in the editor and a list of names in the API. */
export function attendeesFromText(text: string): string[] {
  return text
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
}

export function attendeesToText(attendees: ReadonlyArray<string> | null | undefined): string {
  return (attendees ?? []).join(', ');
}

// ---- What the API answers ----

export type TemplateTask = TaskContent & {
  id: string;
  sectionId: string;
  order: number;
};

export type TemplateSection = {
  id: string;
  templateId: string;
  title: string;
  description: string | null;
  dayStart: number;
  dayEnd: number;
  order: number;
  tasks: TemplateTask[];
};

export type TemplateBase = {
  id: string;
  companyId: string;
  title: string;
  description: string | null;
  duration: number;
  isActive: boolean;
  kind: TemplateKind;
  businessDays: boolean;
  /** The creator's user id (null once that user is deleted). */
  createdBy: string | null;
  creatorName: string | null;
  createdAt: string;
  updatedAt: string;
  /** Changes with every save: PATCH sends back the one the editor loaded (TemplateInputSchema). */
  version: number;
};

/** One row of GET /api/templates. */
export type TemplateSummary = TemplateBase & { sectionCount: number; taskCount: number; usedInCount: number };

/** GET /api/templates/{id}, and the answer to POST and PATCH: sections and tasks in order. */
export type TemplateDetails = TemplateBase & { sections: TemplateSection[] };

// ---- Who else has a template open in the editor ----

/** The editor says it is still open this often, and someone unheard of for the window has left. */
export const TEMPLATE_PRESENCE = { heartbeatMs: 15_000, windowMs: 45_000 } as const;

export const STALE_TEMPLATE_MESSAGE = 'Someone else saved this template since you opened it.';

/** POST /api/templates/{id}/presence: the other people with the template open now (never the caller). */
export type TemplatePresence = { others: { id: string; name: string }[] };
