// A plan's tasks as rows with their tick box, status, type and due date: Today's Tasks, and Your
// Tasks by phase tab, where a row opens to show the task's details. A task done by doing something
// (a form, a policy to accept, an upload; issue 19) has no tick box: its status, and a call to act
// that opens its details, where it is done.
import { CalendarDays, ChevronDown, Circle, CircleCheck, ClipboardList, CloudOff, FileSignature, FileUp, Handshake, ListChecks, TriangleAlert, Video } from 'lucide-react';
import { memo, useCallback, useId, useRef, useState } from 'react';
import { NO_TASK_IDS, taskStatus, type OnboardingTask } from '../../../shared/onboarding.ts';
import { PHASE_TABS, phaseTabOfDay, type PhaseTab } from '../../../shared/plan-calendar.ts';
import { ACTION_TASK_CALLS, isActionTask, TASK_TYPE_LABELS, type TaskType } from '../../../shared/tasks.ts';
import { formatDay } from '../../lib/format.ts';
import { PlanViewCard } from './plan-view-card.tsx';
import { TaskDetail } from './task-detail.tsx';
import { TaskStatusBadge } from './task-status-badge.tsx';
import { useRowWindow, WINDOW_FROM } from './use-row-window.ts';

/** A note under a task: still waiting to sync, or refused by the server. */
export type TaskNote = { kind: 'pending' | 'rejected'; text: string };

export type TaskTicking = {
  /** False: no checkboxes to tick and no forms to fill (plan preview). */
  canTick: boolean;
  onToggle?: (task: OnboardingTask, isCompleted: boolean) => void;
  taskNotes: Record<string, TaskNote>;
};

const TYPE_ICONS: Record<TaskType, typeof ListChecks> = {
  checklist: ListChecks,
  resource: Video,
  introduction: Handshake,
  meeting: CalendarDays,
  form: ClipboardList,
  acknowledgement: FileSignature,
  upload: FileUp,
};

function firstOpenTab(tasks: OnboardingTask[]): PhaseTab {
  const firstOpen = tasks.find((task) => !task.isCompleted) ?? tasks[0];
  return phaseTabOfDay(firstOpen?.dayStart ?? null);
}

