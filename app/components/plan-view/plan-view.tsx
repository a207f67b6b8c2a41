// A plan as its new hire sees it (spec section 2, new-hire dashboard): progress, today's tasks, the
// task list by phase, and quick stats. The new-hire dashboard renders it live; /preview-plan read-only.
import {
  BookOpen,
  CalendarDays,
  ChevronDown,
  CircleCheckBig,
  CloudOff,
  Handshake,
  ListChecks,
  Sparkles,
  Target,
  TriangleAlert,
  Trophy,
  UserRound,
  Video,
} from 'lucide-react';
import { useId, useState, type CSSProperties, type ReactNode } from 'react';
import { displayName } from '../../../shared/auth.ts';
import {
  currentDay,
  daysBetween,
  PHASE_TABS,
  phaseTabOf,
  taskStatus,
  todaysTasks,
  toIsoDate,
  type OnboardingTask,
  type PhaseTab,
  type PlanDetails,
  type TaskStatus,
} from '../../../shared/onboarding.ts';
import { TASK_TYPE_LABELS, type TaskType } from '../../../shared/tasks.ts';
import { TaskDetail } from './task-detail.tsx';

/** A note under a task: still waiting to sync, or refused by the server. */
export type TaskNote = { kind: 'pending' | 'rejected'; text: string };

export type PlanViewProps = {
  plan: PlanDetails;
  /** No checkboxes to tick (plan preview). */
  readOnly?: boolean;
  /** 'YYYY-MM-DD' in the reader's calendar; today by default. */
  today?: string;
  onToggleTask?: (task: OnboardingTask, isCompleted: boolean) => void;
  taskNotes?: Record<string, TaskNote>;
  /** Extra cards for the side column (the new hire's Need Help and Helpful Resources). */
  aside?: ReactNode;
  /** Buttons beside the welcome text (the new hire's Messages). */
  headerActions?: ReactNode;
};

export const ACHIEVEMENT_THRESHOLD = 50;
const DEFAULT_DURATION_DAYS = 90;

const TYPE_ICONS: Record<TaskType, typeof ListChecks> = {
  checklist: ListChecks,
  resource: Video,
  introduction: Handshake,
  meeting: CalendarDays,
};

const STATUS_BADGES: Record<TaskStatus, string> = {
  Completed: 'badge-success',
  Overdue: 'badge-error',
  Pending: 'badge-ghost',
};

function formatDay(isoDate: string): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d)));
}

