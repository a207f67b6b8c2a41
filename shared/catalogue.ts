// The plan catalogue (spec section 9): prices, features and limits. Drives pricing, checkout and limits.
import { LIMIT_REACHED } from './errors.ts';

export const PLAN_IDS = ['starter', 'growth', 'business'] as const;
export type PlanId = (typeof PLAN_IDS)[number];
export type BillingPeriod = 'monthly' | 'yearly';
export type Currency = 'USD' | 'LKR';

export type PlanLimits = { activeNewHires: number; managers: number };

export type CatalogueEntry = {
  id: PlanId;
  name: string;
  label: string;
  description: string;
  /** Whole-unit prices per billing period and currency. */
  prices: Record<BillingPeriod, Record<Currency, number>>;
  features: string[];
  popular: boolean;
  limits: PlanLimits;
};

export const YEARLY_DISCOUNT_PERCENT = 25;

export const PLAN_CATALOGUE: Record<PlanId, CatalogueEntry> = {
  starter: {
    id: 'starter',
    name: 'Starter',
    label: 'Free',
    description: 'Free forever for up to 2 new hires and 1 manager',
    prices: { monthly: { USD: 0, LKR: 0 }, yearly: { USD: 0, LKR: 0 } },
    // Only what Kickoff does (issue 22): no template limit exists, support is by email on every plan.
    features: ['Up to 2 active new hires', '1 manager', 'Unlimited templates', 'Progress tracking and messages', 'Offline app for new hires', 'Email support'],
    popular: false,
    limits: { activeNewHires: 2, managers: 1 },
  },
  growth: {
    id: 'growth',
    name: 'Growth',
    label: 'Growth ($5/mo)',
    description: 'For teams hiring every month',
    prices: { monthly: { USD: 5, LKR: 1500 }, yearly: { USD: 45, LKR: 13500 } },
    features: ['Up to 20 active new hires', 'Unlimited managers', 'Everything in Starter', 'Full analytics: charts and template insights'],
    popular: true,
    limits: { activeNewHires: 20, managers: Number.POSITIVE_INFINITY },
  },
  business: {
    id: 'business',
    name: 'Business',
    label: 'Business ($20/mo)',
    description: 'For companies onboarding at scale',
    prices: { monthly: { USD: 20, LKR: 6000 }, yearly: { USD: 180, LKR: 54000 } },
    features: ['Unlimited active new hires', 'Unlimited managers', 'Everything in Growth'],
    popular: false,
    limits: { activeNewHires: Number.POSITIVE_INFINITY, managers: Number.POSITIVE_INFINITY },
  },
};

export function planLabel(planType: string | null | undefined): string {
  return planType && planType in PLAN_CATALOGUE ? PLAN_CATALOGUE[planType as PlanId].label : 'Free';
}

export function isFreePlan(planType: string | null | undefined): boolean {
  return !planType || planType === 'starter';
}

export type LimitKind = keyof PlanLimits;

/** Whether one more of `kind` fits the plan, given how many there are now (DESIGN.md section 8). */
export function withinPlanLimit(planType: PlanId, kind: LimitKind, current: number): boolean {
  return current + 1 <= PLAN_CATALOGUE[planType].limits[kind];
}

/** "20 active new hires", "1 manager". */
function limitCount(limit: number, kind: LimitKind): string {
  const [one, many] = kind === 'activeNewHires' ? ['active new hire', 'active new hires'] : ['manager', 'managers'];
  return `${limit} ${limit === 1 ? one : many}`;
}

/** The cheapest plan above `planType` that allows more of `kind`, if any. */
function planThatLifts(planType: PlanId, kind: LimitKind, catalogue: Record<PlanId, CatalogueEntry> = PLAN_CATALOGUE): CatalogueEntry | undefined {
  const limit = catalogue[planType].limits[kind];
  return PLAN_IDS.slice(PLAN_IDS.indexOf(planType) + 1)
    .map((id) => catalogue[id])
    .find((plan) => plan.limits[kind] > limit);
}

/**
 * The 403 of a plan limit: names the company's plan and the plan that lifts the limit. Contains
 * 'limit reached' (spec section 8: clients show the Upgrade Required toast on it).
 */
export function limitReachedMessage(planType: PlanId, kind: LimitKind, catalogue: Record<PlanId, CatalogueEntry> = PLAN_CATALOGUE): string {
  const plan = catalogue[planType];
  const reached = `Plan ${LIMIT_REACHED}: your ${plan.name} plan allows ${limitCount(plan.limits[kind], kind)}.`;
  const next = planThatLifts(planType, kind, catalogue);
  if (next) return `${reached} Upgrade to ${next.name} to add more.`;
  const freeOne = kind === 'activeNewHires' ? 'complete or remove an onboarding plan' : 'remove a manager';
  return `${reached} No plan allows more: ${freeOne}, or contact support.`;
}

export const BILLING_PERIODS = ['monthly', 'yearly'] as const satisfies readonly BillingPeriod[];
export const BILLING_PERIOD_LABELS: Record<BillingPeriod, string> = { monthly: 'Monthly', yearly: 'Yearly' };
export const CURRENCIES = ['USD', 'LKR'] as const satisfies readonly Currency[];
/** Plans that are bought through PayHere (Starter is chosen, never paid for). */
export const PAID_PLAN_IDS = ['growth', 'business'] as const satisfies readonly PlanId[];
export type PaidPlanId = (typeof PAID_PLAN_IDS)[number];

export function isPaidPlan(planType: string | null | undefined): planType is PaidPlanId {
  return planType === 'growth' || planType === 'business';
}

/** The price of one billing period, in whole units of the currency. */
export function planPrice(planType: PlanId, period: BillingPeriod, currency: Currency): number {
  return PLAN_CATALOGUE[planType].prices[period][currency];
}

/** What a yearly plan costs per month (USD 45 -> 3.75, LKR 13,500 -> 1,125). */
export function yearlyPricePerMonth(planType: PlanId, currency: Currency): number {
  return Math.round((planPrice(planType, 'yearly', currency) / 12) * 100) / 100;
}

/** Money in the reader's locale; whole amounts show no cents (USD 5 -> "$5", LKR 1,125 -> "LKR 1,125"). */
export function formatMoney(amount: number, currency: Currency, locale?: string): string {
  const whole = Number.isInteger(amount);
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(amount);
}

/** An amount as PayHere wants it: two decimals, no thousands separator ('1500.00'). */
export function formatPayhereAmount(amount: number): string {
  return amount.toFixed(2);
}

/** The amount charged for a plan, computed here and never taken from a client. */
export function checkoutAmount(planType: PlanId, period: BillingPeriod, currency: Currency): string {
  return formatPayhereAmount(planPrice(planType, period, currency));
}

/** PayHere's recurrence for each billing period (recurring payments, duration 'Forever'). */
export const PAYHERE_RECURRENCE: Record<BillingPeriod, string> = { monthly: '1 Month', yearly: '1 Year' };
