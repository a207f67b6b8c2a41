// Onboarding plans and their tasks: the API's shapes and the rules both sides compute (who sees a
// plan, task status, phase tabs, due dates, today's tasks; progress is in progress.ts).
import * as v from 'valibot';
import type { Role } from './roles.ts';
import type { TaskContent } from './templates.ts';

export type OnboardingTask = TaskContent & {
  id: string;
  planId: string;
  templateTaskId: string | null;
  sectionTitle: string | null;
  dayStart: number | null;
  dayEnd: number | null;
  dueDate: string | null;
  isCompleted: boolean;
  completedAt: string | null;
  order: number;
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
  isCompleted: boolean;
  completedAt: string | null;
  createdAt: string;
  updatedAt: string;
  newHire: PlanPerson;
  manager: (PlanPerson & { firstName: string | null; lastName: string | null }) | null;
  template: { title: string; duration: number; description: string | null } | null;
  progressPercentage: number;
  completedTasks: number;
  totalTasks: number;
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

/** 'YYYY-MM-DD' of a Date in the reader's own calendar. */
export function toIsoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Adds whole days to a 'YYYY-MM-DD' date (calendar arithmetic, no time zones involved). */
export function addDays(isoDate: string, days: number): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d + days));
  return date.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` ('YYYY-MM-DD'); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  const parse = (s: string) => {
    const [y, m, d] = s.split('-').map(Number) as [number, number, number];
    return Date.UTC(y, m - 1, d);
  };
  return Math.round((parse(to) - parse(from)) / 86_400_000);
}

/** A task's due date: the last day of its section's window (day 1 is the start date). */
export function dueDateFor(startDate: string, sectionDayEnd: number): string {
  return addDays(startDate, sectionDayEnd - 1);
}

export function taskStatus(task: { isCompleted: boolean; dueDate: string | null }, today: string): TaskStatus {
  if (task.isCompleted) return 'Completed';
  if (task.dueDate && task.dueDate < today) return 'Overdue';
  return 'Pending';
}

export const PHASE_TABS = ['Week 1', 'Week 2', 'Week 3-4', 'Final Review'] as const;
export type PhaseTab = (typeof PHASE_TABS)[number];

/** Phase tab by position in the plan (spec section 2): tasks 1-3, 4-6, 7-9, then the rest. */
export function phaseTabOf(index: number): PhaseTab {
  if (index < 3) return 'Week 1';
  if (index < 6) return 'Week 2';
  if (index < 9) return 'Week 3-4';
  return 'Final Review';
}

/** Day N of the plan (day 1 is the start date), clamped to 1..duration. */
export function currentDay(startDate: string, today: string, duration: number): number {
  return Math.min(Math.max(daysBetween(startDate, today) + 1, 1), Math.max(duration, 1));
}

/** Today's Tasks (DESIGN.md section 8): open tasks whose window contains today, overdue ones first. */
export function todaysTasks<T extends OnboardingTask>(tasks: T[], startDate: string, today: string): T[] {
  const day = daysBetween(startDate, today) + 1;
  const open = tasks.filter((task) => !task.isCompleted);
  const overdue = open.filter((task) => task.dueDate !== null && task.dueDate < today);
  const inWindow = open.filter((task) => !overdue.includes(task) && task.dayStart !== null && task.dayEnd !== null && task.dayStart <= day && day <= task.dayEnd);
  return [...overdue, ...inWindow];
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

/** POST /api/onboarding-plans, and the Assign Onboarding forms. */
export const AssignPlanSchema = v.object({
  newHireId: requiredId('Please select a user'),
  templateId: requiredId('Please select a template'),
  startDate: isoDay('Please select a start date'),
  managerId: optionalManagerId,
});
export type AssignPlanInput = v.InferInput<typeof AssignPlanSchema>;
export type AssignPlan = v.InferOutput<typeof AssignPlanSchema>;

/** PATCH /api/onboarding-plans/{id}: managerId 'none' (or null) removes the manager; absent keeps it. */
export const UpdatePlanSchema = v.object({
  currentPhase: v.pipe(v.string('Current phase is required'), v.trim(), v.minLength(1, 'Current phase is required'), v.maxLength(200)),
  newHireId: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100))),
  templateId: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100))),
  managerId: v.pipe(
    v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(100)))),
    v.transform((value) => (value === undefined ? undefined : value && value !== NO_MANAGER ? value : null)),
  ),
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
