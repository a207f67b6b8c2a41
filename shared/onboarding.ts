// Onboarding plans and their tasks: the API's shapes and the rules both sides compute (who sees a
// plan, task status, phase tabs, due dates, today's tasks; progress is in progress.ts).
import * as v from 'valibot';
import { isPastDue, isReleased, taskTiming } from './plan-calendar.ts';
import type { FormAnswers } from './forms.ts';
import type { Progress } from './progress.ts';
import type { Role } from './roles.ts';
import { END_BEFORE_START_MESSAGE, SectionFieldsSchema, TaskInputSchema, type TaskContent, type TemplateKind } from './templates.ts';
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

// ---- Request contracts (spec sections 5 and 7), used by the API and the forms ----

/** 'none' in a manager picker means no manager. */
export const NO_MANAGER = 'none';

const requiredId = (message: string) => v.pipe(v.string(message), v.trim(), v.minLength(1, message), v.maxLength(100, message));
const isoDay = (message: string) => v.pipe(v.string(message), v.trim(), v.isoDate(message));
/** An optional manager id where absent, '' and 'none' all mean no manager (sent as absent by forms). */
const optionalManagerId = v.pipe(
  v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(100)))),
  v.transform((value) => (value && value !== NO_MANAGER ? value : undefined)),
);

/** POST /api/onboarding-plans, and the Assign Onboarding forms. A buddy is any colleague; absent, '' and 'none' mean none. */
export const AssignPlanSchema = v.object({
  newHireId: requiredId('Please select a user'),
  templateId: requiredId('Please select a template'),
  startDate: isoDay('Please select a start date'),
  managerId: optionalManagerId,
  buddyId: optionalManagerId,
});
export type AssignPlanInput = v.InferInput<typeof AssignPlanSchema>;
export type AssignPlan = v.InferOutput<typeof AssignPlanSchema>;

const optionalPersonChange = v.pipe(
  v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(100)))),
  v.transform((value) => (value === undefined ? undefined : value && value !== NO_MANAGER ? value : null)),
);

/**
 * PATCH /api/onboarding-plans/{id}: managerId / buddyId 'none' (or null) removes them, absent keeps them;
 * moving the start date moves the due dates of the open tasks with it.
 */
export const UpdatePlanSchema = v.object({
  startDate: v.optional(isoDay('Please select a start date')),
  buddyId: optionalPersonChange,
  currentPhase: v.pipe(v.string('Current phase is required'), v.trim(), v.minLength(1, 'Current phase is required'), v.maxLength(200)),
  newHireId: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100))),
  templateId: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100))),
  managerId: optionalPersonChange,
});
export type UpdatePlanInput = v.InferInput<typeof UpdatePlanSchema>;
export type UpdatePlan = v.InferOutput<typeof UpdatePlanSchema>;

/** PATCH /api/onboarding-tasks/{taskId}: intent, not a toggle; completedAt is when the person ticked it. */
export const SetTaskCompletedSchema = v.object({
  isCompleted: v.boolean('isCompleted must be true or false'),
  completedAt: v.optional(v.pipe(v.string(), v.isoTimestamp('completedAt must be an ISO timestamp'))),
});
export type SetTaskCompleted = v.InferOutput<typeof SetTaskCompletedSchema>;

export const PLANS_PAGE_DEFAULT = 100;
export const PLANS_PAGE_MAX = 500;

/** GET /api/onboarding-plans?limit=&offset= (default limit 100, at most 500). */
export const PlansPageSchema = v.object({
  limit: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,6}$/, 'limit must be a whole number'),
      v.transform(Number),
      v.minValue(1, 'limit must be at least 1'),
      v.maxValue(PLANS_PAGE_MAX, `limit must be at most ${PLANS_PAGE_MAX}`),
    ),
    String(PLANS_PAGE_DEFAULT),
  ),
  offset: v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'offset must be a whole number'), v.transform(Number)), '0'),
});
export type PlansPage = v.InferOutput<typeof PlansPageSchema>;

// ---- Live plans: one person's tasks changed without touching the template ----

/** POST /api/onboarding-plans/{id}/tasks and PUT .../tasks/{taskId}: a task with its window (and section name). */
export const PlanTaskInputSchema = v.intersect([
  TaskInputSchema,
  v.pipe(
    v.object({
      sectionTitle: v.nullish(v.pipe(v.string(), v.trim(), v.maxLength(200, 'Section title must be at most 200 characters')), null),
      dayStart: SectionFieldsSchema.pipe[0].entries.dayStart,
      dayEnd: SectionFieldsSchema.pipe[0].entries.dayEnd,
    }),
    v.forward(
      v.partialCheck([['dayStart'], ['dayEnd']], (task) => task.dayStart <= task.dayEnd, END_BEFORE_START_MESSAGE),
      ['dayEnd'],
    ),
  ),
]);
export type PlanTaskInput = v.InferOutput<typeof PlanTaskInputSchema>;

/** PUT /api/onboarding-plans/{id}/task-order: every live task of the plan, once, in the new order. */
export const TaskOrderSchema = v.object({
  taskIds: v.pipe(v.array(v.pipe(v.string(), v.uuid('Invalid task id'))), v.minLength(1, 'Give the tasks in their new order'), v.maxLength(5000)),
});
export type TaskOrder = v.InferOutput<typeof TaskOrderSchema>;

/** POST /api/onboarding-plans/{id}/reapply-template and POST /api/templates/{id}/reapply: what was added. */
export type ReapplyResult = { plans: number; added: number };

// ---- My tasks: every task assigned to the caller, across plans ----

export type MyTask = OnboardingTask & { plan: { id: string; kind: TemplateKind; startDate: string; newHire: PlanPerson } };

/** GET /api/my-tasks?planId=: only the tasks of one plan. */
export const MyTasksQuerySchema = v.object({ planId: v.optional(v.pipe(v.string(), v.uuid('Invalid plan id'))) });
export type MyTasksQuery = v.InferOutput<typeof MyTasksQuerySchema>;

/** How long a done task stays in My tasks. */
export const MY_TASKS_DONE_DAYS = 7;

/** GET /api/my-tasks: open tasks, and those done in the last 7 days, assigned to the caller. */
export type MyTasksResponse = { tasks: MyTask[] };

/** GET /api/my-tasks/count: the sidebar's badge. */
export type MyTasksCount = { open: number; overdue: number };
