// /preview-plan/{id} (admin or manager, checked by its route): the plan read-only, exactly as its new hire sees it.
import { Link } from '@tanstack/react-router';
import { ArrowLeft, Eye, SearchX } from 'lucide-react';
import { displayName } from '../../../shared/auth.ts';
import { ERROR_CODE } from '../../../shared/errors.ts';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { LoadingScreen } from '../../components/ui/loading-screen.tsx';
import { useCompany } from '../../lib/api/get-company.ts';
import { hasErrorCode } from '../../lib/errors.ts';
import { usePlanDetails } from './api/get-plan-details.ts';
import { HelpfulResources } from './helpful-resources.tsx';
import { PlanView } from './plan-view.tsx';

export function PreviewPlanScreen({ planId }: { planId: string }) {
  const { data: plan, isPending, error, refetch } = usePlanDetails(planId);
  // The company's links, as the new hire's card shows them; without them (still loading, failed) no card.
  const company = useCompany();
  if (isPending) return <LoadingScreen label="Loading plan preview..." />;
  if (hasErrorCode(error, ERROR_CODE.notFound)) {
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
      <PlanView plan={plan} readOnly aside={<HelpfulResources links={company.data?.helpfulResources ?? []} />} />
    </section>
  );
}
