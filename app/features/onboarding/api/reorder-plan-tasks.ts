// PUT /api/onboarding-plans/{id}/task-order: every task of the plan in its new order. The list shows the
// new order at once (the plan's cached details), and goes back to the server's order if it refuses.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OnboardingTask, PlanDetails } from '../../../../shared/onboarding.ts';
import { client, json } from '../../../lib/typed-client.ts';
import { planDetailsQueryOptions } from './get-plan-details.ts';
import { refreshPlanTasks } from './refresh-plan-tasks.ts';

export const reorderPlanTasks = (planId: string, taskIds: string[]): Promise<OnboardingTask[]> =>
  json(client.api['onboarding-plans'][':id']['task-order'].$put({ param: { id: planId }, json: { taskIds } }));

/** The tasks in the order of `taskIds`, renumbered. */
function inOrder(tasks: OnboardingTask[], taskIds: string[]): OnboardingTask[] {
  const byId = new Map(tasks.map((task) => [task.id, task]));
  return taskIds.flatMap((id, order) => {
    const task = byId.get(id);
    return task ? [{ ...task, order }] : [];
  });
}

export function useReorderPlanTasks(planId: string) {
  const queryClient = useQueryClient();
  const { queryKey } = planDetailsQueryOptions(planId);
  return useMutation({
    // One move at a time, in the order they were made: each sends the order after the one before.
    scope: { id: `task-order:${planId}` },
    mutationFn: (taskIds: string[]) => reorderPlanTasks(planId, taskIds),
    onMutate: async (taskIds) => {
      await queryClient.cancelQueries({ queryKey });
      queryClient.setQueryData<PlanDetails>(queryKey, (plan) => (plan ? { ...plan, tasks: inOrder(plan.tasks, taskIds) } : plan));
    },
    onSettled: () => refreshPlanTasks(queryClient),
  });
}
