// What a form, policy or upload task holds (issue 19), as both task editors keep it while it is being
// written (the template's task dialog and a plan's own task dialog), and the TaskInputSchema fields it
// becomes. Text stays as typed; TaskInputSchema trims and checks it, its issue paths
// ('formQuestions.2.label', 'formQuestions.1.options.0') name the controls the components below show.
import { hasOptions, type FormQuestion, type FormQuestionKind } from '../../../shared/forms.ts';
import type { ActionTaskType } from '../../../shared/tasks.ts';
import type { TaskContent, TaskInputRaw } from '../../../shared/templates.ts';
import { UPLOAD_KINDS, type PolicyFile, type UploadKind } from '../../../shared/uploads.ts';

/** One option of a choice question; the key is for React's list only. */
export type DraftOption = { key: string; text: string };

export type DraftQuestion = {
  /** Made when the question is added and kept: answers are keyed by it. */
  id: string;
  kind: FormQuestionKind;
  label: string;
  help: string;
  required: boolean;
  /** Kept while the kind is not a choice, so switching back restores them; sent only for a choice. */
  options: DraftOption[];
};

export type ActionContentDraft = {
  formQuestions: DraftQuestion[];
  policyText: string;
  policyFile: PolicyFile | null;
  uploadKinds: UploadKind[];
};

export type ActionContentFields = Pick<TaskContent, 'formQuestions' | 'policyText' | 'policyFile' | 'uploadKinds'>;

const newKey = () => crypto.randomUUID();

/** What a task's description is for, under its field, for the types that give it a job. */
export const ACTION_DESCRIPTION_HINTS: Record<ActionTaskType, string> = {
  form: 'Shown above the questions: why you ask, and who sees the answers.',
  acknowledgement: 'Shown above the policy.',
  upload: 'Tell the new hire what to upload, such as a copy of their photo ID and a bank statement.',
};

/** A new task takes both PDFs and images until the editor unticks one. */
export function emptyActionContent(): ActionContentDraft {
  return { formQuestions: [], policyText: '', policyFile: null, uploadKinds: [...UPLOAD_KINDS] };
}

export function actionContentFromTask(task: ActionContentFields): ActionContentDraft {
  return {
    formQuestions: (task.formQuestions ?? []).map(draftQuestionFrom),
    policyText: task.policyText ?? '',
    policyFile: task.policyFile,
    // A task of another type switched to an upload starts with the same choice as a new one.
    uploadKinds: task.uploadKinds ? [...task.uploadKinds] : [...UPLOAD_KINDS],
  };
}

function draftQuestionFrom(question: FormQuestion): DraftQuestion {
  return {
    id: question.id,
    kind: question.kind,
    label: question.label,
    help: question.help ?? '',
    required: question.required,
    options: (question.options ?? []).map((text) => ({ key: newKey(), text })),
  };
}

/** The fields TaskInputSchema reads; it keeps only those of the task's own type. */
export function actionContentToInput(content: ActionContentDraft): Pick<TaskInputRaw, 'formQuestions' | 'policyText' | 'policyFile' | 'uploadKinds'> {
  return {
    formQuestions: content.formQuestions.map((question) => ({
      id: question.id,
      kind: question.kind,
      label: question.label,
      help: question.help,
      required: question.required,
      options: hasOptions(question.kind) ? question.options.map((option) => option.text) : null,
    })),
    policyText: content.policyText,
    policyFile: content.policyFile,
    uploadKinds: content.uploadKinds,
  };
}

// ---- The question builder's edits: each returns the new list ----

export function newQuestion(kind: FormQuestionKind = 'short_text'): DraftQuestion {
  return { id: crypto.randomUUID(), kind, label: '', help: '', required: false, options: hasOptions(kind) ? blankOptions(2) : [] };
}

const blankOptions = (count: number): DraftOption[] => Array.from({ length: count }, () => ({ key: newKey(), text: '' }));

export function updateQuestion(questions: readonly DraftQuestion[], index: number, patch: Partial<Omit<DraftQuestion, 'id'>>): DraftQuestion[] {
  return questions.map((question, i) => (i === index ? { ...question, ...patch } : question));
}

/** A new kind; a choice starts with two blank options to fill in (a choice needs two). */
export function changeQuestionKind(questions: readonly DraftQuestion[], index: number, kind: FormQuestionKind): DraftQuestion[] {
  return questions.map((question, i) => {
    if (i !== index) return question;
    const missing = hasOptions(kind) ? Math.max(0, 2 - question.options.length) : 0;
    return { ...question, kind, options: [...question.options, ...blankOptions(missing)] };
  });
}

export function removeQuestion(questions: readonly DraftQuestion[], index: number): DraftQuestion[] {
  return questions.filter((_, i) => i !== index);
}

export function addOption(questions: readonly DraftQuestion[], index: number): DraftQuestion[] {
  return questions.map((question, i) => (i === index ? { ...question, options: [...question.options, ...blankOptions(1)] } : question));
}

export function updateOption(questions: readonly DraftQuestion[], index: number, optionIndex: number, text: string): DraftQuestion[] {
  return questions.map((question, i) =>
    i === index ? { ...question, options: question.options.map((option, o) => (o === optionIndex ? { ...option, text } : option)) } : question,
  );
}

export function removeOption(questions: readonly DraftQuestion[], index: number, optionIndex: number): DraftQuestion[] {
  return questions.map((question, i) => (i === index ? { ...question, options: question.options.filter((_, o) => o !== optionIndex) } : question));
}

/** The list with the item at `index` swapped with its neighbour (`by` = -1 up, +1 down). */
export function move<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const target = index + by;
  if (target < 0 || target >= list.length) return [...list];
  const next = [...list];
  [next[index], next[target]] = [next[target] as T, next[index] as T];
  return next;
}

/**
 * The messages under the questions once the list changed. The controls just edited (`cleared`: each path
 * with everything under it) and the list as a whole ('formQuestions') lose theirs, since the next save
 * checks again; those of a question moved or removed follow it (or go with it), so no message shows under
 * a question it was not about.
 */
export function errorsAfterQuestionEdit(
  errors: Record<string, string>,
  before: readonly DraftQuestion[],
  after: readonly DraftQuestion[],
  cleared: readonly string[],
): Record<string, string> {
  const indexById = new Map(after.map((question, index) => [question.id, index]));
  const next: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    if (path === 'formQuestions' || cleared.some((edited) => path === edited || path.startsWith(`${edited}.`))) continue;
    const match = /^formQuestions\.(\d+)(\..*)?$/.exec(path);
    if (!match) {
      next[path] = message;
      continue;
    }
    const id = before[Number(match[1])]?.id;
    const index = id === undefined ? undefined : indexById.get(id);
    if (index !== undefined) next[`formQuestions.${index}${match[2] ?? ''}`] = message;
  }
  return next;
}

/** A file's size for people: '820 KB', '2.4 MB'. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 }).format(Math.max(1, bytes / 1024))} KB`;
  return `${new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 }).format(bytes / (1024 * 1024))} MB`;
}
