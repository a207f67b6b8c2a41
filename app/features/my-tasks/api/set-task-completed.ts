// PATCH /api/onboarding-tasks/{id} from My tasks: the assignee (or the plan's staff) ticks a task.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OnboardingTask } from '../../../../shared/onboarding.ts';
import type { SetTaskCompleted } from '../../../../shared/onboarding-requests.ts';
import { client, json } from '../../../lib/typed-client.ts';
import { MY_TASKS_COUNT_KEY } from './get-my-tasks-count.ts';
import { MY_TASKS_KEY } from './get-my-tasks.ts';

export const setTaskCompleted = (taskId: string, input: SetTaskCompleted): Promise<OnboardingTask> =>
  json(client.api['onboarding-tasks'][':taskId'].$patch({ param: { taskId }, json: input }));

export function useSetTaskCompleted() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ taskId, isCompleted }: { taskId: string; isCompleted: boolean }) =>
      setTaskCompleted(taskId, { isCompleted, ...(isCompleted ? { completedAt: new Date().toISOString() } : {}) }),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: MY_TASKS_KEY }), queryClient.invalidateQueries({ queryKey: MY_TASKS_COUNT_KEY })]),
  });
}
