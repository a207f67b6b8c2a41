// /subscription (spec section 2): the plans, the company's current subscription, checkout and cancel.
import { Link, useNavigate } from '@tanstack/react-router';
import { ArrowLeft, CalendarX, Headset, ShieldCheck, WifiOff } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import type { SessionUser } from '../../../shared/auth.ts';
import {
  BILLING_PERIODS,
  CURRENCIES,
  formatMoney,
  isPaidPlan,
  PLAN_CATALOGUE,
  PLAN_IDS,
  YEARLY_DISCOUNT_PERCENT,
  type BillingPeriod,
  type CatalogueEntry,
  type Currency,
  type PlanId,
} from '../../../shared/catalogue.ts';
import type { CurrentSubscription } from '../../../shared/subscriptions.ts';
import { useOnline } from '../../components/pwa/use-online.ts';
import { CancelSubscriptionDialog } from './cancel-subscription-dialog.tsx';
import { formatDate } from './format.ts';
import { PlanCard } from './plan-card.tsx';
import { loadPayhereSdk } from './payhere-sdk.ts';
import { useCheckout } from './use-checkout.ts';
import {
  useCancelSubscription,
  useChooseStarter,
  usePayhereMode,
  useReactivateSubscription,
  useSubscriptionStatus,
} from './use-subscription.ts';

