// GET /api/companies/{id}/stats: the dashboards' and /analytics' figures. Spec section 7: read again
// every 5 s while shown; react-query pauses the interval while the tab is hidden.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CompanyStats } from '../../../../shared/stats.ts';
import { client, json } from '../../../lib/typed-client.ts';
import { FRESH_AFTER_LOAD_MS } from '../../../lib/query-client.ts';

const STATS_REFRESH_MS = 5_000;

export const getCompanyStats = (companyId: string, signal?: AbortSignal): Promise<CompanyStats> =>
  json(client.api.companies[':companyId'].stats.$get({ param: { companyId } }, { init: { signal } }));

export const companyStatsQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: [`/api/companies/${encodeURIComponent(companyId)}/stats`],
    queryFn: ({ signal }) => getCompanyStats(companyId, signal),
    staleTime: FRESH_AFTER_LOAD_MS,
  });

export function useCompanyStats(companyId: string, { enabled = true, polled = true }: { enabled?: boolean; polled?: boolean } = {}) {
  return useQuery({ ...companyStatsQueryOptions(companyId), enabled, refetchInterval: polled ? STATS_REFRESH_MS : false, refetchIntervalInBackground: false });
}
