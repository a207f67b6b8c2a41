// /templates/new and /templates/{id}/edit: one editor. Everything is held locally and sent with the
// template on save (spec section 2); leaving with unsaved changes asks first.
import { Link, useBlocker, useNavigate } from '@tanstack/react-router';
import { ArrowDown, ArrowLeft, ArrowUp, BookOpen, CalendarClock, ListChecks, Pencil, Plus, Save, Trash2, TriangleAlert, UserRound } from 'lucide-react';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import * as v from 'valibot';
import type { SessionUser } from '../../../shared/auth.ts';
import { TASK_TYPE_LABELS, type TaskType } from '../../../shared/tasks.ts';
import { canEditTemplate, TemplateInputSchema } from '../../../shared/templates.ts';
import { TextAreaField, TextField } from '../../components/forms/fields.tsx';
import { AccessDenied } from '../../components/ui/access-denied.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { LoadingScreen } from '../../components/ui/loading-screen.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { errorMessage, notify } from '../../lib/notify.ts';
import { SectionDialog } from './section-dialog.tsx';
import { TaskDialog } from './task-dialog.tsx';
import {
  draftFromTemplate,
  draftToInput,
  emptyDraft,
  emptySection,
  emptyTask,
  errorsByPath,
  move,
  type DraftSection,
  type DraftTask,
  type TemplateDraft,
} from './template-draft.ts';
import { useSaveTemplate, useTemplate } from './template-queries.ts';

const SAVE_FAILED = 'Failed to save template. Please try again.';

export function TemplateEditorScreen({ user, templateId }: { user: SessionUser; templateId?: string }) {
  if (user.role !== 'admin' && user.role !== 'manager') return <AccessDenied message="You don't have permission to access this page." />;
  if (!templateId) return <TemplateEditor initial={emptyDraft()} />;
  return <ExistingTemplateEditor user={user} templateId={templateId} />;
}

function ExistingTemplateEditor({ user, templateId }: { user: SessionUser; templateId: string }) {
  const template = useTemplate(templateId);
  if (template.isPending) return <LoadingScreen label="Loading template..." />;
  if (template.isError) {
    const missing = template.error instanceof ApiError && template.error.status === 404;
    return (
      <div className="mx-auto max-w-2xl">
        <ErrorState title={missing ? 'Template not found' : 'Could not load the template'} error={template.error} onRetry={missing ? undefined : () => void template.refetch()} />
        <Link to="/templates" activeOptions={{ exact: true }} className="btn btn-ghost">
          <ArrowLeft className="size-4" aria-hidden="true" /> Back to templates
        </Link>
      </div>
    );
  }
  if (!canEditTemplate(user, template.data)) return <AccessDenied message="You can only edit templates you created." />;
  return <TemplateEditor key={templateId} templateId={templateId} initial={draftFromTemplate(template.data)} />;
}

type SectionDialogState = { index: number | null; section: DraftSection };
type TaskDialogState = { sectionIndex: number; taskIndex: number | null; task: DraftTask };

