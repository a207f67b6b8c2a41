// POST /api/onboarding-plans: a plan for a new hire from a template (spec section 5).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlanDetails } from '../../../../shared/onboarding.ts';
import type { AssignPlan } from '../../../../shared/onboarding-requests.ts';
import { client, json } from '../../../lib/typed-client.ts';
import { refreshPlansAndPeople } from '../../../lib/api/refresh-plans-and-people.ts';

export const assignPlan = (input: AssignPlan): Promise<PlanDetails> => json(client.api['onboarding-plans'].$post({ json: input }));

export function useAssignPlan() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: assignPlan, onSuccess: () => refreshPlansAndPeople(queryClient) });
}
