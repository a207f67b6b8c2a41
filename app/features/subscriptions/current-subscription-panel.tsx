// The company's current paid subscription: plan, terms, until when, and Cancel or Reactivate for admins.
import { BILLING_PERIOD_LABELS, PLAN_CATALOGUE, formatMoney } from '../../../shared/catalogue.ts';
import type { CurrentSubscription } from '../../../shared/subscriptions.ts';
import { formatDate } from '../../lib/format.ts';

type CurrentSubscriptionPanelProps = {
  subscription: NonNullable<CurrentSubscription>;
  isAdmin: boolean;
  reactivating: boolean;
  onCancel: () => void;
  onReactivate: () => void;
};

export function CurrentSubscriptionPanel({ subscription, isAdmin, reactivating, onCancel, onReactivate }: CurrentSubscriptionPanelProps) {
  const plan = PLAN_CATALOGUE[subscription.planType];
  const cancelled = subscription.status === 'cancelled';
  const price = formatMoney(Number(subscription.amount), subscription.currency);
  return (
    <section aria-labelledby="current-subscription-title" className="card border border-base-300 bg-base-100">
      <div className="card-body flex-col gap-4 sm:flex-row sm:items-center">
        <div className="flex-1">
          <h2 id="current-subscription-title" className="flex flex-wrap items-center gap-2 text-lg font-semibold">
            Your subscription: {plan.name}
            <span className={`badge ${cancelled ? 'badge-warning' : 'badge-success'}`}>{cancelled ? 'Cancelled' : 'Active'}</span>
          </h2>
          <p className="text-sm text-base-content/70">
            {BILLING_PERIOD_LABELS[subscription.billingPeriod]} billing, {price} per {subscription.billingPeriod === 'yearly' ? 'year' : 'month'}.
          </p>
          {subscription.endDate && (
            <p className="text-sm">
              {cancelled ? (
                <>
                  <strong>Access until {formatDate(subscription.endDate)}</strong>, then your company moves to the free Starter plan.
                </>
              ) : (
                <>Paid until {formatDate(subscription.endDate)}; renews automatically.</>
              )}
            </p>
          )}
        </div>
        {isAdmin &&
          (cancelled ? (
            <button type="button" className="btn btn-primary" onClick={onReactivate} disabled={reactivating}>
              {reactivating && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
              Reactivate
            </button>
          ) : (
            <button type="button" className="btn btn-ghost text-error" onClick={onCancel}>
              Cancel Subscription
            </button>
          ))}
      </div>
    </section>
  );
}
