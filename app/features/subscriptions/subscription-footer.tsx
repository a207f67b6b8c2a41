// Under the plans: why paying is safe, and the terms in one paragraph.
import { Link } from '@tanstack/react-router';
import { CalendarX, Mail, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Currency } from '../../../shared/catalogue.ts';
import { usePublicConfig } from '../../lib/api/get-public-config.ts';

export function SubscriptionFooter({ currency }: { currency: Currency }) {
  const supportEmail = usePublicConfig().data?.supportEmail;
  return (
    <>
      <section aria-label="Why Kickoff" className="grid gap-4 md:grid-cols-3">
        <Blurb icon={<ShieldCheck className="size-6" aria-hidden="true" />} title="Secure Payments">
          Cards are processed by PayHere. Your card number never reaches Kickoff.
        </Blurb>
        <Blurb icon={<CalendarX className="size-6" aria-hidden="true" />} title="Cancel Anytime">
          Keep everything you paid for until the end of the billing period.
        </Blurb>
        <Blurb icon={<Mail className="size-6" aria-hidden="true" />} title="Email Support">
          Questions about billing or your plan? Email{' '}
          {supportEmail ? (
            <a href={`mailto:${supportEmail}`} className="link">
              {supportEmail}
            </a>
          ) : (
            'our support team'
          )}{' '}
          and we'll get back to you.
        </Blurb>
      </section>

      <p className="text-center text-sm text-base-content/70">
        Prices are shown in {currencyName(currency)} ({currency}); switch the currency above. Subscriptions renew automatically until cancelled. By subscribing you agree to our{' '}
        <Link to="/terms-of-service" className="link">
          Terms of Service
        </Link>{' '}
        and{' '}
        <Link to="/privacy-policy" className="link">
          Privacy Policy
        </Link>
        .
      </p>
    </>
  );
}

function currencyName(code: Currency): string {
  try {
    return new Intl.DisplayNames(undefined, { type: 'currency' }).of(code) ?? code;
  } catch {
    return code;
  }
}

function Blurb({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="flex gap-3 rounded-box bg-base-100 p-4">
      <div className="text-primary">{icon}</div>
      <div>
        <h2 className="font-semibold">{title}</h2>
        <p className="text-sm text-base-content/70">{children}</p>
      </div>
    </div>
  );
}
