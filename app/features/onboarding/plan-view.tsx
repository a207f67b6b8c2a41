// A plan as its new hire sees it (spec section 2, new-hire dashboard): progress of their part and of
// the whole plan, today's tasks, their task list by phase, what others do for them (read-only), and
// quick stats. The new-hire dashboard renders it live; /preview-plan read-only, every task shown.
import { BookOpen, CalendarDays, CircleCheckBig, HeartHandshake, Target, Trophy, UserRound } from 'lucide-react';
import type { CSSProperties, ReactNode } from 'react';
import type { AssigneeKind } from '../../../shared/assignees.ts';
import { displayName, greetingName } from '../../../shared/auth.ts';
import { newHireTasks, othersTasksForNewHire, taskStatus, todaysTasks, type OnboardingTask, type PlanDetails } from '../../../shared/onboarding.ts';
import { currentDay, daysBetween, toIsoDate } from '../../../shared/plan-calendar.ts';
import { DecorativeIcon } from '../../components/ui/decorative-icon.tsx';
import { formatDay } from '../../lib/format.ts';
import { PlanViewCard } from './plan-view-card.tsx';
import { WelcomeCard } from './welcome-card.tsx';
import { TaskList, TaskRows, type TaskNote, type TaskTicking } from './task-list.tsx';

export type PlanViewProps = {
  plan: PlanDetails;
  /** No checkboxes to tick, and every task shown, held back or not (staff's plan preview). */
  readOnly?: boolean;
  /** 'YYYY-MM-DD' in the reader's calendar; today by default. */
  today?: string;
  onToggleTask?: (task: OnboardingTask, isCompleted: boolean) => void;
  /** Tasks ticked on this screen: they stay in Today's Tasks, done, until the person leaves it. */
  tickedHere?: ReadonlySet<string>;
  taskNotes?: Record<string, TaskNote>;
  /** Extra cards for the side column (the new hire's Need Help and Helpful Resources). */
  aside?: ReactNode;
  /** Buttons beside the welcome text (the new hire's Messages). */
  headerActions?: ReactNode;
};

const ACHIEVEMENT_THRESHOLD = 50;
const DEFAULT_DURATION_DAYS = 90;

export function PlanView({ plan, readOnly = false, today = toIsoDate(new Date()), onToggleTask, tickedHere, taskNotes = {}, aside, headerActions }: PlanViewProps) {
  const duration = Math.max(plan.template?.duration ?? DEFAULT_DURATION_DAYS, 1);
  const day = currentDay(plan.startDate, today, duration);
  const daysToStart = daysBetween(today, plan.startDate);
  const daysElapsed = Math.max(0, daysBetween(plan.startDate, today));
  const daysRemaining = Math.max(0, duration - daysElapsed);
  // The new hire sees a held-back task from its release date on; staff previewing the plan see them all
  // (as of a day past every release).
  const shownFrom = readOnly ? '9999-12-31' : today;
  const own = newHireTasks(plan.tasks, shownFrom);
  const others = othersTasksForNewHire(plan.tasks, shownFrom);
  const part = plan.newHireProgress;
  const progress = part.progressPercentage;
  const todays = todaysTasks(own, today, tickedHere);
  const todaysOpen = todays.filter((task) => !task.isCompleted).length;
  const ticking: TaskTicking = { canTick: !readOnly && !!onToggleTask, onToggle: onToggleTask, taskNotes };

  return (
    <div className="space-y-4 md:space-y-6">
      <WelcomeHeader plan={plan} actions={headerActions} />

      <section aria-label="Summary" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <PlanStat icon={Target} label="Your Progress" value={`${progress}%`}>
          <progress className="progress progress-primary instant h-1.5 w-full" value={progress} max={100} aria-hidden="true" />
          <span className="mt-1 block">Whole plan: {plan.progressPercentage}%</span>
        </PlanStat>
        <PlanStat icon={CircleCheckBig} label="Tasks Completed" value={`${part.completedTasks}/${part.totalTasks}`}>
          <span>
            {part.totalTasks - part.completedTasks} to go · whole plan {plan.completedTasks}/{plan.totalTasks}
          </span>
        </PlanStat>
        {daysToStart > 0 ? (
          <PlanStat icon={CalendarDays} label="Current Phase" value={daysToStart === 1 ? 'Starts tomorrow' : `Starts in ${daysToStart} days`} small>
            <span>on {formatDay(plan.startDate, { weekday: 'short', month: 'short', day: 'numeric' })}</span>
          </PlanStat>
        ) : (
          <PlanStat icon={CalendarDays} label="Current Phase" value={`Day ${day}`}>
            <span>of {duration} days</span>
          </PlanStat>
        )}
        <PlanStat icon={UserRound} label="Manager" value={plan.manager ? displayName(plan.manager) : 'Not assigned'} small>
          {plan.manager && (
            <a href={`mailto:${plan.manager.email}`} className="link link-hover block truncate" title={plan.manager.email}>
              {plan.manager.email}
            </a>
          )}
        </PlanStat>
      </section>

      <div className="grid gap-4 md:gap-6 lg:grid-cols-3">
        <div className="space-y-4 md:space-y-6 lg:col-span-2">
          <PlanViewCard id="todays-tasks" icon={CalendarDays} title="Today's Tasks" extra={todaysOpen > 0 && <span className="badge badge-primary badge-sm">{todaysOpen}</span>}>
            {todays.length > 0 && (
              // Today's few rows are on screen at once: laid out for real from the first frame, not first at
              // the rows' off-screen size estimate and a frame later at their own (a layout shift).
              <div className="[&_li]:[content-visibility:visible]">
                <TaskRows tasks={todays} today={today} ticking={ticking} idPrefix="today" />
              </div>
            )}
            {todaysOpen === 0 && (
              <p className={`text-sm text-base-content/70 ${todays.length > 0 ? 'border-t border-base-200 pt-2.5' : ''}`}>
                {part.totalTasks > 0 && part.completedTasks === part.totalTasks
                  ? 'Every task is done. Nothing left for today.'
                  : todays.length > 0
                    ? 'All done for today. Pick the next task from your list below.'
                    : 'Nothing is due today. Pick the next task from your list below.'}
              </p>
            )}
          </PlanViewCard>
          <TaskList tasks={own} today={today} ticking={ticking} />
          {others.length > 0 && <OthersDoing tasks={others} today={today} newHireName={readOnly ? greetingName(plan.newHire) : null} />}
        </div>

        <aside className="space-y-4 md:space-y-6" aria-label="More">
          {progress >= ACHIEVEMENT_THRESHOLD && <Achievement progress={progress} />}
          {aside}
          <PlanViewCard id="quick-stats" icon={BookOpen} title="Quick Stats">
            <dl className="grid grid-cols-3 gap-2 text-center lg:grid-cols-1 lg:text-left">
              <QuickStat label="Days elapsed" value={daysElapsed} />
              <QuickStat label="Days remaining" value={daysRemaining} />
              <QuickStat label="Completion rate" value={`${progress}%`} />
            </dl>
          </PlanViewCard>
        </aside>
      </div>
    </div>
  );
}