export function PlanView({ plan, readOnly = false, today = toIsoDate(new Date()), onToggleTask, taskNotes = {}, aside, headerActions }: PlanViewProps) {
  const duration = Math.max(plan.template?.duration ?? DEFAULT_DURATION_DAYS, 1);
  const day = currentDay(plan.startDate, today, duration);
  const daysElapsed = Math.max(0, daysBetween(plan.startDate, today));
  const daysRemaining = Math.max(0, duration - daysElapsed);
  const progress = plan.progressPercentage;
  const firstName = displayName(plan.newHire).split(/\s+/)[0];
  const todays = todaysTasks(plan.tasks, plan.startDate, today);
  const canTick = !readOnly && !!onToggleTask;

  return (
    <div className="space-y-4 md:space-y-6">
      <header className="card bg-primary text-primary-content shadow-sm">
        <div className="card-body flex-row items-center gap-4 p-5 md:p-6">
          <div className="min-w-0 flex-1 space-y-1">
            <p className="flex items-center gap-1.5 text-sm opacity-90">
              <Sparkles className="size-4" aria-hidden="true" /> {plan.template?.title ?? 'Your onboarding'}
            </p>
            <h1 className="text-2xl font-bold leading-tight md:text-3xl">Welcome, {firstName}!</h1>
            <p className="text-sm opacity-90 md:text-base">
              {progress >= 100 ? 'You have completed your onboarding. Well done!' : `You are ${progress}% through your onboarding.`}
            </p>
            {headerActions && <div className="flex flex-wrap gap-2 pt-2">{headerActions}</div>}
          </div>
          <div
            className="radial-progress shrink-0 border-4 border-primary-content/20 bg-primary-content/10 text-lg font-bold"
            style={{ '--value': progress, '--size': '5.5rem', '--thickness': '0.5rem' } as CSSProperties}
            role="progressbar"
            aria-valuenow={progress}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-label="Overall progress"
          >
            {progress}%
          </div>
        </div>
      </header>

      <section aria-label="Summary" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard icon={Target} label="Overall Progress" value={`${progress}%`}>
          <progress className="progress progress-primary h-1.5 w-full" value={progress} max={100} aria-hidden="true" />
        </StatCard>
        <StatCard icon={CircleCheckBig} label="Tasks Completed" value={`${plan.completedTasks}/${plan.totalTasks}`}>
          <span>{plan.totalTasks - plan.completedTasks} to go</span>
        </StatCard>
        <StatCard icon={CalendarDays} label="Current Phase" value={`Day ${day}`}>
          <span>of {duration} days</span>
        </StatCard>
        <StatCard icon={UserRound} label="Manager" value={plan.manager ? displayName(plan.manager) : 'Not assigned'} small>
          {plan.manager && (
            <a href={`mailto:${plan.manager.email}`} className="link link-hover block truncate" title={plan.manager.email}>
              {plan.manager.email}
            </a>
          )}
        </StatCard>
      </section>

      <div className="grid gap-4 md:gap-6 lg:grid-cols-3">
        <div className="space-y-4 md:space-y-6 lg:col-span-2">
          <section className="card bg-base-100 shadow-sm" aria-labelledby="todays-tasks">
            <div className="card-body gap-3 p-4 md:p-6">
              <h2 id="todays-tasks" className="card-title text-lg">
                <CalendarDays className="size-5 text-primary" aria-hidden="true" /> Today&apos;s Tasks
                {todays.length > 0 && <span className="badge badge-primary badge-sm">{todays.length}</span>}
              </h2>
              {todays.length === 0 ? (
                <p className="text-sm text-base-content/70">
                  {plan.totalTasks > 0 && plan.completedTasks === plan.totalTasks
                    ? 'Every task is done. Nothing left for today.'
                    : 'Nothing is due today. Pick the next task from your list below.'}
                </p>
              ) : (
                <ul className="divide-y divide-base-200">
                  {todays.map((task) => (
                    <TaskRow key={task.id} task={task} today={today} canTick={canTick} onToggle={onToggleTask} note={taskNotes[task.id]} idPrefix="today" />
                  ))}
                </ul>
              )}
            </div>
          </section>

          <TaskList plan={plan} today={today} canTick={canTick} onToggle={onToggleTask} taskNotes={taskNotes} />
        </div>

        <aside className="space-y-4 md:space-y-6" aria-label="More">
          {progress >= ACHIEVEMENT_THRESHOLD && (
            <section className="card border border-warning/40 bg-warning/10 shadow-sm">
              <div className="card-body flex-row items-center gap-3 p-4">
                <Trophy className="size-10 shrink-0 text-warning" aria-hidden="true" />
                <div>
                  <h2 className="font-bold">Halfway There!</h2>
                  <p className="text-sm text-base-content/80">
                    {progress >= 100 ? 'Every task done. You made it!' : `You have completed ${progress}% of your onboarding. Keep going!`}
                  </p>
                </div>
              </div>
            </section>
          )}
          {aside}
          <section className="card bg-base-100 shadow-sm" aria-labelledby="quick-stats">
            <div className="card-body gap-3 p-4 md:p-6">
              <h2 id="quick-stats" className="card-title text-lg">
                <BookOpen className="size-5 text-primary" aria-hidden="true" /> Quick Stats
              </h2>
              <dl className="grid grid-cols-3 gap-2 text-center lg:grid-cols-1 lg:text-left">
                <QuickStat label="Days elapsed" value={daysElapsed} />
                <QuickStat label="Days remaining" value={daysRemaining} />
                <QuickStat label="Completion rate" value={`${progress}%`} />
              </dl>
            </div>
          </section>
        </aside>
      </div>
    </div>
  );
}

function StatCard({ icon: Icon, label, value, small, children }: { icon: typeof Target; label: string; value: string; small?: boolean; children?: ReactNode }) {
  return (
    <div className="card bg-base-100 shadow-sm">
      <div className="card-body min-w-0 gap-1 p-3 md:p-4">
        <div className="flex items-center gap-1.5 text-xs font-medium text-base-content/70 md:text-sm">
          <Icon className="size-4 shrink-0 text-primary" aria-hidden="true" />
          <span className="truncate">{label}</span>
        </div>
        <div className={`truncate font-bold ${small ? 'text-base md:text-lg' : 'text-2xl'}`} title={value}>
          {value}
        </div>
        <div className="min-w-0 text-xs text-base-content/70">{children}</div>
      </div>
    </div>
  );
}

function QuickStat({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="rounded-box bg-base-200 p-2 lg:flex lg:items-center lg:justify-between lg:px-3">
      <dt className="text-xs text-base-content/70 lg:text-sm">{label}</dt>
      <dd className="text-xl font-bold lg:text-base">{value}</dd>
    </div>
  );
}

function firstOpenTab(tasks: OnboardingTask[]): PhaseTab {
  const index = tasks.findIndex((task) => !task.isCompleted);
  return phaseTabOf(index === -1 ? 0 : index);
}

