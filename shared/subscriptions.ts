// Subscriptions and PayHere payments: request schemas, response shapes and cancel reasons (spec sections 3-5, 7-8).
import * as v from 'valibot';
import { BILLING_PERIODS, CURRENCIES, PAID_PLAN_IDS, type BillingPeriod, type Currency, type PlanId } from './catalogue.ts';
import { COMPANY_LIMITS, INVALID_PHONE, PHONE_PATTERN } from './company.ts';

export const PAYHERE_MODES = ['live', 'sandbox', 'simulator'] as const;
export type PayhereMode = (typeof PAYHERE_MODES)[number];

export const CANCEL_REASONS = [
  { id: 'too-expensive', label: 'Too expensive' },
  { id: 'not-using', label: 'Not using it enough' },
  { id: 'missing-features', label: 'Missing features we need' },
  { id: 'found-alternative', label: 'Found a better alternative' },
  { id: 'temporary', label: 'Only a temporary pause' },
  { id: 'other', label: 'Other' },
] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number]['id'];
const CANCEL_REASON_IDS = CANCEL_REASONS.map((reason) => reason.id) as [CancelReason, ...CancelReason[]];

const optionalText = (max: number) => v.optional(v.pipe(v.string(), v.trim(), v.maxLength(max)));

/** One of `options`; a missing field gets the same message as a wrong one (not valibot's 'Invalid key'). */
function choice<const T extends readonly [string, ...string[]]>(options: T, message: string) {
  return v.pipe(v.optional(v.string(message), ''), v.picklist(options, message));
}

/**
 * The payer's details PayHere's checkout asks for; all but the email may be missing (an empty field
 * counts as missing). Address, phone and city follow the company settings' rules: they are saved there.
 */
export const PayerDetailsSchema = v.object({
  firstName: optionalText(100),
  lastName: optionalText(100),
  email: v.pipe(v.string(), v.trim(), v.email('Please enter a valid email address')),
  phone: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check((phone) => phone === '' || PHONE_PATTERN.test(phone), INVALID_PHONE),
    ),
  ),
  address: optionalText(COMPANY_LIMITS.address),
  city: optionalText(COMPANY_LIMITS.city),
});
export type PayerDetails = v.InferOutput<typeof PayerDetailsSchema>;

/** Spec section 5: defaults for missing user details, used only when neither the admin nor the company gave one. */
export const DEFAULT_PAYER_DETAILS = {
  firstName: 'Customer',
  lastName: 'User',
  phone: '0770000000',
  address: 'Colombo',
  city: 'Colombo',
} as const;

/** The details the checkout hands to PayHere, every one filled. */
export type ResolvedPayer = { firstName: string; lastName: string; email: string; phone: string; address: string; city: string };

/**
 * GET /api/payments/payer-details: what the server knows to prefill the checkout's payer form with
 * (the company's address, phone and city; the admin's name and email). null: not known; the checkout
 * would send DEFAULT_PAYER_DETAILS' value.
 */
export type PayerPrefill = {
  companyName: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  phone: string | null;
  address: string | null;
  city: string | null;
};

export const PaymentCreateSchema = v.object({
  planType: choice(PAID_PLAN_IDS, 'Please choose the Growth or Business plan'),
  currency: choice(CURRENCIES, 'Currency must be USD or LKR'),
  billingPeriod: choice(BILLING_PERIODS, 'Billing period must be monthly or yearly'),
  /** Spec section 7's field: what the client knows of the payer (older clients fill gaps with placeholders). A fallback, never saved. */
  userDetails: v.optional(PayerDetailsSchema),
  /** What the admin confirmed on the checkout screen: wins over everything, and address, phone and city are saved to the company. */
  payer: v.optional(PayerDetailsSchema),
});
export type PaymentCreate = v.InferOutput<typeof PaymentCreateSchema>;

/** What the client hands to payhere.startPayment, besides the payer's details. */
export type PaymentCreateResponse = {
  mode: PayhereMode;
  merchantId: string;
  notifyUrl: string;
  returnUrl: string;
  cancelUrl: string;
  orderId: string;
  items: string;
  amount: string;
  currency: Currency;
  hash: string;
  recurrence: string;
  duration: string;
  planType: PlanId;
  billingPeriod: BillingPeriod;
  /** Pass these to PayHere as first_name, last_name, email, phone, address and city. */
  payer: ResolvedPayer;
};

export const PaymentConfirmSchema = v.object({
  orderId: v.pipe(v.string(), v.trim(), v.minLength(1, 'Order id is required'), v.maxLength(100)),
  status: v.optional(v.picklist(['failed'] as const)),
});
export type PaymentConfirm = v.InferOutput<typeof PaymentConfirmSchema>;

export const SUBSCRIPTION_STATUSES = ['pending', 'completed', 'failed', 'cancelled', 'refunded'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export type PaymentConfirmResponse = { status: SubscriptionStatus };

export const SimulatorCompleteSchema = v.object({
  orderId: v.pipe(v.string(), v.trim(), v.minLength(1, 'Order id is required'), v.maxLength(100)),
  outcome: choice(['success', 'failed', 'cancelled'], 'Outcome must be success, failed or cancelled'),
});
export type SimulatorComplete = v.InferOutput<typeof SimulatorCompleteSchema>;

export const CancelSubscriptionSchema = v.object({
  reason: choice(CANCEL_REASON_IDS, 'Please select a reason'),
  feedback: optionalText(2000),
});
export type CancelSubscription = v.InferOutput<typeof CancelSubscriptionSchema>;

/** GET /api/subscription/status: the company's current subscription, or null (Starter). */
export type CurrentSubscription = {
  id: string;
  planType: PlanId;
  billingPeriod: BillingPeriod;
  status: SubscriptionStatus;
  startDate: string | null;
  endDate: string | null;
  cancelledAt: string | null;
  amount: string;
  currency: Currency;
} | null;

export type MessageResponse = { message: string };

/** PayHere's notify status codes (checkout documentation). */
export const PAYHERE_STATUS = { success: '2', pending: '0', cancelled: '-1', failed: '-2', chargedBack: '-3' } as const;

/** Client timings (DESIGN.md section 8, spec section 9). */
export const CONFIRM_POLL_INTERVAL_MS = 2000;
export const CONFIRM_POLL_TIMEOUT_MS = 30_000;
export const RELOAD_AFTER_PAYMENT_MS = 2000;
export const SIGNUP_REDIRECT_MS = 1500;
