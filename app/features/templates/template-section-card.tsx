// One section of the template being edited: its days, its tasks with a line on what each holds,
// the errors the last check found in them, and the buttons that reorder, edit and delete.
import { ArrowDown, ArrowUp, BookOpen, CalendarClock, ClipboardList, EyeOff, FileSignature, FileUp, ListChecks, Pencil, Plus, Trash2, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { ASSIGNEE_KIND_LABELS } from '../../../shared/assignees.ts';
import { TASK_TYPE_LABELS, type TaskType } from '../../../shared/tasks.ts';
import type { UploadKind } from '../../../shared/uploads.ts';
import { formatCount } from '../../lib/format.ts';
import type { DraftSection, DraftTask } from './template-draft.ts';

const TASK_ICONS: Record<TaskType, typeof BookOpen> = {
  checklist: ListChecks,
  resource: BookOpen,
  introduction: UserRound,
  meeting: CalendarClock,
  form: ClipboardList,
  acknowledgement: FileSignature,
  upload: FileUp,
};

/** One line on what a task holds, under its title. */
function taskSummary(task: DraftTask): string {
  switch (task.type) {
    case 'checklist':
      return task.checklistItems.length ? formatCount(task.checklistItems.length, 'item') : 'No items yet';
    case 'resource':
      return [task.videoTitle || (task.videoUrl ? 'Video' : ''), task.resourceUrl ? 'Link' : '', task.attachments.length ? formatCount(task.attachments.length, 'attachment') : '']
        .filter(Boolean)
        .join(' · ');
    case 'introduction':
      return [task.personName, task.personRole].filter(Boolean).join(', ');
    case 'meeting': {
      const when = task.meetingDate ? new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(task.meetingDate)) : '';
      return [task.meetingTitle, when].filter(Boolean).join(' · ');
    }
    case 'form':
      return task.formQuestions.length ? formatCount(task.formQuestions.length, 'question') : 'No questions yet';
    case 'acknowledgement':
      if (task.policyFile) return `PDF: ${task.policyFile.name}`;
      return task.policyText.trim() ? 'Policy text' : 'No policy yet';
    case 'upload':
      return uploadSummary(task.uploadKinds);
  }
}

/** What an upload task takes, in a few words. */
function uploadSummary(kinds: readonly UploadKind[]): string {
  if (kinds.includes('pdf') && kinds.includes('image')) return 'PDF or image';
  if (kinds.includes('pdf')) return 'PDF';
  if (kinds.includes('image')) return 'Image';
  return 'No file type chosen';
}

/** Who does a task, as its row says it: a named person by name. */
function assigneeLabel(task: DraftTask, personName: (id: string) => string | undefined): string {
  if (task.assigneeKind !== 'person') return ASSIGNEE_KIND_LABELS[task.assigneeKind];
  return (task.assigneePersonId && personName(task.assigneePersonId)) || ASSIGNEE_KIND_LABELS.person;
}

/** "Days 8–14", and for a window before the start date "Before day 1 · Days -14 to -1" (a dash would read as a minus). */
function windowLabel(section: DraftSection): ReactNode {
  if (Number(section.dayStart) >= 1) return `Days ${section.dayStart}–${section.dayEnd}`;
  return (
    <>
      <span className="badge badge-outline badge-sm me-1">Before day 1</span>
      Days {section.dayStart} to {section.dayEnd}
    </>
  );
}

type TemplateSectionCardProps = {
  section: DraftSection;
  /** The name of a company member a task names; undefined while the people load. */
  personName: (id: string) => string | undefined;
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

/** One section of the template with its tasks, and the buttons that move, edit and delete them. */
export function TemplateSectionCard({
  section,
  personName,
  index,
  count,
  errors,
  onMove,
  onEdit,
  onDelete,
  onAddTask,
  onMoveTask,
  onEditTask,
  onDeleteTask,
}: TemplateSectionCardProps) {
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
              {windowLabel(section)} · {section.tasks.length} {section.tasks.length === 1 ? 'task' : 'tasks'}
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
                    <p className="mt-0.5 flex flex-wrap items-center gap-x-2 text-xs text-base-content/80">
                      <span className="inline-flex items-center gap-1">
                        <UserRound className="size-3" aria-hidden="true" />
                        <span className="sr-only">Done by </span>
                        {assigneeLabel(task, personName)}
                      </span>
                      {task.releaseDaysBefore.trim() !== '' && (
                        <span className="inline-flex items-center gap-1">
                          <EyeOff className="size-3" aria-hidden="true" />
                          Shown {formatCount(Number(task.releaseDaysBefore), 'day')} before its window
                        </span>
                      )}
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
