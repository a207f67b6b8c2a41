// @vitest-environment node
// What a new hire's screen shows while a tick is in flight (use-ticking.ts), and which task objects a
// new read of Dexie keeps (use-new-hire-data.ts): the rows that memo can skip.
import { describe, expect, it } from 'vitest';
import type { OnboardingTask, PlanDetails } from '../../../shared/onboarding.ts';
import { checklistTask, testPlan } from '../../sync/test-fixtures.ts';
import { createTaskKeeper, progressOnDevice } from './use-new-hire-data.ts';
import { withoutSeen, withTicks, type TickInFlight, type TicksInFlight } from './use-ticking.ts';

const TODAY = '2026-01-06';

function task(order: number, isCompleted = false): OnboardingTask {
  return checklistTask(order, {
    id: `task-${order}`,
    planId: 'plan',
    checklistItems: [{ id: `item-${order}`, text: 'Read it', isCompleted: false }],
    isCompleted,
    completedAt: isCompleted ? '2026-01-06T09:00:00.000Z' : null,
  });
}

function plan(tasks: OnboardingTask[]): PlanDetails {
  return { ...testPlan(), tasks, ...progressOnDevice(tasks, TODAY) };
}

const ticked = (localWrite: number | null): TickInFlight => ({ isCompleted: true, completedAt: '2026-01-06T10:00:00.000Z', click: 1, localWrite });
const ticks = (entries: [string, TickInFlight][]): TicksInFlight => new Map(entries);

describe('a tick in flight', () => {
  it('shows over what the device read until a read holds its write, the progress with it', () => {
    const read = plan([task(0), task(1), task(2), task(3)]);
    const clicked = withTicks(read, ticks([['task-1', ticked(null)]]), 0, TODAY);
    expect(clicked.tasks.map((shown) => shown.isCompleted)).toEqual([false, true, false, false]);
    expect([clicked.completedTasks, clicked.progressPercentage]).toEqual([1, 25]);
    // Written as the device's 7th local write; a read that counted 6 does not hold it yet.
    const written = withTicks(read, ticks([['task-1', ticked(7)]]), 6, TODAY);
    expect(written.tasks[1]?.isCompleted).toBe(true);
  });

  it('gives way to what the device holds once a read holds it, so a refusal shows', () => {
    const refused = plan([task(0), task(1)]);
    const shown = withTicks(refused, ticks([['task-1', ticked(7)]]), 7, TODAY);
    expect(shown).toBe(refused);
    expect(shown.tasks[1]?.isCompleted).toBe(false);
  });

  it('leaves every other task object as it was, and the plan too when nothing differs', () => {
    const read = plan([task(0), task(1), task(2)]);
    const shown = withTicks(read, ticks([['task-2', ticked(null)]]), 0, TODAY);
    expect(shown.tasks[0]).toBe(read.tasks[0]);
    expect(shown.tasks[1]).toBe(read.tasks[1]);
    expect(shown.tasks[2]).not.toBe(read.tasks[2]);
    const alreadyThere = plan([task(0), task(1, true)]);
    expect(withTicks(alreadyThere, ticks([['task-1', ticked(null)]]), 0, TODAY)).toBe(alreadyThere);
  });

  it('keeps its task object from render to render while the read under it stays, so ticks in a row render only their own rows', () => {
    // Ticks faster than the reads of Dexie: both stay laid over the same read while more come.
    const read = plan([task(0), task(1), task(2)]);
    const first = withTicks(read, ticks([['task-0', ticked(null)]]), 0, TODAY);
    const second = withTicks(
      read,
      ticks([
        ['task-0', ticked(1)],
        ['task-1', { ...ticked(null), click: 2 }],
      ]),
      0,
      TODAY,
    );
    expect(second.tasks[0]).toBe(first.tasks[0]);
    expect(second.tasks[1]?.isCompleted).toBe(true);
    // Unticked again: a new object, the row shows it.
    const undone = withTicks(read, ticks([['task-0', { ...ticked(1), isCompleted: false, completedAt: null, click: 3 }]]), 0, TODAY);
    expect(undone.tasks[0]).toBe(read.tasks[0]);
    const retick = withTicks(read, ticks([['task-0', { ...ticked(1), completedAt: '2026-01-06T11:00:00.000Z', click: 4 }]]), 0, TODAY);
    expect(retick.tasks[0]).not.toBe(first.tasks[0]);
    expect(retick.tasks[0]?.completedAt).toBe('2026-01-06T11:00:00.000Z');
  });

  it('is dropped once a read holds it, and kept while none does', () => {
    const inFlight = ticks([
      ['task-0', ticked(3)],
      ['task-1', ticked(5)],
      ['task-2', ticked(null)],
    ]);
    expect([...withoutSeen(inFlight, 4).keys()]).toEqual(['task-1', 'task-2']);
    expect(withoutSeen(inFlight, 2)).toBe(inFlight);
  });
});

describe('a new read of the tasks', () => {
  it('keeps the object of every task that did not change and takes the changed ones', () => {
    const keep = createTaskKeeper();
    const first = keep([task(0), task(1), task(2)]);
    const changedItem = { ...task(2), checklistItems: [{ id: 'item-2', text: 'Read it', isCompleted: true }] };
    const second = keep([task(0), task(1, true), changedItem]);
    expect(second[0]).toBe(first[0]);
    expect(second[1]).not.toBe(first[1]);
    expect(second[1]?.isCompleted).toBe(true);
    expect(second[2]).toBe(changedItem);
    // Compared with the read just before: the ticked task is kept from the second read on.
    expect(keep([task(0), task(1, true), changedItem])[1]).toBe(second[1]);
  });
});

describe('progress on the device', () => {
  it("counts the new hire's part from their released tasks and the whole plan from every task, a tick moving both", () => {
    const tasks = [
      task(0, true),
      task(1),
      { ...task(2), assigneeKind: 'hr' as const, isCompleted: true },
      // Held back until tomorrow: not theirs to see yet, but part of the whole plan.
      { ...task(3), releaseOn: '2026-01-07' },
    ];
    const read = plan(tasks);
    expect([read.newHireProgress.completedTasks, read.newHireProgress.totalTasks, read.completedTasks, read.totalTasks]).toEqual([1, 2, 2, 4]);
    expect(progressOnDevice(tasks, '2026-01-07').newHireProgress.totalTasks).toBe(3);
    const ticked1 = withTicks(read, ticks([['task-1', ticked(null)]]), 0, TODAY);
    expect([ticked1.newHireProgress.progressPercentage, ticked1.progressPercentage]).toEqual([100, 75]);
  });
});
