// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { MyTask } from '../../../shared/onboarding.ts';
import { checklistTask } from '../../sync/test-fixtures.ts';
import { groupMyTasks, plansOf } from './grouping.ts';

const person = (id: string, fullName: string) => ({ id, fullName, email: `${id}@test`, profileImageUrl: null });
const alex = { id: 'plan-alex', kind: 'onboarding' as const, startDate: '2026-01-05', newHire: person('alex', 'Alex Chen') };
const bea = { id: 'plan-bea', kind: 'offboarding' as const, startDate: '2026-01-05', newHire: person('bea', 'Bea Bell') };

function mine(title: string, plan: MyTask['plan'], fields: Partial<MyTask> = {}): MyTask {
  return { ...checklistTask(0, { title, planId: plan.id, ...fields }), plan };
}

describe('My tasks groups', () => {
  const today = '2026-01-07';
  const tasks = [
    mine('Upcoming later', alex, { opensOn: '2026-01-12', dueDate: '2026-01-16' }),
    mine('Due today', bea, { opensOn: '2026-01-05', dueDate: '2026-01-07' }),
    mine('Late', alex, { opensOn: '2026-01-01', dueDate: '2026-01-02' }),
    mine('In its window', alex, { opensOn: '2026-01-06', dueDate: '2026-01-09' }),
    mine('Upcoming sooner', bea, { opensOn: '2026-01-08', dueDate: '2026-01-10' }),
    mine('Ticked', alex, { dueDate: '2026-01-02', isCompleted: true, completedAt: '2026-01-06T10:00:00.000Z' }),
  ];

  it('puts open tasks by where they stand today, each group by due date, and done ones last', () => {
    expect(groupMyTasks(tasks, today).map((group) => [group.title, group.tasks.map((task) => task.title)])).toEqual([
      ['Overdue', ['Late']],
      ['Today', ['Due today', 'In its window']],
      ['Upcoming', ['Upcoming sooner', 'Upcoming later']],
      ['Recently done', ['Ticked']],
    ]);
  });

  it("keeps one plan's tasks when filtered, and lists each plan once by its person", () => {
    expect(groupMyTasks(tasks, today, 'plan-bea').map((group) => group.tasks.map((task) => task.title))).toEqual([['Due today'], ['Upcoming sooner']]);
    expect(plansOf(tasks).map((plan) => plan.newHire.fullName)).toEqual(['Alex Chen', 'Bea Bell']);
    expect(groupMyTasks([], today)).toEqual([]);
  });
});