function TemplateEditor({ templateId, initial }: { templateId?: string; initial: TemplateDraft }) {
  const navigate = useNavigate();
  const save = useSaveTemplate(templateId);
  const [draft, setDraft] = useState(initial);
  const [baseline, setBaseline] = useState(() => JSON.stringify(initial));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sectionDialog, setSectionDialog] = useState<SectionDialogState | null>(null);
  const [taskDialog, setTaskDialog] = useState<TaskDialogState | null>(null);
  const leavingAfterSave = useRef(false);

  const dirty = useMemo(() => JSON.stringify(draft) !== baseline, [draft, baseline]);
  const blocker = useBlocker({
    shouldBlockFn: () => !leavingAfterSave.current,
    enableBeforeUnload: () => !leavingAfterSave.current,
    disabled: !dirty,
    withResolver: true,
  });

  const duration = draft.duration.trim() === '' ? Number.NaN : Number(draft.duration);

  function update(change: (current: TemplateDraft) => TemplateDraft) {
    setDraft(change);
    setErrors({});
  }
  const updateSections = (change: (sections: DraftSection[]) => DraftSection[]) => update((current) => ({ ...current, sections: change(current.sections) }));
  const updateTasks = (sectionIndex: number, change: (tasks: DraftTask[]) => DraftTask[]) =>
    updateSections((sections) => sections.map((section, i) => (i === sectionIndex ? { ...section, tasks: change(section.tasks) } : section)));

  function saveTemplate() {
    const input = draftToInput(draft);
    const checked = v.safeParse(TemplateInputSchema, input);
    if (!checked.success) {
      const found = errorsByPath(checked.issues);
      setErrors(found);
      notify.error(SAVE_FAILED, checked.issues[0]?.message);
      return;
    }
    save.mutate(input, {
      onSuccess: (saved) => {
        if (!templateId) {
          notify.success('Template created', `${saved.title} is saved.`);
          leavingAfterSave.current = true;
          void navigate({ to: '/templates/$id/edit', params: { id: saved.id }, replace: true });
          return;
        }
        const next = draftFromTemplate(saved);
        setDraft(next);
        setBaseline(JSON.stringify(next));
        notify.success('Template updated', `${saved.title} is saved.`);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 401) return;
        if (error instanceof ApiError && error.issues.length) {
          setErrors(Object.fromEntries(error.issues.map((issue) => [issue.path, issue.message])));
        }
        notify.error(SAVE_FAILED, errorMessage(error, 'Please check your connection.'));
      },
    });
  }

  function saveSection(fields: Pick<DraftSection, 'title' | 'description' | 'dayStart' | 'dayEnd'>) {
    if (!sectionDialog) return;
    const { index } = sectionDialog;
    if (index === null) {
      updateSections((sections) => [...sections, { ...sectionDialog.section, ...fields }]);
      notify.success('Section added', 'Save the template to keep your changes.');
    } else {
      updateSections((sections) => sections.map((section, i) => (i === index ? { ...section, ...fields } : section)));
      notify.success('Section updated', 'Save the template to keep your changes.');
    }
    setSectionDialog(null);
  }

  function saveTask(task: DraftTask) {
    if (!taskDialog) return;
    const { sectionIndex, taskIndex } = taskDialog;
    if (taskIndex === null) {
      updateTasks(sectionIndex, (tasks) => [...tasks, task]);
      notify.success('Task added', 'Save the template to keep your changes.');
    } else {
      updateTasks(sectionIndex, (tasks) => tasks.map((current, i) => (i === taskIndex ? task : current)));
      notify.success('Task updated', 'Save the template to keep your changes.');
    }
    setTaskDialog(null);
  }

  const generalErrors = Object.entries(errors).filter(([path]) => path === '' || path === 'sections');

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 pb-4">
      <header className="flex flex-col gap-2">
        <Link to="/templates" activeOptions={{ exact: true }} className="btn btn-ghost btn-sm w-fit px-2">
          <ArrowLeft className="size-4" aria-hidden="true" /> Templates
        </Link>
        <PageHeader title={templateId ? 'Edit Template' : 'New Template'} badge={dirty && <span className="badge badge-warning badge-soft">Unsaved changes</span>} />
      </header>

      <div className="sticky top-16 z-20 -mx-4 flex flex-wrap items-center justify-end gap-2 border-b border-base-300 bg-base-100/95 px-4 py-2 backdrop-blur md:mx-0 md:rounded-box md:border">
        <p className="me-auto hidden text-sm text-base-content/70 sm:block" aria-live="polite" role="status">
          {save.isPending ? 'Saving...' : dirty ? 'You have unsaved changes.' : templateId ? 'All changes saved.' : 'Fill in the template, then save.'}
        </p>
        <Link to="/templates" activeOptions={{ exact: true }} className="btn btn-ghost">
          Cancel
        </Link>
        <button type="button" className="btn btn-primary" onClick={saveTemplate} disabled={save.isPending}>
          {save.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : <Save className="size-4" aria-hidden="true" />}
          {templateId ? 'Save changes' : 'Create template'}
        </button>
      </div>

      <section className="card border border-base-300 bg-base-100" aria-labelledby="template-info-heading">
        <div className="card-body gap-4 p-4 md:p-6">
          <h2 id="template-info-heading" className="card-title">
            Template information
          </h2>
          <TextField
            label="Title"
            id="template-title"
            error={errors.title}
            value={draft.title}
            maxLength={200}
            autoComplete="off"
            placeholder="e.g. Engineering Onboarding"
            onChange={(title) => update((current) => ({ ...current, title }))}
          />
          <TextAreaField
            label="Description (optional)"
            id="template-description"
            error={errors.description}
            rows={3}
            maxLength={5000}
            value={draft.description}
            placeholder="Who this plan is for and what they will achieve"
            onChange={(description) => update((current) => ({ ...current, description }))}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Duration (days)"
              id="template-duration"
              error={errors.duration}
              type="number"
              inputMode="numeric"
              min={1}
              value={draft.duration}
              onChange={(duration) => update((current) => ({ ...current, duration }))}
            />
            <fieldset className="fieldset gap-1 py-1">
              <legend className="fieldset-legend py-0 text-sm">Status</legend>
              <div className="join">
                {(
                  [
                    [true, 'Active'],
                    [false, 'Draft'],
                  ] as const
                ).map(([value, label]) => (
                  <input
                    key={label}
                    type="radio"
                    name="template-status"
                    aria-label={label}
                    className="btn join-item flex-1"
                    checked={draft.isActive === value}
                    onChange={() => update((current) => ({ ...current, isActive: value }))}
                  />
                ))}
              </div>
              <p className="text-xs text-base-content/70">{draft.isActive ? 'Active templates can be assigned to new hires.' : 'Drafts stay hidden from assignment until you make them active.'}</p>
            </fieldset>
          </div>
        </div>
      </section>

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
                <SectionCard
                  section={section}
                  index={sectionIndex}
                  count={draft.sections.length}
                  errors={errors}
                  onMove={(by) => updateSections((sections) => move(sections, sectionIndex, by))}
                  onEdit={() => setSectionDialog({ index: sectionIndex, section })}
                  onDelete={() => {
                    updateSections((sections) => sections.filter((_, i) => i !== sectionIndex));
                    notify.success('Section deleted', 'Save the template to keep your changes.');
                  }}
                  onAddTask={() => setTaskDialog({ sectionIndex, taskIndex: null, task: emptyTask() })}
                  onMoveTask={(taskIndex, by) => updateTasks(sectionIndex, (tasks) => move(tasks, taskIndex, by))}
                  onEditTask={(taskIndex, task) => setTaskDialog({ sectionIndex, taskIndex, task })}
                  onDeleteTask={(taskIndex) => {
                    updateTasks(sectionIndex, (tasks) => tasks.filter((_, i) => i !== taskIndex));
                    notify.success('Task deleted', 'Save the template to keep your changes.');
                  }}
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
          onSave={saveSection}
          onClose={() => setSectionDialog(null)}
        />
      )}
      {taskDialog && (
        <TaskDialog
          task={taskDialog.task}
          isNew={taskDialog.taskIndex === null}
          sectionTitle={draft.sections[taskDialog.sectionIndex]?.title ?? ''}
          onSave={saveTask}
          onClose={() => setTaskDialog(null)}
        />
      )}
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

