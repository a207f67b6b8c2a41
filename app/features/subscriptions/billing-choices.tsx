// The subscription page's two choices above the plans: how often to pay and in which currency.
import type { ReactNode } from 'react';
import { BILLING_PERIOD_LABELS, BILLING_PERIODS, CURRENCIES, YEARLY_DISCOUNT_PERCENT, type BillingPeriod, type Currency } from '../../../shared/catalogue.ts';

type BillingChoicesProps = {
  billingPeriod: BillingPeriod;
  currency: Currency;
  onBillingPeriod: (period: BillingPeriod) => void;
  onCurrency: (currency: Currency) => void;
};

export function BillingChoices({ billingPeriod, currency, onBillingPeriod, onCurrency }: BillingChoicesProps) {
  return (
    <div className="flex flex-col items-center justify-center gap-3 sm:flex-row sm:gap-6">
      <ChoiceGroup
        legend="Billing period"
        name="billing-period"
        choices={BILLING_PERIODS}
        chosen={billingPeriod}
        onChoose={onBillingPeriod}
        label={(period) => (
          <>
            {BILLING_PERIOD_LABELS[period]}
            {period === 'yearly' && <span className="badge badge-success badge-sm">{YEARLY_DISCOUNT_PERCENT}% OFF</span>}
          </>
        )}
      />
      <ChoiceGroup legend="Currency" name="currency" choices={CURRENCIES} chosen={currency} onChoose={onCurrency} label={(code) => code} />
    </div>
  );
}

/** Radio buttons drawn as a joined row of buttons, the chosen one filled. */
function ChoiceGroup<T extends string>({
  legend,
  name,
  choices,
  chosen,
  onChoose,
  label,
}: {
  legend: string;
  name: string;
  choices: readonly T[];
  chosen: T;
  onChoose: (choice: T) => void;
  label: (choice: T) => ReactNode;
}) {
  return (
    <fieldset className="join">
      <legend className="sr-only">{legend}</legend>
      {choices.map((choice) => (
        <label
          key={choice}
          className={`btn join-item has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-primary ${choice === chosen ? 'btn-primary' : 'bg-base-100'}`}
        >
          <input type="radio" name={name} className="sr-only" value={choice} checked={choice === chosen} onChange={() => onChoose(choice)} />
          {label(choice)}
        </label>
      ))}
    </fieldset>
  );
}
