// One onboarding (or offboarding) plan on a staff dashboard: who, which template, their buddy, where
// they are (the whole plan and the person's own part), and what you can do.
import { HeartHandshake } from 'lucide-react';
import type { ReactNode } from 'react';
import { displayName, initials } from '../../../shared/auth.ts';
import type { PlanSummary } from '../../../shared/onboarding.ts';

export function PlanCard({ plan, actions }: { plan: PlanSummary; actions: ReactNode }) {
  const name = displayName(plan.newHire);
  const firstName = name.split(/\s+/)[0] ?? name;
  const offboarding = plan.kind === 'offboarding';
  return (
    <article className="card card-border min-w-0 bg-base-100" aria-label={`${offboarding ? 'Offboarding' : 'Onboarding'} of ${name}`} data-testid="plan-card">
      <div className="card-body gap-3 p-4">
        <div className="flex items-start gap-3">
          <div className="avatar avatar-placeholder">
            <div className="w-10 rounded-full bg-primary text-primary-content">
              <span className="text-sm">{initials(plan.newHire)}</span>
            </div>
          </div>
          <div className="min-w-0 flex-1">
            <h3 className="truncate font-semibold">{name}</h3>
            <p className="truncate text-sm text-base-content/70">{plan.template?.title ?? 'Template removed'}</p>
            {plan.buddy && (
              <p className="flex items-center gap-1 truncate text-xs text-base-content/70">
                <HeartHandshake className="size-3.5 shrink-0" aria-hidden="true" />
                Buddy: {displayName(plan.buddy)}
              </p>
            )}
            <div className="mt-1 flex flex-wrap gap-1">
              {offboarding && <span className="badge badge-warning badge-sm">Offboarding</span>}
              {plan.isCompleted ? (
                <span className="badge badge-success badge-sm">Completed</span>
              ) : (
                <span className="badge badge-outline badge-sm h-auto min-h-5 max-w-full text-left">{plan.currentPhase ?? 'In progress'}</span>
              )}
            </div>
          </div>
        </div>
        <div className="flex flex-col gap-1.5">
          <div className="flex flex-wrap justify-between gap-x-2 text-xs text-base-content/70">
            <span>
              {plan.completedTasks} of {plan.totalTasks} tasks
            </span>
            <span data-testid="plan-progress">
              Whole plan {plan.progressPercentage}% · {firstName}’s tasks {plan.newHireProgress.progressPercentage}%
            </span>
          </div>
          <progress
            className="progress progress-primary w-full"
            value={plan.progressPercentage}
            max={100}
            aria-label={`Whole plan of ${name}: ${plan.completedTasks} of ${plan.totalTasks} tasks done`}
          />
          <progress
            className="progress progress-secondary h-1.5 w-full"
            value={plan.newHireProgress.progressPercentage}
            max={100}
            aria-label={`${name}’s own tasks: ${plan.newHireProgress.completedTasks} of ${plan.newHireProgress.totalTasks} done`}
          />
        </div>
        <div className="card-actions flex-wrap gap-2">{actions}</div>
      </div>
    </article>
  );
}
