// Onboarding plans and their tasks: the API's shapes and the rules both sides compute (who sees a
// plan, task status, phase tabs, due dates, today's tasks; progress is in progress.ts).
import { isPastDue, isReleased, taskTiming } from './plan-calendar.ts';
import type { FormAnswers } from './forms.ts';
import type { Progress } from './progress.ts';
import type { Role } from './roles.ts';
import type { TaskContent, TemplateKind } from './templates.ts';
import type { TaskUpload } from './uploads.ts';

export type OnboardingTask = TaskContent & {
  id: string;
  planId: string;
  templateTaskId: string | null;
  sectionTitle: string | null;
  dayStart: number | null;
  dayEnd: number | null;
  dueDate: string | null;
  /** The first day of its window, as a date. */
  opensOn: string | null;
  /** The new hire sees it from this date (held back until then); null: from the start. */
  releaseOn: string | null;
  /** Who does it, resolved from `assigneeKind` for this plan; null while the plan has nobody in that role. */
  assigneeId: string | null;
  assigneeName: string | null;
  isCompleted: boolean;
  completedAt: string | null;
  /** Who ticked it. */
  completedBy: string | null;
  order: number;
  /** A form task's submitted answers (forms.ts), and when; null until it is submitted. */
  formAnswers: FormAnswers | null;
  formSubmittedAt: string | null;
  /** An upload task's files (uploads.ts), oldest first; null: none. */
  uploads: TaskUpload[] | null;
};

export type PlanPerson = { id: string; fullName: string | null; email: string; profileImageUrl: string | null };

/** One plan as lists show it (GET /api/onboarding-plans). */
export type PlanSummary = {
  id: string;
  newHireId: string;
  templateId: string | null;
  managerId: string | null;
  companyId: string;
  startDate: string;
  currentPhase: string | null;
  /** Onboarding, or offboarding for a person who is leaving; copied from the template. */
  kind: TemplateKind;
  /** Due dates count Monday to Friday only; copied from the template. */
  businessDays: boolean;
  buddyId: string | null;
  isCompleted: boolean;
  completedAt: string | null;
  createdAt: string;
  updatedAt: string;
  newHire: PlanPerson;
  manager: (PlanPerson & { firstName: string | null; lastName: string | null }) | null;
  buddy: PlanPerson | null;
  template: { title: string; duration: number; description: string | null } | null;
  /** The whole plan, every assignee's tasks. */
  progressPercentage: number;
  completedTasks: number;
  totalTasks: number;
  /** The new hire's own part (their tasks only). */
  newHireProgress: Progress;
};

/** GET /api/onboarding-plans/{id}/details: the summary plus its tasks in order. */
export type PlanDetails = PlanSummary & { tasks: OnboardingTask[] };

export type TaskStatus = 'Completed' | 'Overdue' | 'Pending';

/** Whose plans a role sees, inside its own company (DESIGN.md section 5). */
export const PLAN_SCOPE = { admin: 'company', manager: 'managed', new_hire: 'own' } as const satisfies Record<Role, 'company' | 'managed' | 'own'>;

/** Whether a person sees a plan of their company: an admin every one, a manager the ones they manage, a new hire their own. */
export function canSeePlan(person: { id: string; role: Role }, plan: { managerId: string | null; newHireId: string }): boolean {
  switch (PLAN_SCOPE[person.role]) {
    case 'company':
      return true;
    case 'managed':
      return plan.managerId === person.id;
    case 'own':
      return plan.newHireId === person.id;
  }
}

export function taskStatus(task: { isCompleted: boolean; dueDate: string | null }, today: string): TaskStatus {
  if (task.isCompleted) return 'Completed';
  if (isPastDue(task, today)) return 'Overdue';
  return 'Pending';
}

/** No task ids: the default of a set that is usually empty, one object so that props holding it stay equal. */
export const NO_TASK_IDS: ReadonlySet<string> = new Set();

/**
 * Today's Tasks (DESIGN.md section 8): open tasks whose window contains today, overdue ones first.
 * `kept`: tasks ticked on the screen showing the list, which keep their place there, done, until the
 * person leaves it: nothing moves under their finger as they tick, and a mis-tick is undone where it was made.
 */
export function todaysTasks<T extends Pick<OnboardingTask, 'id' | 'isCompleted' | 'opensOn' | 'dueDate'>>(tasks: T[], today: string, kept = NO_TASK_IDS): T[] {
  const listed = tasks.filter((task) => !task.isCompleted || kept.has(task.id));
  const overdue = listed.filter((task) => taskTiming(task, today) === 'overdue');
  const inWindow = listed.filter((task) => task.opensOn !== null && taskTiming(task, today) === 'today');
  return [...overdue, ...inWindow];
}

/** The new hire's own part of a plan: the tasks they do, released to them by `today`. */
export function newHireTasks<T extends Pick<OnboardingTask, 'assigneeKind' | 'releaseOn'>>(tasks: T[], today: string): T[] {
  return tasks.filter((task) => task.assigneeKind === 'new_hire' && isReleased(task, today));
}

/** What others do for the new hire, shown to them read-only ("Laptop ordered — IT, done"), as released. */
export function othersTasksForNewHire<T extends Pick<OnboardingTask, 'assigneeKind' | 'releaseOn'>>(tasks: T[], today: string): T[] {
  return tasks.filter((task) => task.assigneeKind !== 'new_hire' && isReleased(task, today));
}

/**
 * Who may tick a task: its assignee (even on a plan they cannot otherwise see), plus DESIGN.md section
 * 5's rule, which the issue keeps: an admin any plan, a manager the plans they manage, a new hire their
 * own plan. The new hire's screens still show what others do for them read-only.
 */
export function canCompleteTask(person: { id: string; role: Role }, plan: { managerId: string | null; newHireId: string }, task: { assigneeId: string | null }): boolean {
  return task.assigneeId === person.id || canSeePlan(person, plan);
}

// The API's request contracts for plans and their tasks: onboarding-requests.ts (kept apart, so a new
// hire's device, which computes the rules here, does not download the template schemas they build on).

/** POST /api/onboarding-plans/{id}/reapply-template and POST /api/templates/{id}/reapply: what was added. */
export type ReapplyResult = { plans: number; added: number };

// ---- My tasks: every task assigned to the caller, across plans ----

export type MyTask = OnboardingTask & { plan: { id: string; kind: TemplateKind; startDate: string; newHire: PlanPerson } };

/** How long a done task stays in My tasks. */
export const MY_TASKS_DONE_DAYS = 7;

/** GET /api/my-tasks: open tasks, and those done in the last 7 days, assigned to the caller. */
export type MyTasksResponse = { tasks: MyTask[] };

/** GET /api/my-tasks/count: the sidebar's badge. */
export type MyTasksCount = { open: number; overdue: number };
