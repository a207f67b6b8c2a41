// Server data the staff dashboards read. Keys are the URLs (spec section 7), shared with other screens' caches.
import { useQuery } from '@tanstack/react-query';
import type { PlanSummary } from '../../../shared/onboarding.ts';
import type { CompanyStats } from '../../../shared/stats.ts';
import type { TemplateSummary } from '../../../shared/templates.ts';

const STATS_REFRESH_MS = 5_000;

/** Spec section 7: refetched every 5 s, stale at once; react-query pauses the interval while the tab is hidden. */
export function useCompanyStats(companyId: string) {
  return useQuery<CompanyStats>({
    queryKey: [`/api/companies/${encodeURIComponent(companyId)}/stats`],
    staleTime: 0,
    refetchInterval: STATS_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
}

export const PLANS_KEY = ['/api/onboarding-plans'];
export const TEMPLATES_KEY = ['/api/templates'];

export function usePlans() {
  return useQuery<PlanSummary[]>({ queryKey: PLANS_KEY, staleTime: 0 });
}

export function useTemplates() {
  return useQuery<TemplateSummary[]>({ queryKey: TEMPLATES_KEY, staleTime: 0 });
}