function TaskList({
  plan,
  today,
  canTick,
  onToggle,
  taskNotes,
}: {
  plan: PlanDetails;
  today: string;
  canTick: boolean;
  onToggle?: PlanViewProps['onToggleTask'];
  taskNotes: Record<string, TaskNote>;
}) {
  const [tab, setTab] = useState<PhaseTab>(() => firstOpenTab(plan.tasks));
  const baseId = useId();
  const byTab = new Map<PhaseTab, OnboardingTask[]>(PHASE_TABS.map((name) => [name, []]));
  plan.tasks.forEach((task, index) => byTab.get(phaseTabOf(index))!.push(task));
  const shown = byTab.get(tab) ?? [];

  return (
    <section className="card bg-base-100 shadow-sm" aria-labelledby={`${baseId}-title`}>
      <div className="card-body gap-3 p-4 md:p-6">
        <h2 id={`${baseId}-title`} className="card-title text-lg">
          <ListChecks className="size-5 text-primary" aria-hidden="true" /> Your Tasks
          <span className="text-sm font-normal text-base-content/70">
            {plan.completedTasks} of {plan.totalTasks} done
          </span>
        </h2>
        <div role="tablist" aria-label="Phases" className="tabs tabs-box tabs-xs grid grid-cols-4 sm:tabs-sm sm:flex sm:flex-nowrap">
          {PHASE_TABS.map((name) => {
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
                className={`tab gap-1 px-1 whitespace-nowrap sm:px-3 ${tab === name ? 'tab-active' : ''}`}
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
          {plan.totalTasks === 0 ? (
            <p className="py-4 text-sm text-base-content/70">This plan has no tasks yet. Your manager will add them soon.</p>
          ) : shown.length === 0 ? (
            <p className="py-4 text-sm text-base-content/70">No tasks in this phase.</p>
          ) : (
            <ul className="divide-y divide-base-200">
              {shown.map((task) => (
                <TaskRow key={task.id} task={task} today={today} canTick={canTick} onToggle={onToggle} note={taskNotes[task.id]} idPrefix="list" expandable />
              ))}
            </ul>
          )}
        </div>
      </div>
    </section>
  );
}

function TaskRow({
  task,
  today,
  canTick,
  onToggle,
  note,
  idPrefix,
  expandable = false,
}: {
  task: OnboardingTask;
  today: string;
  canTick: boolean;
  onToggle?: PlanViewProps['onToggleTask'];
  note?: TaskNote;
  idPrefix: string;
  expandable?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const detailId = useId();
  const status = taskStatus(task, today);
  const TypeIcon = TYPE_ICONS[task.type];
  const checkboxId = `${idPrefix}-${task.id}`;
  return (
    <li className="py-2.5">
      <div className="flex items-start gap-3">
        <input
          id={checkboxId}
          type="checkbox"
          className="checkbox checkbox-primary mt-0.5"
          checked={task.isCompleted}
          disabled={!canTick}
          onChange={(event) => onToggle?.(task, event.currentTarget.checked)}
          aria-label={`Mark “${task.title}” as ${task.isCompleted ? 'not done' : 'done'}`}
        />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <label htmlFor={checkboxId} className={`cursor-pointer font-medium ${task.isCompleted ? 'text-base-content/70 line-through' : ''}`}>
              {task.title}
            </label>
            <span className={`badge badge-sm ${STATUS_BADGES[status]}`}>{status}</span>
          </div>
          <div className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-base-content/70">
            <span className="inline-flex items-center gap-1">
              <TypeIcon className="size-3.5" aria-hidden="true" /> {TASK_TYPE_LABELS[task.type]}
            </span>
            {task.dueDate && <span>Due {formatDay(task.dueDate)}</span>}
            {task.sectionTitle && <span className="truncate">{task.sectionTitle}</span>}
          </div>
          {note && (
            <p className={`mt-1 inline-flex items-center gap-1 text-xs ${note.kind === 'rejected' ? 'text-error' : 'text-info'}`}>
              {note.kind === 'rejected' ? <TriangleAlert className="size-3.5" aria-hidden="true" /> : <CloudOff className="size-3.5" aria-hidden="true" />}
              {note.text}
            </p>
          )}
        </div>
        {expandable && (
          <button
            type="button"
            className="btn btn-ghost btn-sm btn-square"
            aria-expanded={open}
            aria-controls={detailId}
            aria-label={`${open ? 'Hide' : 'Show'} details of “${task.title}”`}
            onClick={() => setOpen((value) => !value)}
          >
            <ChevronDown className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`} aria-hidden="true" />
          </button>
        )}
      </div>
      {expandable && open && (
        <div id={detailId} className="mt-3 ml-9 rounded-box border border-base-200 p-3">
          <TaskDetail task={task} />
        </div>
      )}
    </li>
  );
}
