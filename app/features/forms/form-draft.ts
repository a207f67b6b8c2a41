// A form's answers while the new hire types them (issue 19): kept in Dexie (`formDrafts`), so a reload,
// offline too, finds them again; written a moment after the typing stops, and deleted on submit. The
// check before submitting is the shared one (formAnswersSchema), so the server never refuses for a
// reason the form did not show.
import * as v from 'valibot';
import { fieldErrors } from '../../../shared/field-errors.ts';
import { formAnswersSchema, type FormAnswers, type FormDraftAnswers, type FormQuestion } from '../../../shared/forms.ts';
import type { KickoffDb } from '../../sync/db.ts';

/** How long typing may pause before the draft is written: a write per key press would be wasted work. */
export const DRAFT_SAVE_DELAY_MS = 400;

/** The stored draft of a task's form; undefined when the device holds none. */
export async function loadDraft(db: KickoffDb, taskId: string): Promise<FormDraftAnswers | undefined> {
  return (await db.formDrafts.get(taskId))?.answers;
}

export async function deleteDraft(db: KickoffDb, taskId: string): Promise<void> {
  await db.formDrafts.delete(taskId);
}

type Timers = { setTimeout(callback: () => void, ms: number): unknown; clearTimeout(handle: unknown): void };
const systemTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export type DraftSaver = {
  /** The answers as they are now: written once the typing pauses. */
  save(answers: FormDraftAnswers): void;
  /** Writes a waiting save now (the page is being hidden or the form closed); resolves when written. */
  flush(): Promise<void>;
  /** Drops a waiting save and the stored draft (the form was submitted). */
  discard(): Promise<void>;
};

/** Saves of one task's draft, the last of a burst written after `delayMs`; `onSaved` after each write. */
export function createDraftSaver(db: KickoffDb, taskId: string, options: { delayMs?: number; timers?: Timers; onSaved?: () => void } = {}): DraftSaver {
  const { delayMs = DRAFT_SAVE_DELAY_MS, timers = systemTimers, onSaved } = options;
  let waiting: FormDraftAnswers | null = null;
  let timer: unknown = null;

  const write = async () => {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
    const answers = waiting;
    waiting = null;
    if (!answers) return;
    await db.formDrafts.put({ taskId, answers, updatedAt: new Date().toISOString() });
    onSaved?.();
  };

  return {
    save(answers) {
      waiting = answers;
      if (timer !== null) timers.clearTimeout(timer);
      timer = timers.setTimeout(() => void write(), delayMs);
    },
    flush: write,
    async discard() {
      if (timer !== null) timers.clearTimeout(timer);
      timer = null;
      waiting = null;
      await deleteDraft(db, taskId);
    },
  };
}

export type CheckedAnswers = { ok: true; answers: FormAnswers } | { ok: false; errors: Record<string, string> };

/** The draft as the server will take it, or a message per question id (the first of each). */
export function checkAnswers(questions: readonly FormQuestion[], draft: FormDraftAnswers): CheckedAnswers {
  const result = v.safeParse(formAnswersSchema(questions), draft);
  return result.success ? { ok: true, answers: result.output } : { ok: false, errors: fieldErrors(result.issues) };
}
