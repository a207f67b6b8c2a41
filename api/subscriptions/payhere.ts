// PayHere's signatures (checkout documentation, "Generate hash" and "Verify payment notification") and credentials.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config.ts';

/** Fixed credentials of the local simulator, used only when PAYHERE_MODE=simulator and none are configured. */
export const SIMULATOR_MERCHANT_ID = '1200000';
export const SIMULATOR_MERCHANT_SECRET = 'kickoff-simulator-secret';

export type PayhereCredentials = { merchantId: string; merchantSecret: string };

/** A recurring notify's `message_type` (recurring documentation, "notify_url") when a charge of the subscription succeeded. */
export const RENEWAL_MESSAGE_TYPES: readonly string[] = ['AUTHORIZATION_SUCCESS', 'RECURRING_INSTALLMENT_SUCCESS'];

function md5Upper(text: string): string {
  return createHash('md5').update(text, 'utf8').digest('hex').toUpperCase();
}

export type CheckoutHashInput = { merchantId: string; orderId: string; amount: string; currency: string; merchantSecret: string };

/** UPPER(MD5(merchant_id + order_id + amount + currency + UPPER(MD5(merchant_secret)))). `amount` is already '1500.00'. */
export function checkoutHash(input: CheckoutHashInput): string {
  return md5Upper(input.merchantId + input.orderId + input.amount + input.currency + md5Upper(input.merchantSecret));
}

export type NotifySignatureInput = {
  merchantId: string;
  orderId: string;
  payhereAmount: string;
  payhereCurrency: string;
  statusCode: string;
  merchantSecret: string;
};

/** UPPER(MD5(merchant_id + order_id + payhere_amount + payhere_currency + status_code + UPPER(MD5(merchant_secret)))). */
export function notifySignature(input: NotifySignatureInput): string {
  return md5Upper(input.merchantId + input.orderId + input.payhereAmount + input.payhereCurrency + input.statusCode + md5Upper(input.merchantSecret));
}

/** Constant-time comparison of two signatures, so a forger learns nothing from timing. */
export function signaturesMatch(expected: string, received: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(received.toUpperCase(), 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The merchant to sign with, or null when PayHere is not configured (the simulator always has one). */
export function payhereCredentials(payhere: Config['payhere']): PayhereCredentials | null {
  if (payhere.mode === 'simulator') {
    return {
      merchantId: payhere.merchantId ?? SIMULATOR_MERCHANT_ID,
      merchantSecret: payhere.merchantSecret ?? SIMULATOR_MERCHANT_SECRET,
    };
  }
  if (!payhere.merchantId || !payhere.merchantSecret) return null;
  return { merchantId: payhere.merchantId, merchantSecret: payhere.merchantSecret };
}
