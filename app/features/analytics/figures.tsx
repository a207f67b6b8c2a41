// Figure panels of the admin's Analytics tab, the manager's Insights tab and /analytics.
import { CheckCircle2, Rocket, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { percent } from '../../../shared/progress.ts';
import { ROLE_BADGES, ROLES } from '../../../shared/roles.ts';
import type { CompanyStats } from '../../../shared/stats.ts';
import { StatCard } from '../../components/ui/stat-card.tsx';
import { formatCount } from '../../lib/format.ts';

export function FigureCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="card card-border bg-base-100" aria-label={title}>
      <div className="card-body gap-2 p-4">
        <h3 className="text-sm font-medium text-base-content/70">{title}</h3>
        {children}
      </div>
    </section>
  );
}

export function PercentFigure({ label, value, hint }: { label: string; value: number; hint?: string }) {
  return (
    <FigureCard title={label}>
      <p className="text-3xl font-bold" data-testid={`figure-${label.toLowerCase().replace(/\W+/g, '-')}`}>
        {value}%
      </p>
      <progress className="progress progress-primary w-full" value={value} max={100} aria-label={label} />
      {hint && <p className="text-xs text-base-content/70">{hint}</p>}
    </FigureCard>
  );
}

export function TemplateFigure({
  label,
  usage,
  detail,
}: {
  label: string;
  usage: CompanyStats['mostUsedTemplate'];
  detail: (usage: NonNullable<CompanyStats['mostUsedTemplate']>) => string;
}) {
  return (
    <FigureCard title={label}>
      {usage ? (
        <>
          <p className="truncate text-xl font-semibold">{usage.title ?? 'Removed template'}</p>
          <p className="text-sm text-base-content/70">{detail(usage)}</p>
        </>
      ) : (
        <p className="text-base-content/70">No onboardings yet: assign a template to see it here.</p>
      )}
    </FigureCard>
  );
}

export function TeamDistribution({ stats }: { stats: CompanyStats }) {
  return (
    <FigureCard title="Team distribution">
      <ul className="flex flex-col gap-2">
        {ROLES.map((role) => {
          const count = stats.teamDistribution[role];
          const share = percent(count, stats.totalUsers);
          return (
            <li key={role} className="flex items-center gap-3">
              <span className="w-20 text-sm">{ROLE_BADGES[role]}</span>
              <progress className="progress progress-secondary flex-1" value={share} max={100} aria-label={`${ROLE_BADGES[role]} share`} />
              <span className="w-8 text-right text-sm font-semibold">{count}</span>
            </li>
          );
        })}
      </ul>
    </FigureCard>
  );
}

/** "12.5 days" in the reader's locale, or a note that nothing is finished yet. */
export function formatDays(days: number | null): string {
  if (days === null) return 'No completed onboardings yet';
  return `${new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 }).format(days)} days`;
}

/** The three people-and-onboarding counts the admin dashboard and the analytics screen both lead with. */
export function OnboardingCountCards({ figures }: { figures: CompanyStats }) {
  return (
    <>
      <StatCard label="Total Users" value={figures.totalUsers} detail={`${formatCount(figures.managers, 'manager')} · ${formatCount(figures.newHires, 'new hire')}`} icon={Users} />
      <StatCard label="Active Onboardings" value={figures.activeOnboardings} detail="In progress" icon={Rocket} />
      <StatCard label="Completed" value={figures.completedOnboardings} detail="Finished onboardings" icon={CheckCircle2} />
    </>
  );
}
