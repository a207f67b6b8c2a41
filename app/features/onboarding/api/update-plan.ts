// PATCH /api/onboarding-plans/{id}: the phase text, reassigning new hire, template, manager or buddy, moving the start date.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlanDetails } from '../../../../shared/onboarding.ts';
import { NO_MANAGER, type UpdatePlan } from '../../../../shared/onboarding-requests.ts';
import { client, json } from '../../../lib/typed-client.ts';
import { refreshPlanTasks } from './refresh-plan-tasks.ts';

export const updatePlan = (planId: string, input: UpdatePlan): Promise<PlanDetails> =>
  json(
    client.api['onboarding-plans'][':id'].$patch({
      param: { id: planId },
      // null means "no manager" (or buddy), sent as 'none'; absent keeps the current one.
      json: { ...input, managerId: input.managerId === null ? NO_MANAGER : input.managerId, buddyId: input.buddyId === null ? NO_MANAGER : input.buddyId },
    }),
  );

export function useUpdatePlan(planId: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (input: UpdatePlan) => updatePlan(planId, input), onSuccess: () => refreshPlanTasks(queryClient) });
}
