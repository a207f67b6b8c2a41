// Real counts for the sidebar badges of staff: templates on the Templates page, the caller's team, and
// their open tasks (a new hire's come from the device: local-my-tasks-count.tsx).
import type { SessionUser } from '../../../shared/auth.ts';
import { isStaff } from '../../../shared/roles.ts';
import { useCompanyStats } from '../../features/analytics/api/get-company-stats.ts';
import { useMyTasksCount } from '../../features/my-tasks/api/get-my-tasks-count.ts';
import { useTemplates } from '../../lib/api/get-templates.ts';

export function useNavCounts(user: SessionUser): { templates?: number; team?: number; myTasks?: number } {
  const staff = isStaff(user.role);
  const templates = useTemplates({ enabled: staff });
  // Same query as the dashboards' figures, so the sidebar shares their refresh instead of adding requests.
  const stats = useCompanyStats(user.companyId, { enabled: staff, polled: false });
  const myTasks = useMyTasksCount({ enabled: staff });
  return {
    myTasks: myTasks.data?.open,
    templates: templates.data?.length,
    team: stats.data ? (user.role === 'admin' ? stats.data.totalUsers : stats.data.newHires) : undefined,
  };
}
