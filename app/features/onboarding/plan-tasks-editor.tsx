// "Tasks of this plan" (live plans): an admin or the plan's manager adds, edits, removes and reorders
// the tasks of one person's plan, re-applies its template, and exports it. The template never changes.
import { ArrowDown, ArrowUp, Download, Info, ListPlus, Pencil, RefreshCw, RotateCcw, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { ASSIGNEE_KIND_LABELS } from '../../../shared/assignees.ts';
import { displayName } from '../../../shared/auth.ts';
import { taskStatus, type OnboardingTask, type PlanDetails } from '../../../shared/onboarding.ts';
import { toIsoDate } from '../../../shared/plan-calendar.ts';
import { isActionTask } from '../../../shared/tasks.ts';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { PendingButton } from '../../components/ui/pending-button.tsx';
import { formatCount, formatDay } from '../../lib/format.ts';
import { notify, notifyError } from '../../lib/notify.ts';
import { useReapplyPlanTemplate } from './api/reapply-plan-template.ts';
import { useRemovePlanTask } from './api/remove-plan-task.ts';
import { useReopenPlanTask } from './api/reopen-plan-task.ts';
import { useReorderPlanTasks } from './api/reorder-plan-tasks.ts';
import { PlanTaskDialog } from './plan-task-dialog.tsx';
import { TaskStatusBadge } from './task-status-badge.tsx';

type Direction = 'up' | 'down';

/** The download of a plan's tasks with who did what when. */
export const planExportUrl = (planId: string) => `/api/onboarding-plans/${encodeURIComponent(planId)}/export.csv`;

const moveButtonId = (taskId: string, direction: Direction) => `move-${direction}-${taskId}`;

export function PlanTasksEditor({ plan }: { plan: PlanDetails }) {
  const [editing, setEditing] = useState<{ task: OnboardingTask | null } | null>(null);
  const [removing, setRemoving] = useState<OnboardingTask | null>(null);
  const moved = useRef<{ taskId: string; direction: Direction } | null>(null);
  const reorder = useReorderPlanTasks(plan.id);
  const remove = useRemovePlanTask(plan.id);
  const reapply = useReapplyPlanTemplate(plan.id);
  const reopen = useReopenPlanTask();
  const name = displayName(plan.newHire);
  const today = toIsoDate(new Date());
  const { tasks } = plan;

  // A moved row is re-inserted in the list, which drops the keyboard focus: give it back to the same
  // button, or to the other one when the row reached an end of the list.
  useEffect(() => {
    const last = moved.current;
    if (!last) return;
    moved.current = null;
    const same = document.getElementById(moveButtonId(last.taskId, last.direction));
    const other = document.getElementById(moveButtonId(last.taskId, last.direction === 'up' ? 'down' : 'up'));
    const target = same instanceof HTMLButtonElement && !same.disabled ? same : other;
    target?.focus();
  }, [tasks]);

  function move(index: number, direction: Direction) {
    const to = direction === 'up' ? index - 1 : index + 1;
    const task = tasks[index];
    const other = tasks[to];
    if (!task || !other) return;
    const taskIds = tasks.map((each) => each.id);
    taskIds[index] = other.id;
    taskIds[to] = task.id;
    moved.current = { taskId: task.id, direction };
    reorder.mutate(taskIds, { onError: (error) => notifyError(error, 'Could not move the task', 'Failed to move the task. Please try again.') });
  }

  function confirmRemove() {
    if (!removing) return;
    remove.mutate(removing.id, {
      onSuccess: () => {
        notify.success('Task removed', `From ${name}’s plan only.`);
        setRemoving(null);
      },
      onError: (error) => notifyError(error, 'Could not remove the task', 'Failed to remove the task. Please try again.'),
    });
  }

  // A form, policy or upload is done by the new hire doing it, never ticked here; a done one can be
  // reopened to ask for it again (its answers, acceptance or files stay on record).
  function reopenTask(task: OnboardingTask) {
    reopen.mutate(task.id, {
      onSuccess: () => notify.success('Task reopened', `${name} is asked to do “${task.title}” again.`),
      onError: (error) => notifyError(error, 'Could not reopen the task', 'Failed to reopen the task. Please try again.'),
    });
  }

  function reapplyTemplate() {
    reapply.mutate(undefined, {
      onSuccess: ({ added }) =>
        added > 0 ? notify.success(`Added ${formatCount(added, 'task')}`, `From ${plan.template?.title ?? 'the template'}.`) : notify.info('Already up to date'),
      onError: (error) => notifyError(error, 'Could not re-apply the template', 'Failed to re-apply the template. Please try again.'),
    });
  }

  return (
    <section className="flex flex-col gap-3" aria-labelledby="plan-tasks-heading">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h2 id="plan-tasks-heading" className="text-lg font-semibold">
            Tasks of this plan
          </h2>
          <p className="text-sm text-base-content/70">{formatCount(tasks.length, 'task')}, in the order the new hire sees them.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {plan.templateId && (
            <PendingButton tone="outline" className="btn-sm" pending={reapply.isPending} onClick={reapplyTemplate} icon={<RefreshCw className="size-4" aria-hidden="true" />}>
              Re-apply template
            </PendingButton>
          )}
          <a className="btn btn-sm btn-outline" href={planExportUrl(plan.id)} download>
            <Download className="size-4" aria-hidden="true" /> Export CSV
          </a>
          <button type="button" className="btn btn-sm btn-primary" onClick={() => setEditing({ task: null })}>
            <ListPlus className="size-4" aria-hidden="true" /> Add task
          </button>
        </div>
      </div>
      <div role="note" className="alert alert-info alert-soft text-sm">
        <Info className="size-4 shrink-0" aria-hidden="true" />
        <span>
          Changes here affect {name}’s plan only, not the {plan.template ? `“${plan.template.title}” template` : 'template'}.
          {plan.templateId && ' Re-apply template adds the template’s tasks this plan lacks; nothing is added twice.'}
        </span>
      </div>

      {tasks.length === 0 ? (
        <p className="rounded-box border border-dashed border-base-300 p-6 text-center text-base-content/70">This plan has no tasks. Add one to get started.</p>
      ) : (
        <ol className="flex flex-col gap-2" aria-label={`Tasks of ${name}’s plan`}>
          {tasks.map((task, index) => (
            <li key={task.id} className="flex flex-col gap-2 rounded-box border border-base-300 bg-base-100 p-3 sm:flex-row sm:items-center" data-testid="plan-task-row">
              <span className="hidden w-7 shrink-0 text-right text-sm text-base-content/75 tabular-nums sm:block" aria-hidden="true">
                {index + 1}.
              </span>
              <div className="min-w-0 flex-1">
                <div className="flex items-start justify-between gap-2">
                  <h3 className="font-medium break-words">{task.title}</h3>
                  <TaskStatusBadge status={taskStatus(task, today)} withIcon />
                </div>
                <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-0.5 text-xs text-base-content/70">
                  <div className="flex gap-1">
                    <dt>Who:</dt>
                    <dd>{assigneeText(task)}</dd>
                  </div>
                  <div className="flex gap-1">
                    <dt>Window:</dt>
                    <dd>{windowText(task)}</dd>
                  </div>
                  <div className="flex gap-1">
                    <dt>Due:</dt>
                    <dd>{formatDay(task.dueDate)}</dd>
                  </div>
                  {task.sectionTitle && (
                    <div className="flex gap-1">
                      <dt>Section:</dt>
                      <dd>{task.sectionTitle}</dd>
                    </div>
                  )}
                </dl>
              </div>
              <div className="flex shrink-0 gap-1 self-end sm:self-center" role="group" aria-label={`Actions for “${task.title}”`}>
                {isActionTask(task.type) && task.isCompleted && (
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    aria-label={`Reopen “${task.title}”`}
                    title="Reopen: ask the new hire to do it again"
                    disabled={reopen.isPending}
                    onClick={() => reopenTask(task)}
                  >
                    <RotateCcw className="size-4" aria-hidden="true" /> Reopen
                  </button>
                )}
                <button
                  type="button"
                  id={moveButtonId(task.id, 'up')}
                  className="btn btn-ghost btn-sm btn-square"
                  aria-label={`Move “${task.title}” up`}
                  title="Move up"
                  disabled={index === 0}
                  onClick={() => move(index, 'up')}
                >
                  <ArrowUp className="size-4" aria-hidden="true" />
                </button>
                <button
                  type="button"
                  id={moveButtonId(task.id, 'down')}
                  className="btn btn-ghost btn-sm btn-square"
                  aria-label={`Move “${task.title}” down`}
                  title="Move down"
                  disabled={index === tasks.length - 1}
                  onClick={() => move(index, 'down')}
                >
                  <ArrowDown className="size-4" aria-hidden="true" />
                </button>
                <button type="button" className="btn btn-ghost btn-sm btn-square" aria-label={`Edit “${task.title}”`} title="Edit" onClick={() => setEditing({ task })}>
                  <Pencil className="size-4" aria-hidden="true" />
                </button>
                <button type="button" className="btn btn-ghost btn-sm btn-square text-error" aria-label={`Remove “${task.title}”`} title="Remove" onClick={() => setRemoving(task)}>
                  <Trash2 className="size-4" aria-hidden="true" />
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}

      {editing && <PlanTaskDialog plan={plan} task={editing.task} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={removing !== null}
        title="Remove this task?"
        confirmLabel="Remove task"
        pending={remove.isPending}
        onConfirm={confirmRemove}
        onClose={() => setRemoving(null)}
      >
        “{removing?.title}” is removed from {name}’s plan only. The template keeps it.
      </ConfirmDialog>
    </section>
  );
}

function assigneeText(task: OnboardingTask): string {
  const who = task.assigneeName ?? 'nobody yet';
  return task.assigneeKind === 'person' ? who : `${ASSIGNEE_KIND_LABELS[task.assigneeKind]} · ${who}`;
}

function windowText(task: OnboardingTask): string {
  if (task.dayStart === null || task.dayEnd === null) return '—';
  const days = task.dayStart === task.dayEnd ? `Day ${task.dayStart}` : `Days ${task.dayStart} to ${task.dayEnd}`;
  return task.opensOn ? `${days} (from ${formatDay(task.opensOn)})` : days;
}