const TASK_ICONS: Record<TaskType, typeof BookOpen> = {
  checklist: ListChecks,
  resource: BookOpen,
  introduction: UserRound,
  meeting: CalendarClock,
};

function taskSummary(task: DraftTask): string {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  switch (task.type) {
    case 'checklist':
      return task.checklistItems.length ? plural(task.checklistItems.length, 'item') : 'No items yet';
    case 'resource':
      return [task.videoTitle || (task.videoUrl ? 'Video' : ''), task.resourceUrl ? 'Link' : '', task.attachments.length ? plural(task.attachments.length, 'attachment') : '']
        .filter(Boolean)
        .join(' · ');
    case 'introduction':
      return [task.personName, task.personRole].filter(Boolean).join(', ');
    case 'meeting': {
      const when = task.meetingDate ? new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(task.meetingDate)) : '';
      return [task.meetingTitle, when].filter(Boolean).join(' · ');
    }
  }
}

type SectionCardProps = {
  section: DraftSection;
  index: number;
  count: number;
  errors: Record<string, string>;
  onMove: (by: -1 | 1) => void;
  onEdit: () => void;
  onDelete: () => void;
  onAddTask: () => void;
  onMoveTask: (taskIndex: number, by: -1 | 1) => void;
  onEditTask: (taskIndex: number, task: DraftTask) => void;
  onDeleteTask: (taskIndex: number) => void;
};

