// GET /api/onboarding-plans: the plans the person may see (every one for an admin, the managed ones for a manager).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlanSummary } from '../../../../shared/onboarding.ts';
import { client, json } from '../../../lib/typed-client.ts';
import { FRESH_AFTER_LOAD_MS } from '../../../lib/query-client.ts';

export const getPlans = (signal?: AbortSignal): Promise<PlanSummary[]> => json(client.api['onboarding-plans'].$get({ query: {} }, { init: { signal } }));

export const plansQueryOptions = () => queryOptions({ queryKey: ['/api/onboarding-plans'], queryFn: ({ signal }) => getPlans(signal), staleTime: FRESH_AFTER_LOAD_MS });

export function usePlans() {
  return useQuery(plansQueryOptions());
}
