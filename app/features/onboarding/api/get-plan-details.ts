// GET /api/onboarding-plans/{id}/details: one plan with its tasks (the preview and the Task Progress dialog).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlanDetails } from '../../../../shared/onboarding.ts';
import { client, json } from '../../../lib/typed-client.ts';
import { FRESH_AFTER_LOAD_MS } from '../../../lib/query-client.ts';

export const getPlanDetails = (planId: string, signal?: AbortSignal): Promise<PlanDetails> =>
  json(client.api['onboarding-plans'][':id'].details.$get({ param: { id: planId } }, { init: { signal } }));

export const planDetailsQueryOptions = (planId: string) =>
  queryOptions({
    queryKey: [`/api/onboarding-plans/${encodeURIComponent(planId)}/details`],
    queryFn: ({ signal }) => getPlanDetails(planId, signal),
    staleTime: FRESH_AFTER_LOAD_MS,
  });

export function usePlanDetails(planId: string) {
  return useQuery(planDetailsQueryOptions(planId));
}