function SectionCard({ section, index, count, errors, onMove, onEdit, onDelete, onAddTask, onMoveTask, onEditTask, onDeleteTask }: SectionCardProps) {
  const prefix = `sections.${index}.`;
  const sectionErrors = Object.entries(errors)
    .filter(([path]) => path.startsWith(prefix))
    .map(([path, message]) => {
      const taskIndex = /^tasks\.(\d+)/.exec(path.slice(prefix.length))?.[1];
      const task = taskIndex === undefined ? undefined : section.tasks[Number(taskIndex)];
      return task ? `Task “${task.title || `#${Number(taskIndex) + 1}`}”: ${message}` : message;
    });
  const name = section.title || `Section ${index + 1}`;
  return (
    <article className={`card border bg-base-100 ${sectionErrors.length ? 'border-error' : 'border-base-300'}`} aria-label={`Section ${index + 1}: ${name}`}>
      <div className="card-body gap-3 p-4">
        <div className="flex flex-wrap items-start gap-2">
          <div className="min-w-0 flex-1 basis-56">
            <h3 className="text-lg font-semibold break-words">
              <span className="text-base-content/70">{index + 1}.</span> {name}
            </h3>
            <p className="text-sm text-base-content/70">
              Days {section.dayStart}–{section.dayEnd} · {section.tasks.length} {section.tasks.length === 1 ? 'task' : 'tasks'}
            </p>
            {section.description && <p className="mt-1 text-sm break-words text-base-content/80">{section.description}</p>}
          </div>
          <div className="flex gap-1">
            <IconButton label={`Move section “${name}” up`} disabled={index === 0} onClick={() => onMove(-1)}>
              <ArrowUp className="size-4" aria-hidden="true" />
            </IconButton>
            <IconButton label={`Move section “${name}” down`} disabled={index === count - 1} onClick={() => onMove(1)}>
              <ArrowDown className="size-4" aria-hidden="true" />
            </IconButton>
            <IconButton label={`Edit section “${name}”`} onClick={onEdit}>
              <Pencil className="size-4" aria-hidden="true" />
            </IconButton>
            <IconButton label={`Delete section “${name}”`} onClick={onDelete} danger>
              <Trash2 className="size-4" aria-hidden="true" />
            </IconButton>
          </div>
        </div>

        {sectionErrors.length > 0 && (
          <div role="alert" className="alert alert-error alert-soft text-sm">
            <ul>
              {sectionErrors.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          </div>
        )}

        {section.tasks.length > 0 && (
          <ol className="flex flex-col gap-2" aria-label={`Tasks in ${name}`}>
            {section.tasks.map((task, taskIndex) => {
              const Icon = TASK_ICONS[task.type];
              const summary = taskSummary(task);
              return (
                <li key={task.key} className="flex flex-wrap items-center gap-2 rounded-box bg-base-200 p-2 ps-3">
                  <Icon className="size-5 shrink-0 text-primary" aria-hidden="true" />
                  <div className="min-w-0 flex-1 basis-40">
                    <p className="font-medium break-words">{task.title}</p>
                    <p className="text-xs text-base-content/70">
                      <span className="badge badge-ghost badge-xs me-1">{TASK_TYPE_LABELS[task.type]}</span>
                      {summary}
                    </p>
                  </div>
                  <div className="ms-auto flex gap-1">
                    <IconButton label={`Move task “${task.title}” up`} disabled={taskIndex === 0} onClick={() => onMoveTask(taskIndex, -1)}>
                      <ArrowUp className="size-4" aria-hidden="true" />
                    </IconButton>
                    <IconButton label={`Move task “${task.title}” down`} disabled={taskIndex === section.tasks.length - 1} onClick={() => onMoveTask(taskIndex, 1)}>
                      <ArrowDown className="size-4" aria-hidden="true" />
                    </IconButton>
                    <IconButton label={`Edit task “${task.title}”`} onClick={() => onEditTask(taskIndex, task)}>
                      <Pencil className="size-4" aria-hidden="true" />
                    </IconButton>
                    <IconButton label={`Delete task “${task.title}”`} onClick={() => onDeleteTask(taskIndex)} danger>
                      <Trash2 className="size-4" aria-hidden="true" />
                    </IconButton>
                  </div>
                </li>
              );
            })}
          </ol>
        )}
        <button type="button" className="btn btn-sm btn-ghost w-fit text-primary" onClick={onAddTask}>
          <Plus className="size-4" aria-hidden="true" /> Add task to “{name}”
        </button>
      </div>
    </article>
  );
}

function IconButton({ label, onClick, disabled, danger, children }: { label: string; onClick: () => void; disabled?: boolean; danger?: boolean; children: ReactNode }) {
  return (
    <button type="button" className={`btn btn-ghost btn-sm btn-square ${danger ? 'text-error' : ''}`} aria-label={label} title={label} disabled={disabled} onClick={onClick}>
      {children}
    </button>
  );
}
