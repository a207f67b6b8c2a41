// GET /api/plans/{planId}/responses: what the plan's new hire handed in (the Responses screen).
import { queryOptions, useQuery, type Query } from '@tanstack/react-query';
import { client, json } from '../../../lib/typed-client.ts';
import { FRESH_AFTER_LOAD_MS } from '../../../lib/query-client.ts';

const RESPONSES_KEY_PREFIX = '/api/plans/';

export const getPlanResponses = (planId: string, signal?: AbortSignal) => json(client.api.plans[':planId'].responses.$get({ param: { planId } }, { init: { signal } }));

export const planResponsesQueryOptions = (planId: string) =>
  queryOptions({
    queryKey: [`${RESPONSES_KEY_PREFIX}${encodeURIComponent(planId)}/responses`],
    queryFn: ({ signal }) => getPlanResponses(planId, signal),
    staleTime: FRESH_AFTER_LOAD_MS,
  });

/** Any plan's Responses read: a poke that names no plan refreshes them all. */
export const isPlanResponsesRead = (query: Query) => String(query.queryKey[0]).startsWith(RESPONSES_KEY_PREFIX);

export function usePlanResponses(planId: string) {
  return useQuery(planResponsesQueryOptions(planId));
}
