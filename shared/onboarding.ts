// Onboarding plans and their tasks: the API's shapes and the rules both sides compute
// (progress, task status, phase tabs, due dates, today's tasks).
import type { Attachment, ChecklistItem, TaskType } from './tasks.ts';

export type OnboardingTask = {
  id: string;
  planId: string;
  templateTaskId: string | null;
  sectionTitle: string | null;
  dayStart: number | null;
  dayEnd: number | null;
  title: string;
  description: string | null;
  type: TaskType;
  resourceUrl: string | null;
  videoUrl: string | null;
  videoTitle: string | null;
  attachments: Attachment[] | null;
  checklistItems: ChecklistItem[] | null;
  personName: string | null;
  personRole: string | null;
  personPhoto: string | null;
  meetingTitle: string | null;
  meetingAttendees: string[] | null;
  meetingDate: string | null;
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

export function progressOf(tasks: ReadonlyArray<{ isCompleted: boolean }>): {
  progressPercentage: number;
  completedTasks: number;
  totalTasks: number;
} {
  const totalTasks = tasks.length;
  const completedTasks = tasks.filter((task) => task.isCompleted).length;
  return { totalTasks, completedTasks, progressPercentage: totalTasks ? Math.round((completedTasks / totalTasks) * 100) : 0 };
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
  const inWindow = open.filter(
    (task) => !overdue.includes(task) && task.dayStart !== null && task.dayEnd !== null && task.dayStart <= day && day <= task.dayEnd,
  );
  return [...overdue, ...inWindow];
}
