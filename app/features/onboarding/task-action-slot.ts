// The form, the policy to accept and the upload of a task (issue 19) are other features: the route
// hands the component that shows them in, so this feature never imports them (like conversation-slot.ts).
import { createContext, type ComponentType } from 'react';
import type { OnboardingTask } from '../../../shared/onboarding.ts';

export type TaskActionProps = {
  task: OnboardingTask;
  /** False where the task is only looked at (a plan preview, staff reading someone's plan). */
  canAct: boolean;
};

export type TaskAction = ComponentType<TaskActionProps>;

/** Provided by the route showing a plan's tasks; none: an action task shows its description only. */
export const TaskActionContext = createContext<TaskAction | null>(null);
