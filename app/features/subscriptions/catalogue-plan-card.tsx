// One plan of the catalogue: name, description, price for the chosen period and currency, features, action.
import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatMoney, planPrice, yearlyPricePerMonth, YEARLY_DISCOUNT_PERCENT, type BillingPeriod, type CatalogueEntry, type Currency } from '../../../shared/catalogue.ts';

type CataloguePlanCardProps = {
  plan: CatalogueEntry;
  billingPeriod: BillingPeriod;
  currency: Currency;
  /** 'current' is the company's plan (success colour); 'popular' is Growth's Most Popular badge. */
  highlight: 'current' | 'popular' | null;
  action: ReactNode;
};

export function CataloguePlanCard({ plan, billingPeriod, currency, highlight, action }: CataloguePlanCardProps) {
  const price = planPrice(plan.id, billingPeriod, currency);
  const headingId = `plan-${plan.id}-name`;
  const border = highlight === 'current' ? 'border-success ring-2 ring-success/30' : highlight === 'popular' ? 'border-primary' : 'border-base-300';
  return (
    <article aria-labelledby={headingId} className={`card relative border-2 bg-base-100 shadow-sm ${border}`}>
      {highlight && (
        <span className={`badge absolute -top-3 left-1/2 -translate-x-1/2 whitespace-nowrap font-semibold ${highlight === 'current' ? 'badge-success' : 'badge-primary'}`}>
          {highlight === 'current' ? 'Current Plan' : 'Most Popular'}
        </span>
      )}
      <div className="card-body gap-4">
        <div>
          <h2 id={headingId} className="card-title text-2xl">
            {plan.name}
          </h2>
          <p className="text-sm text-base-content/70">{plan.description}</p>
        </div>
        <div>
          {price === 0 ? (
            <p>
              <span className="text-4xl font-bold">Free</span> <span className="text-base-content/70">forever</span>
            </p>
          ) : (
            <>
              <p>
                <span className="text-4xl font-bold">{formatMoney(price, currency)}</span>{' '}
                <span className="text-base-content/70">/ {billingPeriod === 'yearly' ? 'year' : 'month'}</span>
              </p>
              {billingPeriod === 'yearly' && (
                <p className="text-sm text-base-content/70">
                  {formatMoney(yearlyPricePerMonth(plan.id, currency), currency)} per month, billed yearly.{' '}
                  <span className="font-medium text-success">Save {YEARLY_DISCOUNT_PERCENT}%</span>
                </p>
              )}
            </>
          )}
        </div>
        <ul className="flex-1 space-y-2" aria-label={`${plan.name} features`}>
          {plan.features.map((feature) => (
            <li key={feature} className="flex items-start gap-2 text-sm">
              <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
              <span>{feature}</span>
            </li>
          ))}
        </ul>
        <div className="card-actions">{action}</div>
      </div>
    </article>
  );
}
