// The button under each plan of /subscription: what the person can do with that plan now (sign in,
// choose it, switch its billing period, downgrade, stay on Starter), or why they cannot.
import { Link, useNavigate } from '@tanstack/react-router';
import type { SessionUser } from '../../../shared/auth.ts';
import { BILLING_PERIOD_LABELS, isPaidPlan, type BillingPeriod, type CatalogueEntry, type Currency, type PlanId } from '../../../shared/catalogue.ts';
import type { CurrentSubscription } from '../../../shared/subscriptions.ts';
import { formatDate } from '../../lib/format.ts';
import { useChooseStarter } from './api/choose-starter.ts';
import type { useCheckout } from './use-checkout.ts';

export type PlanContext = {
  user: SessionUser | null;
  subscription: CurrentSubscription | null;
  /** The company's plan; null when nobody is signed in. */
  currentPlan: PlanId | null;
  billingPeriod: BillingPeriod;
  currency: Currency;
};

type PlanActionProps = PlanContext & {
  plan: CatalogueEntry;
  online: boolean;
  checkout: ReturnType<typeof useCheckout>;
  onDowngrade: () => void;
};

export function PlanAction({ plan, user, subscription, currentPlan, billingPeriod, currency, online, checkout, onDowngrade }: PlanActionProps) {
  if (!user) {
    return (
      <Link to="/login" className="btn btn-primary btn-block">
        Sign in to Subscribe
      </Link>
    );
  }
  const isAdmin = user.role === 'admin';
  if (plan.id === 'starter') {
    if (currentPlan === 'starter') return isAdmin ? <ContinueWithStarter /> : <Unavailable label="Current Plan" />;
    if (subscription?.status === 'cancelled') return <Unavailable label={subscription.endDate ? `Starts ${formatDate(subscription.endDate)}` : 'Starts when your plan ends'} />;
    if (!isAdmin) return <Unavailable label="Starter" />;
    return (
      <button type="button" className="btn btn-outline btn-block" onClick={onDowngrade}>
        Downgrade to Starter
      </button>
    );
  }
  const samePlan = plan.id === currentPlan;
  if (samePlan && subscription?.billingPeriod === billingPeriod) return <Unavailable label="Current Plan" />;
  const label = samePlan ? `Switch to ${BILLING_PERIOD_LABELS[billingPeriod]}` : `Choose ${plan.name}`;
  const planType = plan.id;
  if (!isAdmin || !online || !isPaidPlan(planType)) return <Unavailable label={label} />;
  return (
    <button
      type="button"
      className={`btn btn-block ${plan.popular ? 'btn-primary' : 'btn-neutral'}`}
      disabled={checkout.startingPlan !== null || checkout.confirming}
      onClick={() => checkout.begin(user, { planType, billingPeriod, currency })}
    >
      {checkout.startingPlan === planType && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
      {label}
    </button>
  );
}

/** 'Current Plan' (green) for the plan the company is on; 'Most Popular' for Growth otherwise. */
export function planHighlight(plan: CatalogueEntry, { subscription, currentPlan, billingPeriod }: PlanContext): 'current' | 'popular' | null {
  const isCurrent = plan.id === currentPlan && (plan.id === 'starter' || subscription?.billingPeriod === billingPeriod);
  if (isCurrent) return 'current';
  return plan.popular && plan.id !== currentPlan ? 'popular' : null;
}

function Unavailable({ label }: { label: string }) {
  return (
    <button type="button" className="btn btn-block" disabled>
      {label}
    </button>
  );
}

function ContinueWithStarter() {
  const navigate = useNavigate();
  const chooseStarter = useChooseStarter();
  return (
    <button
      type="button"
      className="btn btn-outline btn-block"
      disabled={chooseStarter.isPending}
      onClick={() => chooseStarter.mutate(undefined, { onSuccess: () => void navigate({ to: '/' }) })}
    >
      {chooseStarter.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
      Continue with Starter
    </button>
  );
}
