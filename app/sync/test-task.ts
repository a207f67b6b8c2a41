// The task the client's tests start from: a checklist task of days 1-7 with every optional field empty.
import type { OnboardingTask } from '../../shared/onboarding.ts';

export function checklistTask(order: number, fields: Partial<OnboardingTask> = {}): OnboardingTask {
  return {
    id: crypto.randomUUID(),
    planId: crypto.randomUUID(),
    templateTaskId: null,
    sectionTitle: null,
    dayStart: 1,
    dayEnd: 7,
    title: `Task ${order + 1}`,
    description: null,
    type: 'checklist',
    resourceUrl: null,
    videoUrl: null,
    videoTitle: null,
    attachments: null,
    checklistItems: null,
    personName: null,
    personRole: null,
    personPhoto: null,
    meetingTitle: null,
    meetingAttendees: null,
    meetingDate: null,
    dueDate: null,
    isCompleted: false,
    completedAt: null,
    order,
    ...fields,
  };
}
