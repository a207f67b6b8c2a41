// My tasks in the groups the screen shows: open tasks by where they stand today (shared taskTiming),
// then the recently done ones; each group by due date.
import type { MyTask } from '../../../shared/onboarding.ts';
import { taskTiming, type TaskTiming } from '../../../shared/plan-calendar.ts';

export type MyTaskGroup = { key: TaskTiming | 'done'; title: string; tasks: MyTask[] };

const TITLES: Record<MyTaskGroup['key'], string> = { overdue: 'Overdue', today: 'Today', upcoming: 'Upcoming', done: 'Recently done' };

const byDueDate = (a: MyTask, b: MyTask) => (a.dueDate ?? '9999').localeCompare(b.dueDate ?? '9999') || a.order - b.order;

/** The non-empty groups, in order; `planId` keeps one plan's tasks only. */
export function groupMyTasks(tasks: MyTask[], today: string, planId: string | null = null): MyTaskGroup[] {
  const groups = new Map<MyTaskGroup['key'], MyTask[]>([
    ['overdue', []],
    ['today', []],
    ['upcoming', []],
    ['done', []],
  ]);
  for (const task of tasks) {
    if (planId && task.plan.id !== planId) continue;
    groups.get(task.isCompleted ? 'done' : taskTiming(task, today))!.push(task);
  }
  return [...groups].filter(([, list]) => list.length > 0).map(([key, list]) => ({ key, title: TITLES[key], tasks: list.sort(byDueDate) }));
}

/** The plans present in the list, for the filter: one per plan, by the person's name. */
export function plansOf(tasks: MyTask[]): MyTask['plan'][] {
  const plans = new Map(tasks.map((task) => [task.plan.id, task.plan]));
  return [...plans.values()].sort((a, b) => (a.newHire.fullName ?? a.newHire.email).localeCompare(b.newHire.fullName ?? b.newHire.email));
}
