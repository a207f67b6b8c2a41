// PATCH /api/onboarding-plans/{id}: the phase text, and reassigning new hire, template or manager.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { NO_MANAGER, type PlanDetails, type UpdatePlan } from '../../../../shared/onboarding.ts';
import { client, json } from '../../../lib/typed-client.ts';
import { refreshPlansAndPeople } from '../../../lib/api/refresh-plans-and-people.ts';

export const updatePlan = (planId: string, input: UpdatePlan): Promise<PlanDetails> =>
  json(
    client.api['onboarding-plans'][':id'].$patch({
      param: { id: planId },
      // null means "no manager", sent as 'none'; absent keeps the current one.
      json: { ...input, managerId: input.managerId === null ? NO_MANAGER : input.managerId },
    }),
  );

export function useUpdatePlan(planId: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (input: UpdatePlan) => updatePlan(planId, input), onSuccess: () => refreshPlansAndPeople(queryClient) });
}
