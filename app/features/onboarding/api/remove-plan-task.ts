// DELETE /api/onboarding-plans/{id}/tasks/{taskId}: a task taken out of one person's plan only.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { client, json } from '../../../lib/typed-client.ts';
import { refreshPlanTasks } from './refresh-plan-tasks.ts';

export const removePlanTask = (planId: string, taskId: string) => json(client.api['onboarding-plans'][':id'].tasks[':taskId'].$delete({ param: { id: planId, taskId } }));

export function useRemovePlanTask(planId: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (taskId: string) => removePlanTask(planId, taskId), onSuccess: () => refreshPlanTasks(queryClient) });
}
