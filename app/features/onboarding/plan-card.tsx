// One onboarding plan on a staff dashboard: who, which template, where they are, and what you can do.
import type { ReactNode } from 'react';
import { displayName, initials } from '../../../shared/auth.ts';
import type { PlanSummary } from '../../../shared/onboarding.ts';

export function PlanCard({ plan, actions }: { plan: PlanSummary; actions: ReactNode }) {
  const name = displayName(plan.newHire);
  return (
    <article className="card card-border min-w-0 bg-base-100" aria-label={`Onboarding of ${name}`} data-testid="plan-card">
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
            {plan.isCompleted ? (
              <span className="badge badge-success badge-sm mt-1">Completed</span>
            ) : (
              <span className="badge badge-outline badge-sm mt-1 h-auto min-h-5 max-w-full text-left">{plan.currentPhase ?? 'In progress'}</span>
            )}
          </div>
        </div>
        <div>
          <div className="mb-1 flex justify-between text-xs text-base-content/70">
            <span>
              {plan.completedTasks} of {plan.totalTasks} tasks
            </span>
            <span>{plan.progressPercentage}%</span>
          </div>
          <progress className="progress progress-primary w-full" value={plan.progressPercentage} max={100} aria-label={`Progress of ${name}`} />
        </div>
        <div className="card-actions flex-wrap gap-2">{actions}</div>
      </div>
    </article>
  );
}
