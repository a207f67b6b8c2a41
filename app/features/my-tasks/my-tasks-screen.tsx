// /my-tasks (every role): one inbox of the tasks assigned to the signed-in person across plans, grouped
// Overdue / Today / Upcoming, filterable by plan, ticked here. Staff read it online (GET /api/my-tasks);
// a new hire's comes from their device (offline-first), ticks queued through the sync engine.
import { Link } from '@tanstack/react-router';
import { CalendarDays, Circle, CircleCheckBig, Inbox } from 'lucide-react';
import { memo, useId, useState } from 'react';
import { displayName, type SessionUser } from '../../../shared/auth.ts';
import type { MyTask } from '../../../shared/onboarding.ts';
import { isPastDue } from '../../../shared/plan-calendar.ts';
import { ACTION_TASK_CALLS, isActionTask } from '../../../shared/tasks.ts';
import { TEMPLATE_KIND_LABELS } from '../../../shared/templates.ts';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { LoadingScreen } from '../../components/ui/loading-screen.tsx';
import { formatDay } from '../../lib/format.ts';
import { notify, notifyError } from '../../lib/notify.ts';
import type { SyncEngine } from '../../sync/engine.ts';
import { useLocalMyTasks, useSyncEngine, useToday } from '../../sync/hooks.ts';
import { useMyTasks } from './api/get-my-tasks.ts';
import { useSetTaskCompleted } from './api/set-task-completed.ts';
import { groupMyTasks, plansOf, type MyTaskGroup } from './grouping.ts';
import { useTicksOverRead } from './use-ticks-over-read.ts';

type Toggle = (task: MyTask, isCompleted: boolean) => void;

export function MyTasksScreen({ user }: { user: SessionUser }) {
  const engine = useSyncEngine(user);
  return engine ? <DeviceMyTasks engine={engine} user={user} /> : <OnlineMyTasks user={user} />;
}

function OnlineMyTasks({ user }: { user: SessionUser }) {
  const today = useToday();
  const { data, isPending, error, refetch } = useMyTasks();
  const { tasks, ticked, written, undone } = useTicksOverRead(data?.tasks);
  const setCompleted = useSetTaskCompleted();
  const toggle: Toggle = (task, isCompleted) => {
    ticked(task.id, isCompleted, isCompleted ? new Date().toISOString() : null);
    setCompleted.mutate(
      { taskId: task.id, isCompleted },
      {
        onSuccess: () => {
          written(task.id, isCompleted);
          notify.success(isCompleted ? 'Task done' : 'Task reopened', undefined, { replaces: 'my-task-tick' });
        },
        onError: (failure) => {
          undone(task.id, isCompleted);
          notifyError(failure, 'Could not save this change');
        },
      },
    );
  };
  if (isPending) return <LoadingScreen label="Loading your tasks..." />;
  if (error || !tasks) return <ErrorState error={error} onRetry={() => void refetch()} title="Could not load your tasks" />;
  return <MyTasksView tasks={tasks} today={today} user={user} onToggle={toggle} busyTaskId={setCompleted.isPending ? setCompleted.variables?.taskId : undefined} />;
}

function DeviceMyTasks({ engine, user }: { engine: SyncEngine; user: SessionUser }) {
  const today = useToday();
  const { tasks, ticked, written, undone } = useTicksOverRead(useLocalMyTasks(engine, today));
  const toggle: Toggle = (task, isCompleted) => {
    const completedAt = isCompleted ? new Date().toISOString() : null;
    ticked(task.id, isCompleted, completedAt);
    void engine.mutate('task.setCompleted', { taskId: task.id, isCompleted, completedAt }).then(
      async ({ outcome }) => {
        written(task.id, isCompleted);
        const result = await outcome;
        if (result === 'rejected') undone(task.id, isCompleted);
        if (result === 'queued') notify.info('Saved on this device — will sync when online', undefined, { replaces: 'my-task-tick' });
      },
      (failure: unknown) => {
        undone(task.id, isCompleted);
        notifyError(failure, 'Could not save this change');
      },
    );
  };
  if (!tasks) return <LoadingScreen label="Loading your tasks..." />;
  return <MyTasksView tasks={tasks} today={today} user={user} onToggle={toggle} />;
}

type ViewProps = { tasks: MyTask[]; today: string; user: SessionUser; onToggle: Toggle; busyTaskId?: string };

