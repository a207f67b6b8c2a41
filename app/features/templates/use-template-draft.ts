// The template being edited, held locally until saved (spec section 2): its sections and tasks, the
// errors of the last check, whether anything changed since it was loaded or saved, and the version
// loaded (a save sends it back, so one made over someone else's newer save is refused, not applied).
import { useMemo, useState } from 'react';
import type { TemplateDetails } from '../../../shared/templates.ts';
import { notify } from '../../lib/notify.ts';
import { move } from '../../components/task-content/action-content.ts';
import { draftFromTemplate, type DraftSection, type DraftTask, type TemplateDraft } from './template-draft.ts';

const KEEP_CHANGES = 'Save the template to keep your changes.';

export type SectionFields = Pick<DraftSection, 'title' | 'description' | 'dayStart' | 'dayEnd'>;

/** `version`: the loaded template's (TemplateBase.version); none for a template not created yet. */
export function useTemplateDraft(initial: TemplateDraft, initialVersion?: number) {
  const [draft, setDraft] = useState(initial);
  const [version, setVersion] = useState(initialVersion);
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
    version,
    dirty,
    errors,
    setErrors,
    update,
    /** The template as the server now has it (just saved, or reloaded): the new baseline and version. */
    saved(template: TemplateDetails) {
      const next = draftFromTemplate(template);
      setDraft(next);
      setBaseline(JSON.stringify(next));
      setVersion(template.version);
      setErrors({});
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
