// PUT /api/onboarding-plans/{id}/tasks/{taskId}: one task of one person's plan changed; the template stays.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OnboardingTask } from '../../../../shared/onboarding.ts';
import type { PlanTaskInput } from '../../../../shared/onboarding-requests.ts';
import { client, json } from '../../../lib/typed-client.ts';
import { refreshPlanTasks } from './refresh-plan-tasks.ts';

export const updatePlanTask = (planId: string, taskId: string, input: PlanTaskInput): Promise<OnboardingTask> =>
  json(client.api['onboarding-plans'][':id'].tasks[':taskId'].$put({ param: { id: planId, taskId }, json: input }));

export function useUpdatePlanTask(planId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ taskId, input }: { taskId: string; input: PlanTaskInput }) => updatePlanTask(planId, taskId, input),
    onSuccess: () => refreshPlanTasks(queryClient),
  });
}
