// The spec's toasts when a plan write fails (section 8): the limit-reached one with the way out to
// /subscription, field messages under their fields, or the screen's own fallback message.
import { NO_MANAGER } from '../../../shared/onboarding.ts';
import { displayName } from '../../../shared/auth.ts';
import { notify, notifyError } from '../../lib/notify.ts';
import type { Option } from '../forms/fields.tsx';
import { isLimitReached } from './plan-queries.ts';

export const PLAN_LIMIT_MESSAGE =
  "You've reached the limit for your free plan. Upgrade to Growth or Business plan to create more onboarding plans.";

export function notifyPlanLimit(goToSubscription: () => void) {
  notify.error('Upgrade Required', PLAN_LIMIT_MESSAGE, { label: 'Upgrade Plan', onClick: goToSubscription });
}

/** After a failed assign or edit: the limit toast, else the form's field issues, else `fallback`. */
export function notifyPlanWriteError(error: unknown, options: { showServerIssues: (error: unknown) => boolean; fallback: string; goToSubscription: () => void }) {
  if (isLimitReached(error)) notifyPlanLimit(options.goToSubscription);
  else if (!options.showServerIssues(error)) notifyError(error, 'Error', options.fallback);
}

/** The choices of a plan's Manager field: 'No manager' first, then the people who can manage. */
export function managerOptions(people: ReadonlyArray<{ id: string; fullName: string | null; email: string }>): Option[] {
  return [{ value: NO_MANAGER, label: 'No manager' }, ...people.map((person) => ({ value: person.id, label: displayName(person) }))];
}
