// Real counts for the sidebar badges: templates on the Templates page, and the caller's team.
import type { SessionUser } from '../../../shared/auth.ts';
import { isStaff } from '../../../shared/roles.ts';
import { useCompanyStats } from '../../features/analytics/api/get-company-stats.ts';
import { useTemplates } from '../../lib/api/get-templates.ts';

export function useNavCounts(user: SessionUser): { templates?: number; team?: number } {
  const staff = isStaff(user.role);
  const templates = useTemplates({ enabled: staff });
  // Same query as the dashboards' figures, so the sidebar shares their refresh instead of adding requests.
  const stats = useCompanyStats(user.companyId, { enabled: staff, polled: false });
  return {
    templates: templates.data?.length,
    team: stats.data ? (user.role === 'admin' ? stats.data.totalUsers : stats.data.newHires) : undefined,
  };
}