/** The roles as the new hire calls them; a named person is named only. */
const ROLE_WORDS: Record<AssigneeKind, string | null> = { new_hire: null, manager: 'manager', buddy: 'buddy', hr: 'HR admin', person: null };

/** What others do for the new hire, read-only: "Laptop ordered — Ian (HR admin), done". */
function OthersDoing({ tasks, today, newHireName }: { tasks: OnboardingTask[]; today: string; newHireName: string | null }) {
  const done = tasks.filter((task) => task.isCompleted).length;
  return (
    <PlanViewCard
      id="others-doing"
      icon={HeartHandshake}
      title={newHireName ? `Others are doing for ${newHireName}` : 'Others are doing for you'}
      extra={
        <span className="text-sm font-normal text-base-content/70">
          {done} of {tasks.length} done
        </span>
      }
    >
      <ul className="divide-y divide-base-200 text-sm">
        {tasks.map((task) => {
          const role = ROLE_WORDS[task.assigneeKind];
          const who = task.assigneeName ? `${task.assigneeName}${role ? ` (${role})` : ''}` : role ? `Your ${role}, not chosen yet` : 'Not assigned yet';
          const overdue = taskStatus(task, today) === 'Overdue';
          return (
            <li key={task.id} className="flex items-baseline justify-between gap-3 py-2">
              <span className="min-w-0">
                <span className={task.isCompleted ? 'text-base-content/70 line-through' : 'font-medium'}>{task.title}</span>
                <span className="text-base-content/70"> — {who}</span>
              </span>
              <span className={`shrink-0 text-xs ${task.isCompleted ? 'font-medium text-success' : overdue ? 'text-error' : 'text-base-content/70'}`}>
                {task.isCompleted ? 'done' : task.dueDate ? `due ${formatDay(task.dueDate, { month: 'short', day: 'numeric' })}` : 'open'}
              </span>
            </li>
          );
        })}
      </ul>
    </PlanViewCard>
  );
}

function WelcomeHeader({ plan, actions }: { plan: PlanDetails; actions?: ReactNode }) {
  const progress = plan.newHireProgress.progressPercentage;
  return (
    <WelcomeCard
      name={greetingName(plan.newHire)}
      eyebrow={plan.template?.title ?? 'Your onboarding'}
      line={progress >= 100 ? 'You have done every task of yours. Well done!' : `You are ${progress}% through your tasks.`}
      actions={actions}
      figure={
        <div
          className="radial-progress instant shrink-0 border-4 border-primary-content/20 bg-primary-content/10 text-lg font-bold"
          style={{ '--value': progress, '--size': '5.5rem', '--thickness': '0.5rem' } as CSSProperties}
          role="progressbar"
          aria-valuenow={progress}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-label="Your progress"
        >
          {progress}%
        </div>
      }
    />
  );
}

function Achievement({ progress }: { progress: number }) {
  return (
    <section className="card border border-warning/40 bg-warning/10 shadow-sm">
      <div className="card-body flex-row items-center gap-3 p-4">
        <Trophy className="size-10 shrink-0 text-warning" aria-hidden="true" />
        <div>
          <h2 className="font-bold">Halfway There!</h2>
          <p className="text-sm text-base-content/80">{progress >= 100 ? 'Every task done. You made it!' : `You have completed ${progress}% of your onboarding. Keep going!`}</p>
        </div>
      </div>
    </section>
  );
}

function PlanStat({ icon, label, value, small, children }: { icon: typeof Target; label: string; value: string; small?: boolean; children?: ReactNode }) {
  return (
    <div className="card bg-base-100 shadow-sm">
      <div className="card-body min-w-0 gap-1 p-3 md:p-4">
        <div className="flex items-center gap-1.5 text-xs font-medium text-base-content/70 md:text-sm">
          <DecorativeIcon icon={icon} className="size-4 shrink-0 text-primary" />
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
