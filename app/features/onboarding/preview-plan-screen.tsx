// /preview-plan/{id} (admin or manager): the plan read-only, exactly as its new hire sees it.
import { Link } from '@tanstack/react-router';
import { ArrowLeft, Eye, SearchX } from 'lucide-react';
import { displayName } from '../../../shared/auth.ts';
import type { Role } from '../../../shared/roles.ts';
import { PlanView } from '../../components/plan-view/plan-view.tsx';
import { usePlanDetails } from '../../components/plans/plan-queries.ts';
import { AccessDenied } from '../../components/ui/access-denied.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { LoadingScreen } from '../../components/ui/loading-screen.tsx';
import { ApiError } from '../../lib/api-client.ts';

export function PreviewPlanScreen({ planId, currentUser }: { planId: string; currentUser: { role: Role } }) {
  const allowed = currentUser.role === 'admin' || currentUser.role === 'manager';
  const { data: plan, isPending, error, refetch } = usePlanDetails(planId, allowed);
  if (!allowed) return <AccessDenied message="You don't have permission to preview onboarding plans." />;
  if (isPending) return <LoadingScreen label="Loading plan preview..." />;
  if (error instanceof ApiError && error.status === 404) {
    return (
      <section className="mx-auto flex max-w-md flex-col items-center gap-3 py-16 text-center">
        <SearchX className="size-12 text-base-content/40" aria-hidden="true" />
        <h1 className="text-2xl font-bold">Plan Not Found</h1>
        <p className="text-base-content/70">This onboarding plan does not exist, was removed, or is not one you manage.</p>
        <Link to="/" activeOptions={{ exact: true }} className="btn btn-primary">
          Back to my dashboard
        </Link>
      </section>
    );
  }
  if (error) return <ErrorState error={error} onRetry={() => void refetch()} title="Could not load this plan" />;

  return (
    <section className="flex flex-col gap-4">
      <div role="status" className="alert alert-info alert-soft flex flex-wrap justify-between">
        <span className="flex items-center gap-2">
          <Eye className="size-5" aria-hidden="true" />
          Previewing {displayName(plan.newHire)}’s onboarding as they see it. Read-only.
        </span>
        <Link to="/" activeOptions={{ exact: true }} className="btn btn-sm btn-ghost">
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to dashboard
        </Link>
      </div>
      <PlanView plan={plan} readOnly />
    </section>
  );
}