const PERIOD_LABELS: Record<BillingPeriod, string> = { monthly: 'Monthly', yearly: 'Yearly' };
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function SubscriptionScreen({ user }: { user: SessionUser | null }) {
  const navigate = useNavigate();
  const isAdmin = user?.role === 'admin';
  const status = useSubscriptionStatus(user !== null);
  const subscription = status.data ?? null;
  const [chosenPeriod, setChosenPeriod] = useState<BillingPeriod | null>(null);
  const [chosenCurrency, setChosenCurrency] = useState<Currency | null>(null);
  // Until the person chooses, show the terms they pay on (or the spec's defaults: monthly, USD).
  const billingPeriod = chosenPeriod ?? subscription?.billingPeriod ?? 'monthly';
  const currency = chosenCurrency ?? subscription?.currency ?? 'USD';
  const online = useOnline();
  const payhereMode = usePayhereMode();
  const { checkout, startingPlan, confirming } = useCheckout();
  const cancel = useCancelSubscription();
  const reactivate = useReactivateSubscription();
  const chooseStarter = useChooseStarter();
  const [cancelOpen, setCancelOpen] = useState(false);

  // Only admins can pay, so only they download PayHere's script, and only on this page.
  useEffect(() => {
    if (isAdmin && payhereMode) void loadPayhereSdk(payhereMode);
  }, [isAdmin, payhereMode]);

  const currentPlan: PlanId | null = user ? (subscription?.planType ?? 'starter') : null;
  const cancelled = subscription?.status === 'cancelled';
  const busy = startingPlan !== null || confirming;

  function actionFor(plan: CatalogueEntry): ReactNode {
    if (!user) {
      return (
        <Link to="/login" className="btn btn-primary btn-block">
          Sign in to Subscribe
        </Link>
      );
    }
    const disabled = (label: string) => (
      <button type="button" className="btn btn-block" disabled>
        {label}
      </button>
    );
    if (plan.id === 'starter') {
      if (currentPlan === 'starter') {
        if (!isAdmin) return disabled('Current Plan');
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
      if (cancelled) return disabled(subscription?.endDate ? `Starts ${formatDate(subscription.endDate)}` : 'Starts when your plan ends');
      if (!isAdmin) return disabled('Starter');
      return (
        <button type="button" className="btn btn-outline btn-block" onClick={() => setCancelOpen(true)}>
          Downgrade to Starter
        </button>
      );
    }
    const samePlan = plan.id === currentPlan;
    if (samePlan && subscription?.billingPeriod === billingPeriod) return disabled('Current Plan');
    const label = samePlan ? `Switch to ${PERIOD_LABELS[billingPeriod]}` : `Choose ${plan.name}`;
    if (!isAdmin || !online || !isPaidPlan(plan.id)) return disabled(label);
    const planId = plan.id;
    return (
      <button
        type="button"
        className={`btn btn-block ${plan.popular ? 'btn-primary' : 'btn-neutral'}`}
        disabled={busy}
        onClick={() => void checkout(user, { planType: planId, billingPeriod, currency })}
      >
        {startingPlan === planId && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        {label}
      </button>
    );
  }

  function highlightFor(plan: CatalogueEntry): 'current' | 'popular' | null {
    const isCurrent = plan.id === currentPlan && (plan.id === 'starter' || subscription?.billingPeriod === billingPeriod);
    if (isCurrent) return 'current';
    return plan.popular && plan.id !== currentPlan ? 'popular' : null;
  }

  return (
    <main id="main" className="min-h-screen bg-base-200">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-6 md:gap-8 md:py-10">
        <div>
          <Link to="/" activeOptions={{ exact: true }} className="btn btn-ghost btn-sm -ml-2">
            <ArrowLeft className="size-4" aria-hidden="true" />
            {user ? 'Back to Dashboard' : 'Back to Home'}
          </Link>
        </div>
        <header className="text-center">
          <h1 className="text-3xl font-bold md:text-4xl">Choose Your Plan</h1>
          <p className="mt-2 text-base-content/70">Start free, and upgrade when your team grows.</p>
        </header>

        {!online && (
          <div role="alert" className="alert alert-warning">
            <WifiOff className="size-5" aria-hidden="true" />
            <span>You are offline. Payments need an internet connection: reconnect to change your plan.</span>
          </div>
        )}
        {user && !isAdmin && (
          <div role="note" className="alert alert-info alert-soft">
            <span>Only your company's HR admin can change the plan. Ask them if your team needs more room.</span>
          </div>
        )}
        {confirming && (
          <div role="status" className="alert alert-info alert-soft">
            <span className="loading loading-spinner loading-sm" aria-hidden="true" />
            <span>Confirming your payment with PayHere…</span>
          </div>
        )}
        {subscription && (
          <CurrentSubscriptionPanel
            subscription={subscription}
            isAdmin={isAdmin}
            reactivating={reactivate.isPending}
            onCancel={() => setCancelOpen(true)}
            onReactivate={() => reactivate.mutate()}
          />
        )}

        <div className="flex flex-col items-center justify-center gap-3 sm:flex-row sm:gap-6">
          <fieldset className="join">
            <legend className="sr-only">Billing period</legend>
            {BILLING_PERIODS.map((period) => (
              <label
                key={period}
                className={`btn join-item has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-primary ${period === billingPeriod ? 'btn-primary' : 'bg-base-100'}`}
              >
                <input
                  type="radio"
                  name="billing-period"
                  className="sr-only"
                  value={period}
                  checked={period === billingPeriod}
                  onChange={() => setChosenPeriod(period)}
                />
                {PERIOD_LABELS[period]}
                {period === 'yearly' && <span className="badge badge-success badge-sm">{YEARLY_DISCOUNT_PERCENT}% OFF</span>}
              </label>
            ))}
          </fieldset>
          <fieldset className="join">
            <legend className="sr-only">Currency</legend>
            {CURRENCIES.map((code) => (
              <label
                key={code}
                className={`btn join-item has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-primary ${code === currency ? 'btn-primary' : 'bg-base-100'}`}
              >
                <input
                  type="radio"
                  name="currency"
                  className="sr-only"
                  value={code}
                  checked={code === currency}
                  onChange={() => setChosenCurrency(code)}
                />
                {code}
              </label>
            ))}
          </fieldset>
        </div>

        {user && status.isPending ? (
          <div className="flex justify-center py-12" role="status" aria-live="polite">
            <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
            <span className="sr-only">Loading your plan…</span>
          </div>
        ) : (
          <div className="grid gap-8 pt-3 md:grid-cols-3 md:gap-6">
            {PLAN_IDS.map((id) => {
              const plan = PLAN_CATALOGUE[id];
              return (
                <PlanCard
                  key={id}
                  plan={plan}
                  billingPeriod={billingPeriod}
                  currency={currency}
                  highlight={highlightFor(plan)}
                  action={actionFor(plan)}
                />
              );
            })}
          </div>
        )}

        <section aria-label="Why Kickoff" className="grid gap-4 md:grid-cols-3">
          <Blurb icon={<ShieldCheck className="size-6" aria-hidden="true" />} title="Secure Payments">
            Cards are processed by PayHere. Your card number never reaches Kickoff.
          </Blurb>
          <Blurb icon={<CalendarX className="size-6" aria-hidden="true" />} title="Cancel Anytime">
            Keep everything you paid for until the end of the billing period.
          </Blurb>
          <Blurb icon={<Headset className="size-6" aria-hidden="true" />} title="24/7 Support">
            Questions about billing or your plan? We answer around the clock.
          </Blurb>
        </section>

        <p className="text-center text-sm text-base-content/70">
          Prices are shown in {currencyName(currency)} ({currency}); switch the currency above.
          Subscriptions renew automatically until cancelled. By subscribing you agree to our{' '}
          <Link to="/terms-of-service" className="link">
            Terms of Service
          </Link>{' '}
          and{' '}
          <Link to="/privacy-policy" className="link">
            Privacy Policy
          </Link>
          .
        </p>
      </div>

      {subscription && (
        <CancelSubscriptionDialog
          open={cancelOpen}
          planName={PLAN_CATALOGUE[subscription.planType].name}
          endDate={subscription.endDate}
          pending={cancel.isPending}
          onClose={() => setCancelOpen(false)}
          onConfirm={(input) => cancel.mutate(input, { onSettled: () => setCancelOpen(false) })}
        />
      )}
    </main>
  );
}

function currencyName(code: Currency): string {
  try {
    return new Intl.DisplayNames(undefined, { type: 'currency' }).of(code) ?? code;
  } catch {
    return code;
  }
}

function Blurb({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="flex gap-3 rounded-box bg-base-100 p-4">
      <div className="text-primary">{icon}</div>
      <div>
        <h2 className="font-semibold">{title}</h2>
        <p className="text-sm text-base-content/70">{children}</p>
      </div>
    </div>
  );
}

type PanelProps = {
  subscription: NonNullable<CurrentSubscription>;
  isAdmin: boolean;
  reactivating: boolean;
  onCancel: () => void;
  onReactivate: () => void;
};

function CurrentSubscriptionPanel({ subscription, isAdmin, reactivating, onCancel, onReactivate }: PanelProps) {
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
            {capitalise(subscription.billingPeriod)} billing, {price} per {subscription.billingPeriod === 'yearly' ? 'year' : 'month'}.
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
