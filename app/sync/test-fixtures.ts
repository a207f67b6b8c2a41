// The task and plan the client's tests start from: a checklist task of days 1-7 for the new hire, and
// Kavya Silva's onboarding plan starting 2026-01-05, every optional field empty.
import type { OnboardingTask } from '../../shared/onboarding.ts';
import type { SyncPlan } from '../../shared/sync.ts';
import { EMPTY_TASK_CONTENT } from '../../shared/templates.ts';

export function checklistTask(order: number, fields: Partial<OnboardingTask> = {}): OnboardingTask {
  return {
    id: crypto.randomUUID(),
    planId: crypto.randomUUID(),
    templateTaskId: null,
    sectionTitle: null,
    dayStart: 1,
    dayEnd: 7,
    ...EMPTY_TASK_CONTENT,
    title: `Task ${order + 1}`,
    dueDate: null,
    opensOn: null,
    releaseOn: null,
    assigneeId: null,
    assigneeName: null,
    isCompleted: false,
    completedAt: null,
    completedBy: null,
    order,
    formAnswers: null,
    formSubmittedAt: null,
    uploads: null,
    ...fields,
  };
}

export function testPlan(fields: Partial<SyncPlan> = {}): SyncPlan {
  const newHire = { id: 'kavya', fullName: 'Kavya Silva', email: 'kavya@test', profileImageUrl: null };
  return {
    id: 'plan',
    newHireId: fields.newHire?.id ?? newHire.id,
    templateId: null,
    managerId: null,
    companyId: 'acme',
    startDate: '2026-01-05',
    currentPhase: null,
    kind: 'onboarding',
    businessDays: false,
    buddyId: null,
    buddy: null,
    isCompleted: false,
    completedAt: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    newHire,
    manager: null,
    template: null,
    ...fields,
  };
}
