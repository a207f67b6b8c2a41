// /preview-plan/{id} (admin or manager, checked by its route): the plan read-only, exactly as its new
// hire sees it, and for an admin or the plan's manager the "Tasks of this plan" editor (live plans).
import { Link } from '@tanstack/react-router';
import { ArrowLeft, Eye } from 'lucide-react';
import { displayName } from '../../../shared/auth.ts';
import { ERROR_CODE } from '../../../shared/errors.ts';
import type { PlanSummary } from '../../../shared/onboarding.ts';
import type { Role } from '../../../shared/roles.ts';
import { TEMPLATE_KIND_LABELS } from '../../../shared/templates.ts';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { Tabs } from '../../components/ui/tabs.tsx';
import { PlanNotFound } from '../../components/ui/plan-not-found.tsx';
import { LoadingScreen } from '../../components/ui/loading-screen.tsx';
import { useCompany } from '../../lib/api/get-company.ts';
import { hasErrorCode } from '../../lib/errors.ts';
import { usePlanDetails } from './api/get-plan-details.ts';
import { HelpfulResources } from './helpful-resources.tsx';
import { PlanView } from './plan-view.tsx';
import { PlanTasksEditor } from './plan-tasks-editor.tsx';

export type PlanScreenTab = 'preview' | 'tasks';

/** Who may change one person's plan: an admin, or the plan's manager (the API's assertCanEditPlan). */
export function canEditPlan(viewer: { id: string; role: Role }, plan: Pick<PlanSummary, 'managerId'>): boolean {
  return viewer.role === 'admin' || plan.managerId === viewer.id;
}

export type PreviewPlanScreenProps = {
  planId: string;
  viewer: { id: string; role: Role };
  tab: PlanScreenTab;
  onTabChange: (tab: PlanScreenTab) => void;
};

export function PreviewPlanScreen({ planId, viewer, tab, onTabChange }: PreviewPlanScreenProps) {
  const { data: plan, isPending, error, refetch } = usePlanDetails(planId);
  // The company's links, as the new hire's card shows them; without them (still loading, failed) no card.
  const company = useCompany();
  if (isPending) return <LoadingScreen label="Loading plan preview..." />;
  if (hasErrorCode(error, ERROR_CODE.notFound)) return <PlanNotFound />;
  if (error) return <ErrorState error={error} onRetry={() => void refetch()} title="Could not load this plan" />;

  const name = displayName(plan.newHire);
  const preview = (
    <div className="flex flex-col gap-4">
      <div role="status" className="alert alert-info alert-soft">
        <Eye className="size-5" aria-hidden="true" />
        <span>
          Previewing {name}’s {TEMPLATE_KIND_LABELS[plan.kind].toLowerCase()} as they see it. Read-only.
        </span>
      </div>
      <PlanView plan={plan} readOnly aside={<HelpfulResources links={company.data?.helpfulResources ?? []} />} />
    </div>
  );

  return (
    <section className="flex flex-col gap-4">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold break-words">
            {name}’s {TEMPLATE_KIND_LABELS[plan.kind].toLowerCase()}
          </h1>
          <p className="text-sm text-base-content/70">
            {plan.template?.title ?? 'Template removed'}
            {plan.buddy && ` · Buddy: ${displayName(plan.buddy)}`}
          </p>
        </div>
        <Link to="/" activeOptions={{ exact: true }} className="btn btn-sm btn-ghost">
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to dashboard
        </Link>
      </header>
      {canEditPlan(viewer, plan) ? (
        <Tabs
          idPrefix="plan"
          label={`${name}’s plan`}
          tabs={[
            { id: 'preview', label: 'Preview as New Hire' },
            { id: 'tasks', label: 'Tasks of this plan' },
          ]}
          selected={tab}
          onSelect={onTabChange}
        >
          <div className="pt-3">{tab === 'tasks' ? <PlanTasksEditor plan={plan} /> : preview}</div>
        </Tabs>
      ) : (
        preview
      )}
    </section>
  );
}
