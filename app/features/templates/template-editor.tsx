// The template editor: everything is held locally and sent with the template on save (spec
// section 2); leaving with unsaved changes asks first. Editing an existing template shows who else
// has it open, and a save over someone else's newer one asks what to do.
import { Link, useBlocker } from '@tanstack/react-router';
import { ArrowLeft, Plus, Save, TriangleAlert } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { useTeamMembers } from '../../lib/api/get-team-members.ts';
import { ApplyToPlans } from './apply-to-plans.tsx';
import { SaveConflictDialog } from './save-conflict-dialog.tsx';
import { SectionDialog } from './section-dialog.tsx';
import { TaskDialog, type CompanyPerson } from './task-dialog.tsx';
import { emptySection, emptyTask, type DraftSection, type DraftTask, type TemplateDraft } from './template-draft.ts';
import { TemplateInfoCard } from './template-info-card.tsx';
import { TemplatePresence } from './template-presence.tsx';
import { TemplateSectionCard } from './template-section-card.tsx';
import { useSaveTemplateDraft } from './use-save-template.ts';
import { useTemplateDraft } from './use-template-draft.ts';

type SectionDialogState = { index: number | null; section: DraftSection };
type TaskDialogState = { sectionIndex: number; taskIndex: number | null; task: DraftTask };

