// The PayHere payment flow (spec sections 4, 5 and 8; DESIGN.md section 8): the admin confirms the
// payer's details, the server creates the order, the checkout opens, then the server is asked until a
// verified notify has settled the order.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { SessionUser } from '../../../shared/auth.ts';
import type { BillingPeriod, Currency, PaidPlanId } from '../../../shared/catalogue.ts';
import {
  CONFIRM_POLL_INTERVAL_MS,
  CONFIRM_POLL_TIMEOUT_MS,
  RELOAD_AFTER_PAYMENT_MS,
  SIGNUP_REDIRECT_MS,
  type PayerDetails,
  type PaymentCreateResponse,
} from '../../../shared/subscriptions.ts';
import { CURRENT_USER_KEY } from '../../lib/api/get-current-user.ts';
import { notify, notifyError } from '../../lib/notify.ts';
import { confirmPayment } from './api/confirm-payment.ts';
import { createPayment } from './api/create-payment.ts';
import { SUBSCRIPTION_STATUS_KEY } from './api/get-subscription-status.ts';
import { loadPayhereSdk, type PayherePayment } from './payhere-sdk.ts';

export type CheckoutRequest = { planType: PaidPlanId; billingPeriod: BillingPeriod; currency: Currency };

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What PayHere's checkout gets: the signed order, and the payer as the server resolved it (every field filled). */
function paymentFor(order: PaymentCreateResponse): PayherePayment {
  const { payer } = order;
  return {
    sandbox: order.mode === 'sandbox',
    merchant_id: order.merchantId,
    return_url: order.returnUrl,
    cancel_url: order.cancelUrl,
    notify_url: order.notifyUrl,
    order_id: order.orderId,
    items: order.items,
    amount: order.amount,
    currency: order.currency,
    hash: order.hash,
    recurrence: order.recurrence,
    duration: order.duration,
    first_name: payer.firstName,
    last_name: payer.lastName,
    email: payer.email,
    phone: payer.phone,
    address: payer.address,
    city: payer.city,
    country: 'Sri Lanka',
    custom_1: order.planType,
    custom_2: order.billingPeriod,
  };
}

export function useCheckout() {
  const queryClient = useQueryClient();
  /** The plan chosen, while the admin confirms the payer's details. */
  const [request, setRequest] = useState<CheckoutRequest | null>(null);
  /** The plan whose order is being created, while the button waits. */
  const [startingPlan, setStartingPlan] = useState<PaidPlanId | null>(null);
  /** True while the server is asked whether PayHere's notify has arrived. */
  const [confirming, setConfirming] = useState(false);

  async function confirmUntilSettled(orderId: string) {
    notify.info('Payment Submitted', 'Confirming your payment…');
    setConfirming(true);
    const deadline = Date.now() + CONFIRM_POLL_TIMEOUT_MS;
    try {
      for (;;) {
        const status = await confirmPayment({ orderId })
          .then((answer) => answer.status)
          .catch(() => null);
        if (status === 'completed') {
          notify.success('Payment Successful!', 'Your plan subscription is now active.');
          await Promise.all([
            // The plan badge in the top bar and menu updates at once.
            queryClient.refetchQueries({ queryKey: CURRENT_USER_KEY }),
            queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_STATUS_KEY }),
          ]);
          setTimeout(() => window.location.reload(), RELOAD_AFTER_PAYMENT_MS);
          return;
        }
        if (status === 'cancelled') {
          notify.info('Payment Cancelled', 'Payment was cancelled. Your subscription remains unchanged.');
          return;
        }
        if (status === 'failed' || status === 'refunded') {
          notify.error('Payment Failed', 'Payment could not be processed. Please try again.');
          return;
        }
        if (Date.now() + CONFIRM_POLL_INTERVAL_MS > deadline) break;
        await wait(CONFIRM_POLL_INTERVAL_MS);
      }
      notify.error('Payment Confirmation Error', 'Payment may have succeeded but confirmation failed. Please contact support.');
    } finally {
      setConfirming(false);
    }
  }

  /** A plan's button: the payer form opens first. */
  function begin(user: SessionUser, chosen: CheckoutRequest) {
    if (!user.email) {
      notify.error('Account Required', 'Please create an account to continue with payment.');
      setTimeout(() => window.location.assign('/signup'), SIGNUP_REDIRECT_MS);
      return;
    }
    setRequest(chosen);
  }

  /** The payer form's submit: the order with the details the admin confirmed, then PayHere's checkout. */
  async function pay(payer: PayerDetails) {
    if (!request) return;
    setStartingPlan(request.planType);
    try {
      let order: PaymentCreateResponse;
      try {
        order = await createPayment({ ...request, payer });
      } catch (error) {
        notifyError(error, 'Payment Error', 'Failed to create payment. Please try again.');
        return;
      }
      // The order exists: the form gives way to PayHere's own checkout.
      setRequest(null);
      if (!order.amount || !order.currency || !order.hash) {
        notify.error('Payment Configuration Error', 'Payment data is incomplete. Please try again.');
        return;
      }
      const sdk = await loadPayhereSdk(order.mode);
      if (!sdk) {
        notify.error('Payment System Error', 'Payment system is not loaded. Please refresh the page and try again.');
        return;
      }
      // onCompleted only means the popup closed after paying; the verified notify decides (DESIGN.md 8).
      sdk.onCompleted = (orderId) => void confirmUntilSettled(orderId || order.orderId);
      sdk.onDismissed = () => notify.info('Payment Cancelled', 'Payment was cancelled. Your subscription remains unchanged.');
      sdk.onError = (error) => {
        notify.error('Payment Failed', error || 'An error occurred during payment processing.');
        void confirmPayment({ orderId: order.orderId, status: 'failed' }).catch(() => undefined);
      };
      try {
        sdk.startPayment(paymentFor(order));
      } catch {
        notify.error('Payment System Error', 'Failed to start PayHere payment. Please try again.');
      }
    } finally {
      setStartingPlan(null);
    }
  }

  return { request, begin, pay, close: () => setRequest(null), startingPlan, confirming };
}
