// Real counts for the sidebar badges: templates on the Templates page, and the caller's team.
import { useQuery } from '@tanstack/react-query';
import type { SessionUser } from '../../../shared/auth.ts';
import type { CompanyStats } from '../../../shared/stats.ts';
import type { TemplateSummary } from '../../../shared/templates.ts';
import { TEMPLATES_KEY } from './use-dashboard-data.ts';

export function useNavCounts(user: SessionUser): { templates?: number; team?: number } {
  const staff = user.role === 'admin' || user.role === 'manager';
  const templates = useQuery<TemplateSummary[]>({ queryKey: TEMPLATES_KEY, enabled: staff, staleTime: 0 });
  // Same key as the dashboards' stats, so the sidebar shares their 5-second refresh instead of adding requests.
  const stats = useQuery<CompanyStats>({ queryKey: [`/api/companies/${encodeURIComponent(user.companyId)}/stats`], enabled: staff, staleTime: 0 });
  return {
    templates: templates.data?.length,
    team: stats.data ? (user.role === 'admin' ? stats.data.totalUsers : stats.data.newHires) : undefined,
  };
}