/** `version`: the loaded template's, sent back with each save; none for a new template. */
export function TemplateEditor({ templateId, initial, version }: { templateId?: string; initial: TemplateDraft; version?: number }) {
  const state = useTemplateDraft(initial, version);
  const { draft, dirty, errors } = state;
  const [sectionDialog, setSectionDialog] = useState<SectionDialogState | null>(null);
  const [taskDialog, setTaskDialog] = useState<TaskDialogState | null>(null);
  // A new template moves to its own address once saved: that is not leaving with unsaved changes.
  const leavingAfterSave = useRef(false);
  const { saveDraft, saving, conflict, resolving, reload, overwrite, keepEditing } = useSaveTemplateDraft(templateId, state, () => (leavingAfterSave.current = true));
  const blocker = useBlocker({
    shouldBlockFn: () => !leavingAfterSave.current,
    enableBeforeUnload: () => !leavingAfterSave.current,
    disabled: !dirty,
    withResolver: true,
  });

  const team = useTeamMembers();
  const people = useMemo<CompanyPerson[] | undefined>(() => team.data?.map((member) => ({ id: member.id, name: member.fullName || member.email })), [team.data]);
  const personName = (id: string) => people?.find((person) => person.id === id)?.name;

  const duration = draft.duration.trim() === '' ? Number.NaN : Number(draft.duration);
  const generalErrors = Object.entries(errors).filter(([path]) => path === '' || path === 'sections');

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 pb-4">
      <header className="flex flex-col gap-2">
        <Link to="/templates" activeOptions={{ exact: true }} className="btn btn-ghost btn-sm w-fit px-2">
          <ArrowLeft className="size-4" aria-hidden="true" /> Templates
        </Link>
        <PageHeader title={templateId ? 'Edit Template' : 'New Template'} badge={dirty && <span className="badge badge-warning badge-soft">Unsaved changes</span>} />
        {templateId && <TemplatePresence templateId={templateId} />}
        {templateId && <ApplyToPlans templateId={templateId} dirty={dirty} />}
      </header>

      <div className="sticky top-16 z-20 -mx-4 flex flex-wrap items-center justify-end gap-2 border-b border-base-300 bg-base-100/95 px-4 py-2 backdrop-blur md:mx-0 md:rounded-box md:border">
        <p className="me-auto hidden text-sm text-base-content/70 sm:block" aria-live="polite" role="status">
          {saving ? 'Saving...' : dirty ? 'You have unsaved changes.' : templateId ? 'All changes saved.' : 'Fill in the template, then save.'}
        </p>
        <Link to="/templates" activeOptions={{ exact: true }} className="btn btn-ghost">
          Cancel
        </Link>
        <button type="button" className="btn btn-primary" onClick={saveDraft} disabled={saving}>
          {saving ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : <Save className="size-4" aria-hidden="true" />}
          {templateId ? 'Save changes' : 'Create template'}
        </button>
      </div>

      <TemplateInfoCard draft={draft} errors={errors} onChange={(patch) => state.update((current) => ({ ...current, ...patch }))} />

      <section className="flex flex-col gap-3" aria-labelledby="sections-heading">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div>
            <h2 id="sections-heading" className="text-xl font-semibold">
              Sections
            </h2>
            <p className="text-sm text-base-content/70">Group tasks by the days they are due. Tasks in a section are due on its end day.</p>
          </div>
          <button type="button" className="btn btn-primary btn-outline" onClick={() => setSectionDialog({ index: null, section: emptySection() })}>
            <Plus className="size-4" aria-hidden="true" /> Add section
          </button>
        </div>

        {generalErrors.map(([path, message]) => (
          <div key={path} role="alert" className="alert alert-error alert-soft">
            <TriangleAlert className="size-5" aria-hidden="true" /> {message}
          </div>
        ))}

        {draft.sections.length === 0 ? (
          <div className="card border border-dashed border-base-300 bg-base-100">
            <div className="card-body items-center py-10 text-center">
              <p className="font-medium">No sections yet</p>
              <p className="max-w-md text-sm text-base-content/70">Add a section such as “Week 1: Welcome” and give it tasks: checklists, resources, introductions and meetings.</p>
            </div>
          </div>
        ) : (
          <ol className="flex flex-col gap-4">
            {draft.sections.map((section, sectionIndex) => (
              <li key={section.key}>
                <TemplateSectionCard
                  section={section}
                  personName={personName}
                  index={sectionIndex}
                  count={draft.sections.length}
                  errors={errors}
                  onMove={(by) => state.moveSection(sectionIndex, by)}
                  onEdit={() => setSectionDialog({ index: sectionIndex, section })}
                  onDelete={() => state.deleteSection(sectionIndex)}
                  onAddTask={() => setTaskDialog({ sectionIndex, taskIndex: null, task: emptyTask() })}
                  onMoveTask={(taskIndex, by) => state.moveTask(sectionIndex, taskIndex, by)}
                  onEditTask={(taskIndex, task) => setTaskDialog({ sectionIndex, taskIndex, task })}
                  onDeleteTask={(taskIndex) => state.deleteTask(sectionIndex, taskIndex)}
                />
              </li>
            ))}
          </ol>
        )}
      </section>

      {sectionDialog && (
        <SectionDialog
          section={sectionDialog.section}
          isNew={sectionDialog.index === null}
          duration={duration}
          onSave={(fields) => {
            state.putSection(sectionDialog.index, { ...sectionDialog.section, ...fields });
            setSectionDialog(null);
          }}
          onClose={() => setSectionDialog(null)}
        />
      )}
      {taskDialog && (
        <TaskDialog
          task={taskDialog.task}
          isNew={taskDialog.taskIndex === null}
          sectionTitle={draft.sections[taskDialog.sectionIndex]?.title ?? ''}
          people={people}
          onSave={(task) => {
            state.putTask(taskDialog.sectionIndex, taskDialog.taskIndex, task);
            setTaskDialog(null);
          }}
          onClose={() => setTaskDialog(null)}
        />
      )}
      <SaveConflictDialog open={conflict !== null} message={conflict?.message ?? ''} resolving={resolving} onReload={reload} onOverwrite={overwrite} onClose={keepEditing} />
      <ConfirmDialog
        open={blocker.status === 'blocked'}
        title="Leave without saving?"
        confirmLabel="Leave without saving"
        cancelLabel="Keep editing"
        onConfirm={() => blocker.proceed?.()}
        onClose={() => blocker.reset?.()}
      >
        Your changes to this template have not been saved and will be lost.
      </ConfirmDialog>
    </div>
  );
}
