// The frame both staff dashboards share: the figures load first (the header shows them), then the
// tabs, whose panels come from the features they belong to.
import type { ReactNode } from 'react';
import type { SessionUser } from '../../../shared/auth.ts';
import type { CompanyStats } from '../../../shared/stats.ts';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { LoadingScreen } from '../../components/ui/loading-screen.tsx';
import { Tabs, type TabItem } from '../../components/ui/tabs.tsx';
import { useCompanyStats } from '../../features/analytics/api/get-company-stats.ts';

type StaffDashboardProps<Id extends string> = {
  user: SessionUser;
  loadingLabel: string;
  idPrefix: string;
  tabs: readonly TabItem<Id>[];
  tab: Id;
  onTab: (tab: Id) => void;
  /** The title, figures and quick actions above the tabs. */
  top: (stats: CompanyStats) => ReactNode;
  /** The chosen tab's panel. */
  panel: (stats: CompanyStats) => ReactNode;
};

export function StaffDashboard<Id extends string>({ user, loadingLabel, idPrefix, tabs, tab, onTab, top, panel }: StaffDashboardProps<Id>) {
  const stats = useCompanyStats(user.companyId);
  if (stats.isPending) return <LoadingScreen label={loadingLabel} />;
  if (stats.isError) return <ErrorState error={stats.error} title="Could not load the dashboard" onRetry={() => void stats.refetch()} />;
  return (
    <div className="flex flex-col gap-6">
      {top(stats.data)}
      <Tabs idPrefix={idPrefix} label="Dashboard sections" tabs={tabs} selected={tab} onSelect={onTab}>
        {panel(stats.data)}
      </Tabs>
    </div>
  );
}
