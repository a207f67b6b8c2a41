import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { resolveAssignee } from './assignees.ts';
import { canCompleteTask } from './onboarding.ts';
import { TaskInputSchema } from './templates.ts';

const plan = { newHireId: 'hire', managerId: 'manager', buddyId: null, hrId: 'admin' };

describe('assignees', () => {
  it('resolves each kind to the person of this plan, or nobody while the plan has no one in that role', () => {
    expect(resolveAssignee('new_hire', null, plan)).toBe('hire');
    expect(resolveAssignee('manager', null, plan)).toBe('manager');
    expect(resolveAssignee('hr', null, plan)).toBe('admin');
    expect(resolveAssignee('buddy', null, plan)).toBeNull();
    expect(resolveAssignee('buddy', null, { ...plan, buddyId: 'buddy' })).toBe('buddy');
    expect(resolveAssignee('person', 'it-lead', plan)).toBe('it-lead');
  });

  it('needs the person for a task of a named person, and drops it for any other kind', () => {
    expect(v.safeParse(TaskInputSchema, { title: 'Order laptop', type: 'checklist', assigneeKind: 'person' }).issues?.[0]?.message).toBe('Choose the person who does this task');
    const forManager = v.parse(TaskInputSchema, { title: 'Book 1:1', type: 'meeting', assigneeKind: 'manager', assigneePersonId: crypto.randomUUID() });
    expect(forManager.assigneePersonId).toBeNull();
    expect(v.parse(TaskInputSchema, { title: 'Read handbook', type: 'checklist' }).assigneeKind).toBe('new_hire');
  });

  it('lets the assignee tick a task even on a plan they do not see, besides whoever sees the plan (DESIGN.md section 5)', () => {
    const onboardingPlan = { newHireId: 'hire', managerId: 'manager' };
    expect(canCompleteTask({ id: 'it-lead', role: 'manager' }, onboardingPlan, { assigneeId: 'it-lead' })).toBe(true);
    expect(canCompleteTask({ id: 'other-manager', role: 'manager' }, onboardingPlan, { assigneeId: 'it-lead' })).toBe(false);
    expect(canCompleteTask({ id: 'manager', role: 'manager' }, onboardingPlan, { assigneeId: 'it-lead' })).toBe(true);
    expect(canCompleteTask({ id: 'hire', role: 'new_hire' }, onboardingPlan, { assigneeId: 'it-lead' })).toBe(true);
    expect(canCompleteTask({ id: 'other-hire', role: 'new_hire' }, onboardingPlan, { assigneeId: 'it-lead' })).toBe(false);
    expect(canCompleteTask({ id: 'hire', role: 'new_hire' }, onboardingPlan, { assigneeId: 'hire' })).toBe(true);
  });
});
