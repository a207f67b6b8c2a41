// DELETE /api/onboarding-plans/{id}: the new hire leaves the plan (spec section 4); their account stays.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { client, json } from '../../../lib/typed-client.ts';
import { refreshPlansAndPeople } from '../../../lib/api/refresh-plans-and-people.ts';

export const removePlan = (planId: string) => json(client.api['onboarding-plans'][':id'].$delete({ param: { id: planId } }));

export function useRemovePlan() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removePlan, onSuccess: () => refreshPlansAndPeople(queryClient) });
}
