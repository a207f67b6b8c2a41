// PATCH /api/onboarding-tasks/{id} with isCompleted false: staff reopen a done form, policy or upload
// task, so the new hire does it again (nobody ticks such a task done; issue 19).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OnboardingTask } from '../../../../shared/onboarding.ts';
import { client, json } from '../../../lib/typed-client.ts';
import { refreshPlanTasks } from './refresh-plan-tasks.ts';

export const reopenPlanTask = (taskId: string): Promise<OnboardingTask> =>
  json(client.api['onboarding-tasks'][':taskId'].$patch({ param: { taskId }, json: { isCompleted: false } }));

export function useReopenPlanTask() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: reopenPlanTask, onSuccess: () => refreshPlanTasks(queryClient) });
}
