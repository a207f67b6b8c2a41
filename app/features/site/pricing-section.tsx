// Pricing from the plan catalogue (spec section 9), with monthly/yearly and USD/LKR toggles.
import { Check } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { BillingPeriod, CatalogueEntry, Currency } from '../../../shared/catalogue.ts';
import {
  BILLING_PERIOD_LABELS,
  BILLING_PERIODS,
  CURRENCIES,
  formatMoney,
  PLAN_CATALOGUE,
  PLAN_IDS,
  planPrice,
  YEARLY_DISCOUNT_PERCENT,
  yearlyPricePerMonth,
} from '../../../shared/catalogue.ts';
import { SiteLink } from './site-link.tsx';

function Toggle<T extends string>({
  legend,
  name,
  options,
  label,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  options: readonly T[];
  label: (option: T) => string;
  value: T;
  onChange: (value: T) => void;
}) {
  const group = useRef<HTMLFieldSetElement>(null);
  // On the prerendered landing page this first renders over HTML the visitor may already have used (it
  // is an island that wakes as it nears the screen): a choice made before then is taken up, rather than
  // left ticked beside the other option's prices.
  useEffect(() => {
    const chosen = options[[...(group.current?.querySelectorAll<HTMLInputElement>('[type=radio]') ?? [])].findIndex((radio) => radio.checked)];
    if (chosen !== undefined && chosen !== value) onChange(chosen);
    // Once, on the first render: from then on the choice is React's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <fieldset ref={group} className="join rounded-full border border-base-300 bg-base-100 p-1 shadow-sm">
      <legend className="sr-only">{legend}</legend>
      {options.map((option) => (
        <input
          key={option}
          type="radio"
          name={name}
          aria-label={label(option)}
          checked={value === option}
          onChange={() => onChange(option)}
          className="join-item btn btn-sm rounded-full! border-0 px-4 shadow-none checked:btn-primary"
        />
      ))}
    </fieldset>
  );
}

function PricingCard({ plan, period, currency }: { plan: CatalogueEntry; period: BillingPeriod; currency: Currency }) {
  const amount = planPrice(plan.id, period, currency);
  const perMonth = period === 'yearly' ? yearlyPricePerMonth(plan.id, currency) : amount;
  const free = amount === 0;
  const headingId = `plan-${plan.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className={`card relative h-full border bg-base-100 ${plan.popular ? 'border-primary shadow-2xl shadow-primary/20 ring-1 ring-primary lg:-my-4' : 'border-base-300 shadow-sm'}`}
    >
      {plan.popular && <span className="badge badge-primary absolute -top-3 left-1/2 -translate-x-1/2 px-3 font-semibold whitespace-nowrap shadow">Most Popular</span>}
      <div className="card-body gap-5 p-7">
        <div>
          <h3 id={headingId} className="text-lg font-semibold">
            {plan.name}
          </h3>
          <p className="mt-1 min-h-10 text-sm text-base-content/70">{plan.description}</p>
        </div>
        <div>
          <p className="flex items-baseline gap-1">
            <span className="text-4xl font-bold tracking-tight" data-testid={`price-${plan.id}`}>
              {formatMoney(perMonth, currency)}
            </span>
            <span className="text-sm text-base-content/70">/ month</span>
          </p>
          <p className="mt-1 text-sm text-base-content/70">
            {free ? 'Free forever, no card needed' : period === 'yearly' ? `${formatMoney(amount, currency)} billed yearly` : 'Billed monthly, cancel anytime'}
          </p>
        </div>
        <SiteLink
          to="/signup"
          className={`btn ${plan.popular ? 'btn-primary shadow-md shadow-primary/30' : 'btn-soft btn-primary'}`}
          aria-label={free ? 'Get started for free with Starter' : `Start with ${plan.name}`}
        >
          {free ? 'Get started for free' : `Start with ${plan.name}`}
        </SiteLink>
        <ul className="space-y-2.5 text-sm">
          {plan.features.map((feature) => (
            <li key={feature} className="flex gap-2.5">
              <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
              {feature}
            </li>
          ))}
        </ul>
      </div>
    </article>
  );
}

export function PricingSection() {
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  const [currency, setCurrency] = useState<Currency>('USD');
  return (
    <div>
      <div className="mb-12 flex flex-col items-center justify-center gap-3 sm:flex-row sm:gap-4">
        <div className="flex items-center gap-2">
          <Toggle legend="Billing period" name="pricing-period" value={period} onChange={setPeriod} options={BILLING_PERIODS} label={(option) => BILLING_PERIOD_LABELS[option]} />
          <span className="badge badge-success badge-soft font-semibold">{YEARLY_DISCOUNT_PERCENT}% OFF yearly</span>
        </div>
        <Toggle legend="Currency" name="pricing-currency" value={currency} onChange={setCurrency} options={CURRENCIES} label={(option) => option} />
      </div>
      <div className="grid items-stretch gap-6 lg:grid-cols-3 lg:gap-8">
        {PLAN_IDS.map((id) => (
          <PricingCard key={id} plan={PLAN_CATALOGUE[id]} period={period} currency={currency} />
        ))}
      </div>
      <p className="mt-10 text-center text-sm text-base-content/70">
        Payments are processed securely by PayHere. Compare every detail on the{' '}
        <SiteLink to="/subscription" className="link link-primary">
          plans page
        </SiteLink>
        .
      </p>
    </div>
  );
}
