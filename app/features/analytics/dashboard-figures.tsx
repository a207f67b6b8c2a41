// The figures tabs of the staff dashboards: the admin's Analytics tab and the manager's Insights tab.
import { Link } from '@tanstack/react-router';
import type { CompanyStats } from '../../../shared/stats.ts';
import { formatCount } from '../../lib/format.ts';
import { FigureCard, formatDays, PercentFigure, TeamDistribution, TemplateFigure } from './figures.tsx';

export function CompanyFigures({ stats }: { stats: CompanyStats }) {
  return (
    <div className="grid gap-3 md:grid-cols-2">
      <PercentFigure label="Success rate" value={stats.successRate} hint={`${stats.completedOnboardings} of ${stats.totalPlans} onboardings completed`} />
      <PercentFigure label="Average progress" value={stats.averageProgress} hint="Mean task progress across all onboardings" />
      <TemplateFigure label="Most used template" usage={stats.mostUsedTemplate} detail={(usage) => `Used in ${formatCount(usage.plans, 'onboarding')}`} />
      <TeamDistribution stats={stats} />
      <Link to="/analytics" className="btn btn-ghost md:col-span-2">
        Open full analytics
      </Link>
    </div>
  );
}

export function TeamInsights({ stats }: { stats: CompanyStats }) {
  const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <div className="grid gap-3 md:grid-cols-2">
      <PercentFigure label="Team success rate" value={stats.successRate} hint={`${stats.completedOnboardings} of ${stats.totalPlans} onboardings completed`} />
      <PercentFigure label="Task completion" value={stats.taskCompletionRate} hint="Tasks done across your team's plans" />
      <FigureCard title="Average time to complete">
        <p className={`font-bold ${stats.averageDaysToComplete === null ? 'text-lg' : 'text-3xl'}`} data-testid="figure-average-time-to-complete">
          {formatDays(stats.averageDaysToComplete)}
        </p>
        <p className="text-xs text-base-content/70">From start date to completion</p>
      </FigureCard>
      <TemplateFigure
        label="Most effective template"
        usage={stats.mostEffectiveTemplate}
        detail={(usage) => `${usage.completionRate}% completed (${usage.completed} of ${usage.plans})`}
      />
      <div className="md:col-span-2">
        <FigureCard title="Recent activity">
          {stats.recentActivity.length === 0 ? (
            <p className="text-base-content/70">Nothing yet: activity shows up once your team starts onboarding.</p>
          ) : (
            <ul className="divide-y divide-base-300">
              {stats.recentActivity.map((item) => (
                <li key={item.planId} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
                  <span className="min-w-0 flex-1 truncate font-medium">{item.newHireName}</span>
                  <span className="text-sm text-base-content/70">{item.templateTitle ?? 'Removed template'}</span>
                  <span className={`badge badge-sm ${item.isCompleted ? 'badge-success' : 'badge-outline'}`}>{item.isCompleted ? 'Completed' : `${item.progressPercentage}%`}</span>
                  <time className="w-full text-xs text-base-content/70 sm:w-auto" dateTime={item.updatedAt}>
                    {when.format(new Date(item.updatedAt))}
                  </time>
                </li>
              ))}
            </ul>
          )}
        </FigureCard>
      </div>
    </div>
  );
}