/** The new hire's own tasks (those shown to them), by phase tab. */
export function TaskList({ tasks: allTasks, today, ticking }: { tasks: OnboardingTask[]; today: string; ticking: TaskTicking }) {
  const [tab, setTab] = useState<PhaseTab>(() => firstOpenTab(allTasks));
  const baseId = useId();
  const byTab = new Map<PhaseTab, OnboardingTask[]>(PHASE_TABS.map((name) => [name, []]));
  for (const task of allTasks) byTab.get(phaseTabOfDay(task.dayStart))!.push(task);
  const completed = allTasks.filter((task) => task.isCompleted).length;
  // "Before day 1" only for a plan with preboarding.
  const tabs = PHASE_TABS.filter((name) => name !== 'Before day 1' || byTab.get(name)!.length > 0);
  const shown = byTab.get(tab) ?? [];

  return (
    <PlanViewCard
      id={`${baseId}-title`}
      icon={ListChecks}
      title="Your Tasks"
      extra={
        <span className="text-sm font-normal text-base-content/70">
          {completed} of {allTasks.length} done
        </span>
      }
    >
      {/* One column per tab, so all five fit a 390 px screen; a long name wraps inside its tab. */}
      <div role="tablist" aria-label="Phases" className="tabs tabs-box tabs-xs grid auto-cols-fr grid-flow-col sm:tabs-sm sm:flex sm:flex-nowrap">
        {tabs.map((name) => {
          const tasks = byTab.get(name) ?? [];
          const done = tasks.filter((task) => task.isCompleted).length;
          return (
            <button
              key={name}
              type="button"
              role="tab"
              id={`${baseId}-${name}`}
              aria-selected={tab === name}
              aria-controls={`${baseId}-panel`}
              className={`tab h-auto min-h-8 gap-1 px-1 text-center leading-tight sm:whitespace-nowrap sm:px-3 ${tab === name ? 'tab-active' : ''}`}
              onClick={() => setTab(name)}
            >
              {name}
              <span className="text-xs max-sm:sr-only">
                {done}/{tasks.length}
              </span>
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-${tab}`}>
        {allTasks.length === 0 ? (
          <p className="py-4 text-sm text-base-content/70">This plan has no tasks yet. Your manager will add them soon.</p>
        ) : shown.length === 0 ? (
          <p className="py-4 text-sm text-base-content/70">No tasks in this phase.</p>
        ) : (
          // One list per tab: another tab's rows start closed, as they did when each row kept its own state.
          <TaskRows key={tab} tasks={shown} today={today} ticking={ticking} idPrefix="list" expandable />
        )}
      </div>
    </PlanViewCard>
  );
}

export function TaskRows({
  tasks,
  today,
  ticking,
  idPrefix,
  expandable = false,
}: {
  tasks: OnboardingTask[];
  today: string;
  ticking: TaskTicking;
  idPrefix: string;
  expandable?: boolean;
}) {
  // The rows whose details are open; kept here so that a row left out of the window and rendered
  // again opens as it was (and an open row stays rendered, its details with their state).
  const [openIds, setOpenIds] = useState<ReadonlySet<string>>(NO_TASK_IDS);
  const onOpenChange = useCallback((taskId: string, open: boolean) => {
    setOpenIds((current) => {
      if (current.has(taskId) === open) return current;
      const next = new Set(current);
      if (open) next.add(taskId);
      else next.delete(taskId);
      return next;
    });
  }, []);
  const windowed = tasks.length > WINDOW_FROM;
  const keys = tasks.map((task) => task.id);
  const { parts, listRef, rowRef, onFocusRow } = useRowWindow(windowed, keys, openIds);

  const rows = parts.flatMap((part) => {
    // A spacer holding the rows left out, at their measured height: nothing moves as rows come and go.
    if (part.kind === 'gap') return [<li key={`gap-${part.start}`} aria-hidden="true" style={{ height: part.height }} />];
    return tasks
      .slice(part.start, part.end)
      .map((task, offset) => (
        <TaskRow
          key={task.id}
          task={task}
          today={today}
          canTick={ticking.canTick}
          onToggle={ticking.onToggle}
          note={ticking.taskNotes[task.id]}
          idPrefix={idPrefix}
          expandable={expandable}
          open={openIds.has(task.id)}
          onOpenChange={onOpenChange}
          {...(windowed && { measureRow: rowRef, position: part.start + offset + 1, setSize: tasks.length })}
        />
      ));
  });

  if (!windowed) return <ul className="divide-y divide-base-200">{rows}</ul>;
  return (
    <ul
      ref={listRef}
      className="divide-y divide-base-200"
      // The focused row and its neighbours stay rendered: Tab reaches the next row, and the focus is
      // not lost when the page scrolls away from it.
      onFocus={onFocusRow}
      onBlur={onFocusRow}
    >
      {rows}
    </ul>
  );
}

type TaskRowProps = {
  task: OnboardingTask;
  today: string;
  canTick: boolean;
  onToggle?: TaskTicking['onToggle'];
  note: TaskNote | undefined;
  idPrefix: string;
  expandable: boolean;
  open: boolean;
  onOpenChange: (taskId: string, open: boolean) => void;
  /** In a windowed list: the ref that measures the row, and its place in the whole list. */
  measureRow?: (row: HTMLElement | null) => void;
  position?: number;
  setSize?: number;
};

// Memoised, its list item included: a tick renders its own row again, not the ones beside it (a task that
// did not change keeps its object, see use-new-hire-data.ts, and the handler and notes keep theirs), and
// React compares no props of the other rows' elements.
const TaskRow = memo(function TaskRow({ task, today, canTick, onToggle, note, idPrefix, expandable, open, onOpenChange, measureRow, position, setSize }: TaskRowProps) {
  const detailId = useId();
  const details = useRef<HTMLDivElement>(null);
  const TypeIcon = TYPE_ICONS[task.type];
  const checkboxId = `${idPrefix}-${task.id}`;
  const action = isActionTask(task.type) ? task.type : null;
  // An action task is done in its details, so its row opens wherever it is listed.
  const opens = expandable || action !== null;
  const titleClass = `font-medium ${task.isCompleted ? 'text-base-content/70 line-through' : ''}`;
  const openToAct = () => {
    onOpenChange(task.id, true);
    // The button goes once the details show: the keyboard goes on into them.
    requestAnimationFrame(() => details.current?.focus());
  };
  return (
    <li
      // Rows off screen skip style, layout and paint until scrolled to; a windowed list renders few
      // rows beyond the screen, and measures them, so they are laid out for real. Each row is a paint
      // layer of its own (relative, isolated): Chromium then repaints the ticked row and copies the
      // others' recorded paint, where it re-recorded the whole card (67 -> 22 ms per tick at 4x CPU).
      // Not `contain: paint`, which saves as much but clips the focus ring at the row's edges.
      className={measureRow ? 'relative isolate py-2.5' : 'relative isolate py-2.5 [contain-intrinsic-size:auto_4rem] [content-visibility:auto]'}
      {...(measureRow && { ref: measureRow, 'data-row-key': task.id, 'aria-setsize': setSize, 'aria-posinset': position })}
    >
      <div className="flex items-start gap-3">
        {action ? (
          task.isCompleted ? (
            <CircleCheck className="mt-0.5 size-5 shrink-0 text-success" role="img" aria-label="Done" />
          ) : (
            <Circle className="mt-0.5 size-5 shrink-0 text-base-content/40" role="img" aria-label="To do" />
          )
        ) : (
          <input
            id={checkboxId}
            type="checkbox"
            className="checkbox checkbox-primary instant mt-0.5"
            checked={task.isCompleted}
            disabled={!canTick}
            onChange={(event) => onToggle?.(task, event.currentTarget.checked)}
            aria-label={`Mark “${task.title}” as ${task.isCompleted ? 'not done' : 'done'}`}
          />
        )}
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            {action ? (
              <span className={titleClass}>{task.title}</span>
            ) : (
              <label htmlFor={checkboxId} className={`cursor-pointer ${titleClass}`}>
                {task.title}
              </label>
            )}
            <TaskStatusBadge status={taskStatus(task, today)} />
          </div>
          <div className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-base-content/70">
            <span className="inline-flex items-center gap-1">
              <TypeIcon className="size-3.5" aria-hidden="true" /> {TASK_TYPE_LABELS[task.type]}
            </span>
            {task.dueDate && <span>Due {formatDay(task.dueDate, { month: 'short', day: 'numeric' })}</span>}
            {task.sectionTitle && <span className="truncate">{task.sectionTitle}</span>}
          </div>
          {note && (
            <p className={`mt-1 inline-flex items-center gap-1 text-xs ${note.kind === 'rejected' ? 'text-error' : 'text-info'}`}>
              {note.kind === 'rejected' ? <TriangleAlert className="size-3.5" aria-hidden="true" /> : <CloudOff className="size-3.5" aria-hidden="true" />}
              {note.text}
            </p>
          )}
          {action && canTick && !task.isCompleted && !open && (
            <button type="button" className="btn btn-primary btn-sm mt-2" onClick={openToAct}>
              {ACTION_TASK_CALLS[action]}
            </button>
          )}
        </div>
        {opens && (
          <button
            type="button"
            className="btn btn-ghost btn-sm btn-square"
            aria-expanded={open}
            aria-controls={detailId}
            aria-label={`${open ? 'Hide' : 'Show'} details of “${task.title}”`}
            onClick={() => onOpenChange(task.id, !open)}
          >
            <ChevronDown className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`} aria-hidden="true" />
          </button>
        )}
      </div>
      {opens && open && (
        <div
          id={detailId}
          ref={details}
          tabIndex={-1}
          aria-label={`Details of “${task.title}”`}
          role="region"
          className={`mt-3 rounded-box border border-base-200 p-3 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary ${action ? 'sm:ml-9' : 'ml-9'}`}
        >
          <TaskDetail task={task} canAct={canTick} />
        </div>
      )}
    </li>
  );
});
