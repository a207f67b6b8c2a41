// POST /api/onboarding-plans/{id}/tasks: a task added to one person's plan, not to its template.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OnboardingTask } from '../../../../shared/onboarding.ts';
import type { PlanTaskInput } from '../../../../shared/onboarding-requests.ts';
import { client, json } from '../../../lib/typed-client.ts';
import { refreshPlanTasks } from './refresh-plan-tasks.ts';

export const addPlanTask = (planId: string, input: PlanTaskInput): Promise<OnboardingTask> =>
  json(client.api['onboarding-plans'][':id'].tasks.$post({ param: { id: planId }, json: input }));

export function useAddPlanTask(planId: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (input: PlanTaskInput) => addPlanTask(planId, input), onSuccess: () => refreshPlanTasks(queryClient) });
}
