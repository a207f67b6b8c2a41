// The checkout's first step: the payer's details PayHere asks for, prefilled from the company and the
// admin's account, for the admin to correct before paying (checked with the API's own schema).
import { CreditCard, TriangleAlert } from 'lucide-react';
import type { FormEvent } from 'react';
import { BILLING_PERIOD_LABELS, formatMoney, PLAN_CATALOGUE, planPrice } from '../../../shared/catalogue.ts';
import { PayerDetailsSchema, type PayerDetails, type PayerPrefill } from '../../../shared/subscriptions.ts';
import { TextField } from '../../components/forms/fields.tsx';
import { useForm } from '../../components/forms/use-form.ts';
import { DialogActions, Modal } from '../../components/ui/modal.tsx';
import { PendingButton } from '../../components/ui/pending-button.tsx';
import { usePayerDetails } from './api/get-payer-details.ts';
import type { CheckoutRequest } from './use-checkout.ts';
import { SectionLoading } from '../../components/ui/section-loading.tsx';

type PayerDetailsDialogProps = {
  /** The plan being bought; null keeps the dialog closed. */
  request: CheckoutRequest | null;
  /** The signed-in admin: the email to start from if the saved details cannot be read. */
  email: string;
  pending: boolean;
  onPay: (payer: PayerDetails) => void;
  onClose: () => void;
};

export function PayerDetailsDialog({ request, email, pending, onPay, onClose }: PayerDetailsDialogProps) {
  const summary = request
    ? `${PLAN_CATALOGUE[request.planType].name} · ${BILLING_PERIOD_LABELS[request.billingPeriod]} · ${formatMoney(planPrice(request.planType, request.billingPeriod, request.currency), request.currency)}`
    : '';
  return (
    <Modal open={request !== null} title="Billing details" description={summary} onClose={onClose}>
      <PayerDetailsBody email={email} pending={pending} onPay={onPay} onClose={onClose} />
    </Modal>
  );
}

function PayerDetailsBody({ email, pending, onPay, onClose }: Omit<PayerDetailsDialogProps, 'request'>) {
  const prefill = usePayerDetails();
  if (prefill.isPending) {
    return <SectionLoading label="Loading your billing details…" />;
  }
  return <PayerForm prefill={prefill.data ?? null} email={email} pending={pending} onPay={onPay} onClose={onClose} />;
}

type PayerValues = Record<keyof PayerDetails, string>;

function valuesFrom(prefill: PayerPrefill | null, email: string): PayerValues {
  return {
    firstName: prefill?.firstName ?? '',
    lastName: prefill?.lastName ?? '',
    email: prefill?.email ?? email,
    phone: prefill?.phone ?? '',
    address: prefill?.address ?? '',
    city: prefill?.city ?? '',
  };
}

function PayerForm({ prefill, email, pending, onPay, onClose }: Omit<PayerDetailsDialogProps, 'request'> & { prefill: PayerPrefill | null }) {
  const form = useForm(PayerDetailsSchema, valuesFrom(prefill, email), { validateOnBlur: true });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const payer = form.submit(PayerDetailsSchema);
    if (payer) onPay(payer);
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <p className="text-sm text-base-content/70">PayHere shows these on the checkout and the receipt. Address, phone and city are saved to your company's details.</p>
      {!prefill && (
        <div role="alert" className="alert alert-warning alert-soft mt-3 text-sm">
          <TriangleAlert className="size-4" aria-hidden="true" />
          <span>Your saved details could not be loaded. Fill in what you want PayHere to show.</span>
        </div>
      )}
      <div className="mt-2 grid gap-x-3 sm:grid-cols-2">
        <TextField label="First name" autoComplete="given-name" maxLength={100} {...form.field('firstName')} />
        <TextField label="Last name" autoComplete="family-name" maxLength={100} {...form.field('lastName')} />
        <div className="sm:col-span-2">
          <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} />
        </div>
        <div className="sm:col-span-2">
          <TextField label="Address" autoComplete="address-line1" maxLength={300} {...form.field('address')} />
        </div>
        <TextField label="City" autoComplete="address-level2" maxLength={100} {...form.field('city')} />
        <TextField label="Phone" type="tel" autoComplete="tel" inputMode="tel" placeholder="+94 77 123 4567" {...form.field('phone')} />
      </div>
      <p className="mt-1 text-xs text-base-content/70">Only the email is required.</p>
      <DialogActions
        onCancel={onClose}
        cancelDisabled={pending}
        confirm={
          <PendingButton type="submit" pending={pending} icon={<CreditCard className="size-4" aria-hidden="true" />}>
            Continue to payment
          </PendingButton>
        }
      />
    </form>
  );
}
