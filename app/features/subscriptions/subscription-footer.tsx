// Under the plans: why paying is safe, and the terms in one paragraph.
import { Link } from '@tanstack/react-router';
import { CalendarX, Headset, ShieldCheck, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Currency } from '../../../shared/catalogue.ts';

export function SubscriptionFooter({ currency }: { currency: Currency }) {
  return (
    <>
      <section aria-label="Why Kickoff" className="grid gap-4 md:grid-cols-3">
        <Blurb icon={ShieldCheck} title="Secure Payments">
          Cards are processed by PayHere. Your card number never reaches Kickoff.
        </Blurb>
        <Blurb icon={CalendarX} title="Cancel Anytime">
          Keep everything you paid for until the end of the billing period.
        </Blurb>
        <Blurb icon={Headset} title="24/7 Support">
          Questions about billing or your plan? We answer around the clock.
        </Blurb>
      </section>

      <p className="text-center text-sm text-base-content/70">
        Prices are shown in {currencyName(currency)} ({currency}); switch the currency above.
        Subscriptions renew automatically until cancelled. By subscribing you agree to our{' '}
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

function Blurb({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: ReactNode }) {
  return (
    <div className="flex gap-3 rounded-box bg-base-100 p-4">
      <div className="text-primary">
        <Icon className="size-6" aria-hidden="true" />
      </div>
      <div>
        <h2 className="font-semibold">{title}</h2>
        <p className="text-sm text-base-content/70">{children}</p>
      </div>
    </div>
  );
}
