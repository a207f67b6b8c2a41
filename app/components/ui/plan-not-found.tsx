import { Link } from '@tanstack/react-router';
import { SearchX } from 'lucide-react';

/** A staff screen of one plan (its preview, its responses) when the plan is gone or not the reader's. */
export function PlanNotFound() {
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
