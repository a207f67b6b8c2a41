// /subscription (spec section 2): the plans, the company's current subscription, checkout and cancel.
// Open to everyone: signed-out visitors see the plans with 'Sign in to Subscribe'.
import { Link } from '@tanstack/react-router';
import { ArrowLeft, WifiOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { SessionUser } from '../../../shared/auth.ts';
import { PLAN_CATALOGUE, PLAN_IDS, type BillingPeriod, type Currency } from '../../../shared/catalogue.ts';
import { useOnline } from '../../components/pwa/use-online.ts';
import { usePublicConfig } from '../../lib/api/get-public-config.ts';
import { useCancelSubscription } from './api/cancel-subscription.ts';
import { useSubscriptionStatus } from './api/get-subscription-status.ts';
import { useReactivateSubscription } from './api/reactivate-subscription.ts';
import { BillingChoices } from './billing-choices.tsx';
import { CancelSubscriptionDialog } from './cancel-subscription-dialog.tsx';
import { CataloguePlanCard } from './catalogue-plan-card.tsx';
import { CurrentSubscriptionPanel } from './current-subscription-panel.tsx';
import { PayerDetailsDialog } from './payer-details-dialog.tsx';
import { loadPayhereSdk } from './payhere-sdk.ts';
import { PlanAction, planHighlight, type PlanContext } from './plan-action.tsx';
import { SubscriptionFooter } from './subscription-footer.tsx';
import { useCheckout } from './use-checkout.ts';
import { SectionLoading } from '../../components/ui/section-loading.tsx';

export function SubscriptionScreen({ user }: { user: SessionUser | null }) {
  const isAdmin = user?.role === 'admin';
  const status = useSubscriptionStatus(user !== null);
  const subscription = status.data ?? null;
  const [chosenPeriod, setChosenPeriod] = useState<BillingPeriod | null>(null);
  const [chosenCurrency, setChosenCurrency] = useState<Currency | null>(null);
  const online = useOnline();
  const payhereMode = usePublicConfig().data?.payhereMode ?? null;
  const checkout = useCheckout();
  const cancel = useCancelSubscription();
  const reactivate = useReactivateSubscription();
  const [cancelOpen, setCancelOpen] = useState(false);

  // Only admins can pay, so only they download PayHere's script, and only on this page.
  useEffect(() => {
    if (isAdmin && payhereMode) void loadPayhereSdk(payhereMode);
  }, [isAdmin, payhereMode]);

  const context: PlanContext = {
    user,
    subscription,
    currentPlan: user ? (subscription?.planType ?? 'starter') : null,
    // Until the person chooses, show the terms they pay on (or the spec's defaults: monthly, USD).
    billingPeriod: chosenPeriod ?? subscription?.billingPeriod ?? 'monthly',
    currency: chosenCurrency ?? subscription?.currency ?? 'USD',
  };

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
        {checkout.confirming && (
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

        <BillingChoices billingPeriod={context.billingPeriod} currency={context.currency} onBillingPeriod={setChosenPeriod} onCurrency={setChosenCurrency} />

        {user && status.isPending ? (
          <SectionLoading label="Loading your plan…" />
        ) : (
          <div className="grid gap-8 pt-3 md:grid-cols-3 md:gap-6">
            {PLAN_IDS.map((id) => (
              <CataloguePlanCard
                key={id}
                plan={PLAN_CATALOGUE[id]}
                billingPeriod={context.billingPeriod}
                currency={context.currency}
                highlight={planHighlight(PLAN_CATALOGUE[id], context)}
                action={<PlanAction plan={PLAN_CATALOGUE[id]} {...context} online={online} checkout={checkout} onDowngrade={() => setCancelOpen(true)} />}
              />
            ))}
          </div>
        )}

        <SubscriptionFooter currency={context.currency} />
      </div>

      {isAdmin && (
        <PayerDetailsDialog
          request={checkout.request}
          email={user.email}
          pending={checkout.startingPlan !== null}
          onPay={(payer) => void checkout.pay(payer)}
          onClose={checkout.close}
        />
      )}
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