function MyTasksView({ tasks, today, user, onToggle, busyTaskId }: ViewProps) {
  const [planId, setPlanId] = useState<string>('');
  const filterId = useId();
  const plans = plansOf(tasks);
  // A plan that left the list (its last task done long ago) no longer filters.
  const chosen = plans.some((plan) => plan.id === planId) ? planId : '';
  const groups = groupMyTasks(tasks, today, chosen || null);
  const open = tasks.filter((task) => !task.isCompleted).length;

  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-4">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">My tasks</h1>
          <p className="text-sm text-base-content/70">
            {open === 0 ? 'Nothing open right now.' : `${open} open ${open === 1 ? 'task' : 'tasks'} assigned to you, across onboarding plans.`}
          </p>
        </div>
        {plans.length > 0 && (
          <div className="flex flex-col gap-1">
            <label htmlFor={filterId} className="text-sm font-medium">
              Plan
            </label>
            <select id={filterId} className="select select-sm w-full sm:w-64" value={chosen} onChange={(event) => setPlanId(event.currentTarget.value)}>
              <option value="">All plans</option>
              {plans.map((plan) => (
                <option key={plan.id} value={plan.id}>
                  {planLabel(plan, user)}
                </option>
              ))}
            </select>
          </div>
        )}
      </header>

      {groups.length === 0 ? (
        <div className="card bg-base-100 shadow-sm">
          <div className="card-body items-center gap-3 py-12 text-center">
            <Inbox className="size-10 text-base-content/50" aria-hidden="true" />
            <h2 className="text-lg font-semibold">Nothing assigned to you</h2>
            <p className="max-w-md text-sm text-base-content/70">Tasks others assign you in onboarding plans appear here.</p>
          </div>
        </div>
      ) : (
        groups.map((group) => <Group key={group.key} group={group} today={today} user={user} onToggle={onToggle} busyTaskId={busyTaskId} />)
      )}
    </section>
  );
}

/** "for Alex Chen" (their onboarding), "your plan" for the person's own. */
function planLabel(plan: MyTask['plan'], user: SessionUser): string {
  if (plan.newHire.id === user.id) return `Your ${TEMPLATE_KIND_LABELS[plan.kind].toLowerCase()}`;
  return `${displayName(plan.newHire)} — ${TEMPLATE_KIND_LABELS[plan.kind].toLowerCase()}`;
}

const GROUP_TONE: Record<MyTaskGroup['key'], string> = { overdue: 'text-error', today: 'text-primary', upcoming: 'text-base-content/70', done: 'text-success' };

function Group({ group, today, user, onToggle, busyTaskId }: { group: MyTaskGroup; today: string; user: SessionUser; onToggle: Toggle; busyTaskId?: string }) {
  const headingId = useId();
  const Icon = group.key === 'done' ? CircleCheckBig : CalendarDays;
  return (
    <section aria-labelledby={headingId} className="card bg-base-100 shadow-sm">
      <div className="card-body gap-1 p-4 md:p-5">
        <h2 id={headingId} className={`flex items-center gap-2 font-semibold ${GROUP_TONE[group.key]}`}>
          <Icon className="size-4" aria-hidden="true" /> {group.title}
          <span className="badge badge-ghost badge-sm">{group.tasks.length}</span>
        </h2>
        <ul className="divide-y divide-base-200">
          {group.tasks.map((task) => (
            <MyTaskRow key={task.id} task={task} today={today} forSelf={task.plan.newHire.id === user.id} onToggle={onToggle} busy={task.id === busyTaskId} />
          ))}
        </ul>
      </div>
    </section>
  );
}

const MyTaskRow = memo(function MyTaskRow({ task, today, forSelf, onToggle, busy }: { task: MyTask; today: string; forSelf: boolean; onToggle: Toggle; busy: boolean }) {
  const checkboxId = useId();
  const overdue = !task.isCompleted && isPastDue(task, today);
  // A form, a policy or an upload is done on the plan's screen, not ticked here.
  const action = isActionTask(task.type);
  return (
    <li className="flex items-start gap-3 py-2.5">
      {action ? (
        task.isCompleted ? (
          <CircleCheckBig className="mt-0.5 size-5 shrink-0 text-success" aria-label="Done" />
        ) : (
          <Circle className="mt-0.5 size-5 shrink-0 text-base-content/50" aria-label="To do" />
        )
      ) : (
        <input
          id={checkboxId}
          type="checkbox"
          className="checkbox checkbox-primary instant mt-0.5"
          checked={task.isCompleted}
          disabled={busy}
          onChange={(event) => onToggle(task, event.currentTarget.checked)}
          aria-label={`Mark “${task.title}” as ${task.isCompleted ? 'not done' : 'done'}`}
        />
      )}
      <div className="min-w-0 flex-1">
        <label
          htmlFor={action ? undefined : checkboxId}
          className={`font-medium break-words ${action ? '' : 'cursor-pointer'} ${task.isCompleted ? 'text-base-content/70 line-through' : ''}`}
        >
          {task.title}
        </label>
        <div className="mt-0.5 flex flex-wrap gap-x-3 gap-y-1 text-xs text-base-content/70">
          <span>{forSelf ? 'Your own plan' : `for ${displayName(task.plan.newHire)}`}</span>
          {task.dueDate && <span className={overdue ? 'font-medium text-error' : ''}>Due {formatDay(task.dueDate, { weekday: 'short', month: 'short', day: 'numeric' })}</span>}
          {task.sectionTitle && <span className="truncate">{task.sectionTitle}</span>}
        </div>
        {isActionTask(task.type) && !task.isCompleted && forSelf && (
          <Link to="/new-hire-dashboard" className="link link-primary mt-1 inline-block text-sm">
            {ACTION_TASK_CALLS[task.type]} on your plan
          </Link>
        )}
      </div>
    </li>
  );
});
