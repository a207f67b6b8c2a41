import { describe, expect, it } from 'vitest';
import { addBusinessDays, dateOfDay, dueDateFor, isReleased, phaseTabOfDay, releaseDateFor, taskDates, taskTiming } from './plan-calendar.ts';

// 2026-12-07 is a Monday.
const calendarDays = { startDate: '2026-12-07', businessDays: false };
const businessDays = { startDate: '2026-12-07', businessDays: true };

describe('a plan calendar', () => {
  it('counts day 1 as the start date and day -1 as the day before it, with no day 0', () => {
    expect(dateOfDay(calendarDays, 1)).toBe('2026-12-07');
    expect(dateOfDay(calendarDays, 7)).toBe('2026-12-13');
    expect(dateOfDay(calendarDays, -1)).toBe('2026-12-06');
    expect(dateOfDay(calendarDays, -14)).toBe('2026-11-23');
  });

  it('skips weekends when the template counts business days', () => {
    // Day 5 is Friday; day 6 is the next Monday, not Saturday.
    expect(dueDateFor(businessDays, 5)).toBe('2026-12-11');
    expect(dueDateFor(businessDays, 6)).toBe('2026-12-14');
    expect(dueDateFor(businessDays, 10)).toBe('2026-12-18');
    // The business day before a Monday start is the Friday.
    expect(dateOfDay(businessDays, -1)).toBe('2026-12-04');
    expect(addBusinessDays('2026-12-11', 1)).toBe('2026-12-14');
    expect(addBusinessDays('2026-12-14', -1)).toBe('2026-12-11');
  });

  it('holds a task back until N calendar days before its window opens', () => {
    expect(releaseDateFor(calendarDays, 30, 3)).toBe('2027-01-02');
    expect(releaseDateFor(calendarDays, 30, null)).toBeNull();
    const task = { ...taskDates(calendarDays, { dayStart: 30, dayEnd: 35, releaseDaysBefore: 3 }) };
    expect(task).toEqual({ opensOn: '2027-01-05', dueDate: '2027-01-10', releaseOn: '2027-01-02' });
    expect(isReleased(task, '2026-12-07')).toBe(false);
    expect(isReleased(task, '2027-01-02')).toBe(true);
    expect(isReleased({ releaseOn: null }, '2026-01-01')).toBe(true);
  });

  it('moves with the start date', () => {
    const moved = taskDates({ startDate: '2026-12-14', businessDays: false }, { dayStart: -3, dayEnd: -1, releaseDaysBefore: null });
    expect(moved).toEqual({ opensOn: '2026-12-11', dueDate: '2026-12-13', releaseOn: null });
  });

  it('puts a task in the phase tab its days name, not by its position', () => {
    expect(phaseTabOfDay(-14)).toBe('Before day 1');
    expect(phaseTabOfDay(1)).toBe('Week 1');
    expect(phaseTabOfDay(7)).toBe('Week 1');
    expect(phaseTabOfDay(8)).toBe('Week 2');
    expect(phaseTabOfDay(15)).toBe('Week 3-4');
    expect(phaseTabOfDay(28)).toBe('Week 3-4');
    expect(phaseTabOfDay(29)).toBe('Final Review');
    expect(phaseTabOfDay(90)).toBe('Final Review');
  });

  it('says whether an open task is overdue, open today or upcoming', () => {
    const task = { opensOn: '2026-12-07', dueDate: '2026-12-13' };
    expect(taskTiming(task, '2026-12-06')).toBe('upcoming');
    expect(taskTiming(task, '2026-12-07')).toBe('today');
    expect(taskTiming(task, '2026-12-13')).toBe('today');
    expect(taskTiming(task, '2026-12-14')).toBe('overdue');
  });
});
