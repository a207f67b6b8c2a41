// PayHere's browser SDK (https://www.payhere.lk/lib/payhere.js) or the local simulator with the same API,
// loaded on demand by the subscription page only.
import type { PayhereMode } from '../../../shared/subscriptions.ts';

/** The object payhere.startPayment takes (PayHere checkout documentation, "Onsite checkout"). */
export type PayherePayment = {
  sandbox: boolean;
  merchant_id: string;
  return_url: string;
  cancel_url: string;
  notify_url: string;
  order_id: string;
  items: string;
  amount: string;
  currency: string;
  hash: string;
  recurrence: string;
  duration: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  country: string;
  custom_1: string;
  custom_2: string;
};

export type PayhereSdk = {
  onCompleted: (orderId: string) => void;
  onDismissed: () => void;
  onError: (error: string) => void;
  startPayment: (payment: PayherePayment) => void;
};

declare global {
  interface Window {
    payhere?: PayhereSdk;
  }
}

const SCRIPT_URLS: Record<PayhereMode, string> = {
  live: 'https://www.payhere.lk/lib/payhere.js',
  // Sandbox uses the same script; the payment's `sandbox: true` selects PayHere's test servers.
  sandbox: 'https://www.payhere.lk/lib/payhere.js',
  simulator: '/payhere-simulator.js',
};

const loading = new Map<string, Promise<PayhereSdk | null>>();

/** Adds the SDK's script once; resolves to window.payhere, or null when it could not load. */
export function loadPayhereSdk(mode: PayhereMode): Promise<PayhereSdk | null> {
  const src = SCRIPT_URLS[mode];
  const pending = loading.get(src);
  if (pending) return pending;
  const promise = new Promise<PayhereSdk | null>((resolve) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve(window.payhere ?? null);
    script.onerror = () => {
      script.remove();
      loading.delete(src);
      resolve(null);
    };
    document.head.append(script);
  });
  loading.set(src, promise);
  return promise;
}
