// /analytics (admin only, checked by its route): company figures and three charts; the Starter plan
// sees the basic figures and an upgrade card.
import { Link } from '@tanstack/react-router';
import { Sparkles, Timer } from 'lucide-react';
import type { SessionUser } from '../../../shared/auth.ts';
import { isFreePlan } from '../../../shared/catalogue.ts';
import type { CompanyStats } from '../../../shared/stats.ts';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { LoadingScreen } from '../../components/ui/loading-screen.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { StatCard } from '../../components/ui/stat-card.tsx';
import { BarChart, HorizontalBars } from './bar-chart.tsx';
import { formatDays, OnboardingCountCards, PercentFigure, TeamDistribution, TemplateFigure } from './figures.tsx';
import { useCompanyStats } from './api/get-company-stats.ts';

function monthLabel(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(undefined, { month: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(year, monthNumber - 1, 1)));
}

export function AnalyticsScreen({ user }: { user: SessionUser }) {
  const stats = useCompanyStats(user.companyId);
  if (stats.isPending) return <LoadingScreen label="Loading analytics..." />;
  if (stats.isError) return <ErrorState error={stats.error} title="Could not load analytics" onRetry={() => void stats.refetch()} />;
  const figures = stats.data;
  const free = isFreePlan(figures.company.planType);

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Analytics" badge={<span className="badge badge-secondary">Pro</span>} description={`How onboarding is going across ${figures.company.name}.`} />
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <OnboardingCountCards figures={figures} />
        <StatCard
          label="Avg Time to Complete"
          value={figures.averageDaysToComplete === null ? '—' : formatDays(figures.averageDaysToComplete)}
          detail={figures.averageDaysToComplete === null ? 'No completed onboardings yet' : 'From start date to completion'}
          icon={Timer}
        />
      </div>
      <div className="grid gap-3 md:grid-cols-2">
        <PercentFigure label="Success rate" value={figures.successRate} hint={`${figures.completedOnboardings} of ${figures.totalPlans} onboardings completed`} />
        <PercentFigure label="Average progress" value={figures.averageProgress} hint={`Task completion ${figures.taskCompletionRate}%`} />
      </div>
      {free ? <UpgradeCard /> : <Charts stats={figures} />}
    </div>
  );
}

function Charts({ stats }: { stats: CompanyStats }) {
  return (
    <div className="grid gap-3 lg:grid-cols-2">
      <BarChart
        title="Progress distribution"
        labelHeading="Progress"
        valueLabel="Onboardings"
        data={stats.progressDistribution.map((bucket) => ({ label: `${bucket.range}%`, value: bucket.plans }))}
      />
      <BarChart
        title="Completions over time"
        labelHeading="Month"
        valueLabel="Completed"
        data={stats.completionsByMonth.map((month) => ({ label: monthLabel(month.month), value: month.completed }))}
      />
      <HorizontalBars
        title="Onboardings per template"
        labelHeading="Template"
        valueLabel="Onboardings"
        empty="No onboardings yet: assign a template to a new hire to see it here."
        data={stats.plansPerTemplate.map((usage) => ({ label: usage.title ?? 'Removed template', value: usage.plans }))}
      />
      <div className="grid gap-3">
        <TemplateFigure label="Most used template" usage={stats.mostUsedTemplate} detail={(usage) => `Used in ${usage.plans} onboardings`} />
        <TemplateFigure
          label="Most effective template"
          usage={stats.mostEffectiveTemplate}
          detail={(usage) => `${usage.completionRate}% completed (${usage.completed} of ${usage.plans})`}
        />
        <TeamDistribution stats={stats} />
      </div>
    </div>
  );
}

function UpgradeCard() {
  return (
    <section className="card border border-secondary/40 bg-secondary/5" aria-labelledby="upgrade-analytics">
      <div className="card-body items-start gap-2">
        <Sparkles className="size-8 text-secondary" aria-hidden="true" />
        <h2 id="upgrade-analytics" className="text-lg font-semibold">
          Unlock advanced analytics
        </h2>
        <p className="text-base-content/70">Progress distribution, completions over time and template performance are part of the Growth and Business plans.</p>
        <Link to="/subscription" className="btn btn-secondary">
          Upgrade Now
        </Link>
      </div>
    </section>
  );
}
