// GET /api/companies/{id}/stats: the dashboards' and /analytics' figures. Read again on a poke
// (routes/-components/use-change-refresh.ts), and every 60 s while shown as the fallback; react-query
// pauses the interval while the tab is hidden.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { FALLBACK_POLL_MS } from '../../../../shared/events.ts';
import type { CompanyStats } from '../../../../shared/stats.ts';
import { client, json } from '../../../lib/typed-client.ts';
import { FRESH_AFTER_LOAD_MS } from '../../../lib/query-client.ts';

export const getCompanyStats = (companyId: string, signal?: AbortSignal): Promise<CompanyStats> =>
  json(client.api.companies[':companyId'].stats.$get({ param: { companyId } }, { init: { signal } }));

export const companyStatsQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: [`/api/companies/${encodeURIComponent(companyId)}/stats`],
    queryFn: ({ signal }) => getCompanyStats(companyId, signal),
    staleTime: FRESH_AFTER_LOAD_MS,
  });

export function useCompanyStats(companyId: string, { enabled = true, polled = true }: { enabled?: boolean; polled?: boolean } = {}) {
  return useQuery({ ...companyStatsQueryOptions(companyId), enabled, refetchInterval: polled ? FALLBACK_POLL_MS : false, refetchIntervalInBackground: false });
}
