// A plan's calendar: which date "day N" of a template is for one person, when a task is due, when the
// new hire first sees it, and which phase tab holds it. Day 1 is the start date; day -1 the day before
// it (preboarding); there is no day 0. With business days, days count Monday to Friday only.

/** How far before day 1 a section may start (preboarding). */
export const PREBOARDING_MAX_DAYS = 90;

/** 'YYYY-MM-DD' of a Date in the reader's own calendar. */
export function toIsoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function utcOf(isoDate: string): Date {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
}

/** Adds whole days to a 'YYYY-MM-DD' date (calendar arithmetic, no time zones involved). */
export function addDays(isoDate: string, days: number): string {
  const date = utcOf(isoDate);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` ('YYYY-MM-DD'); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((utcOf(to).getTime() - utcOf(from).getTime()) / 86_400_000);
}

export function isWeekend(isoDate: string): boolean {
  const weekday = utcOf(isoDate).getUTCDay();
  return weekday === 0 || weekday === 6;
}

/** Moves by whole business days (Monday to Friday), skipping weekends in either direction. */
export function addBusinessDays(isoDate: string, days: number): string {
  let date = isoDate;
  const step = days < 0 ? -1 : 1;
  for (let left = Math.abs(days); left > 0;) {
    date = addDays(date, step);
    if (!isWeekend(date)) left -= 1;
  }
  return date;
}

export type PlanCalendar = { startDate: string; businessDays: boolean };

/** The date of day `day` of a plan: day 1 is the start date, day -1 the (business) day before it. */
export function dateOfDay(plan: PlanCalendar, day: number): string {
  const offset = day > 0 ? day - 1 : day;
  return plan.businessDays ? addBusinessDays(plan.startDate, offset) : addDays(plan.startDate, offset);
}

/** A task's due date: the last day of its window. */
export function dueDateFor(plan: PlanCalendar, dayEnd: number): string {
  return dateOfDay(plan, dayEnd);
}

/** The date a new hire first sees a task held back until `releaseDaysBefore` days before its window; null: always shown. */
export function releaseDateFor(plan: PlanCalendar, dayStart: number, releaseDaysBefore: number | null): string | null {
  return releaseDaysBefore === null ? null : addDays(dateOfDay(plan, dayStart), -releaseDaysBefore);
}

/** The dates a plan task carries, from its window: recomputed for open tasks when the start date moves. */
export function taskDates(plan: PlanCalendar, task: { dayStart: number; dayEnd: number; releaseDaysBefore: number | null }) {
  return { opensOn: dateOfDay(plan, task.dayStart), dueDate: dueDateFor(plan, task.dayEnd), releaseOn: releaseDateFor(plan, task.dayStart, task.releaseDaysBefore) };
}

/** Whether the new hire sees the task yet (`releaseOn` reached); staff always see every task. */
export function isReleased(task: { releaseOn: string | null }, today: string): boolean {
  return task.releaseOn === null || task.releaseOn <= today;
}

/** Day N of the plan (day 1 is the start date), clamped to 1..duration. */
export function currentDay(startDate: string, today: string, duration: number): number {
  return Math.min(Math.max(daysBetween(startDate, today) + 1, 1), Math.max(duration, 1));
}

/** The spec's phase tabs, holding what their names say, after "Before day 1" when a plan has preboarding. */
export const PHASE_TABS = ['Before day 1', 'Week 1', 'Week 2', 'Week 3-4', 'Final Review'] as const;
export type PhaseTab = (typeof PHASE_TABS)[number];

/** The tab of a task by the first day of its window: days 1-7, 8-14, 15-28, then the rest; before day 1 is preboarding. */
export function phaseTabOfDay(dayStart: number | null): PhaseTab {
  if (dayStart === null) return 'Week 1';
  if (dayStart < 1) return 'Before day 1';
  if (dayStart <= 7) return 'Week 1';
  if (dayStart <= 14) return 'Week 2';
  if (dayStart <= 28) return 'Week 3-4';
  return 'Final Review';
}

/** Past its due date (an open task then shows as overdue everywhere). */
export function isPastDue(task: { dueDate: string | null }, today: string): boolean {
  return task.dueDate !== null && task.dueDate < today;
}

export type TaskTiming = 'overdue' | 'today' | 'upcoming';

/** Where an open task stands today: past its due date, in its window, or not open yet. */
export function taskTiming(task: { opensOn: string | null; dueDate: string | null }, today: string): TaskTiming {
  if (isPastDue(task, today)) return 'overdue';
  if (task.opensOn !== null && task.opensOn > today) return 'upcoming';
  return 'today';
}
