// The spec's limit-reached toast for plan creation (section 8), with the way out to /subscription.
import { notify } from '../../lib/notify.ts';

export const PLAN_LIMIT_MESSAGE =
  "You've reached the limit for your free plan. Upgrade to Growth or Business plan to create more onboarding plans.";

export function notifyPlanLimit(goToSubscription: () => void) {
  notify.error('Upgrade Required', PLAN_LIMIT_MESSAGE, { label: 'Upgrade Plan', onClick: goToSubscription });
}
