// The frame both staff dashboards share: the figures load first (the header shows them), then the
// tabs, whose panels come from the features they belong to.
import { useState, type ReactNode } from 'react';
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
  /** The first one is shown first. */
  tabs: readonly [TabItem<Id>, ...TabItem<Id>[]];
  /** The title, figures and quick actions above the tabs; `showTab` for a quick action that opens one. */
  top: (stats: CompanyStats, showTab: (tab: Id) => void) => ReactNode;
  /** The chosen tab's panel. */
  panel: (tab: Id, stats: CompanyStats) => ReactNode;
};

export function StaffDashboard<Id extends string>({ user, loadingLabel, idPrefix, tabs, top, panel }: StaffDashboardProps<Id>) {
  const stats = useCompanyStats(user.companyId);
  const [tab, setTab] = useState<Id>(tabs[0].id);
  if (stats.isPending) return <LoadingScreen label={loadingLabel} />;
  if (stats.isError) return <ErrorState error={stats.error} title="Could not load the dashboard" onRetry={() => void stats.refetch()} />;
  return (
    <div className="flex flex-col gap-6">
      {top(stats.data, setTab)}
      <Tabs idPrefix={idPrefix} label="Dashboard sections" tabs={tabs} selected={tab} onSelect={setTab}>
        {panel(tab, stats.data)}
      </Tabs>
    </div>
  );
}
