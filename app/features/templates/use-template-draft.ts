// The template being edited, held locally until saved (spec section 2): its sections and tasks, the
// errors of the last check, and whether anything changed since it was loaded or saved.
import { useMemo, useState } from 'react';
import { notify } from '../../lib/notify.ts';
import { move, type DraftSection, type DraftTask, type TemplateDraft } from './template-draft.ts';

const KEEP_CHANGES = 'Save the template to keep your changes.';

export type SectionFields = Pick<DraftSection, 'title' | 'description' | 'dayStart' | 'dayEnd'>;

export function useTemplateDraft(initial: TemplateDraft) {
  const [draft, setDraft] = useState(initial);
  const [baseline, setBaseline] = useState(() => JSON.stringify(initial));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const dirty = useMemo(() => JSON.stringify(draft) !== baseline, [draft, baseline]);

  /** Any edit clears the last check's errors: they may no longer hold. */
  function update(change: (current: TemplateDraft) => TemplateDraft) {
    setDraft(change);
    setErrors({});
  }
  const updateSections = (change: (sections: DraftSection[]) => DraftSection[]) => update((current) => ({ ...current, sections: change(current.sections) }));
  const updateTasks = (sectionIndex: number, change: (tasks: DraftTask[]) => DraftTask[]) =>
    updateSections((sections) => sections.map((section, i) => (i === sectionIndex ? { ...section, tasks: change(section.tasks) } : section)));

  return {
    draft,
    dirty,
    errors,
    setErrors,
    update,
    /** The template as the server now has it: the new baseline. */
    saved(next: TemplateDraft) {
      setDraft(next);
      setBaseline(JSON.stringify(next));
    },
    /** `index` null adds the section at the end. */
    putSection(index: number | null, section: DraftSection) {
      updateSections((sections) => (index === null ? [...sections, section] : sections.map((current, i) => (i === index ? section : current))));
      notify.success(index === null ? 'Section added' : 'Section updated', KEEP_CHANGES);
    },
    moveSection: (index: number, by: -1 | 1) => updateSections((sections) => move(sections, index, by)),
    deleteSection(index: number) {
      updateSections((sections) => sections.filter((_, i) => i !== index));
      notify.success('Section deleted', KEEP_CHANGES);
    },
    /** `taskIndex` null adds the task at the end of its section. */
    putTask(sectionIndex: number, taskIndex: number | null, task: DraftTask) {
      updateTasks(sectionIndex, (tasks) => (taskIndex === null ? [...tasks, task] : tasks.map((current, i) => (i === taskIndex ? task : current))));
      notify.success(taskIndex === null ? 'Task added' : 'Task updated', KEEP_CHANGES);
    },
    moveTask: (sectionIndex: number, taskIndex: number, by: -1 | 1) => updateTasks(sectionIndex, (tasks) => move(tasks, taskIndex, by)),
    deleteTask(sectionIndex: number, taskIndex: number) {
      updateTasks(sectionIndex, (tasks) => tasks.filter((_, i) => i !== taskIndex));
      notify.success('Task deleted', KEEP_CHANGES);
    },
  };
}

export type TemplateDraftState = ReturnType<typeof useTemplateDraft>;
