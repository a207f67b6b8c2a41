// The signed-out footer: product anchors, legal pages and the business-inquiries address.
import { Mail } from 'lucide-react';
import { AnchorLink, KickoffLogo, LANDING_ANCHORS } from './public-header.tsx';
import { Island } from './island.tsx';
import { SiteLink } from './site-link.tsx';
import { usePublicConfig } from '../../lib/api/get-public-config.ts';

export function PublicFooter({ onLanding = false }: { onLanding?: boolean }) {
  const year = new Date().getFullYear();
  return (
    <footer className="border-t border-base-300 bg-base-200/60">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.5fr_1fr_1fr_1.3fr]">
        <div className="space-y-3">
          <KickoffLogo />
          <p className="max-w-xs text-sm leading-relaxed text-base-content/70">Onboarding plans your new hires can follow from day one, online or off.</p>
        </div>
        <nav aria-labelledby="footer-product">
          <h2 id="footer-product" className="mb-3 text-sm font-semibold">
            Product
          </h2>
          <ul className="space-y-2 text-sm text-base-content/70">
            {LANDING_ANCHORS.map((anchor) => (
              <li key={anchor.id}>
                <AnchorLink id={anchor.id} onLanding={onLanding} className="link link-hover">
                  {anchor.label}
                </AnchorLink>
              </li>
            ))}
            <li>
              <SiteLink to="/subscription" className="link link-hover">
                Plans and billing
              </SiteLink>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-legal">
          <h2 id="footer-legal" className="mb-3 text-sm font-semibold">
            Legal
          </h2>
          <ul className="space-y-2 text-sm text-base-content/70">
            <li>
              <SiteLink to="/terms-of-service" className="link link-hover">
                Terms of Service
              </SiteLink>
            </li>
            <li>
              <SiteLink to="/privacy-policy" className="link link-hover">
                Privacy Policy
              </SiteLink>
            </li>
            <li>
              <SiteLink to="/refund-policy" className="link link-hover">
                Refund Policy
              </SiteLink>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="mb-3 text-sm font-semibold">Business inquiries</h2>
          <Island name="support-email">
            <SupportEmail />
          </Island>
        </div>
      </div>
      <div className="border-t border-base-300">
        {/* A prerendered page shows the year it was built in: hydration keeps that text rather than fail on it. */}
        <p className="mx-auto max-w-6xl px-4 py-5 text-xs text-base-content/70 sm:px-6" suppressHydrationWarning>
          © {year} Kickoff. All rights reserved.
        </p>
      </div>
    </footer>
  );
}

/** The business-inquiries address, from the public config (a placeholder until it arrives). */
export function SupportEmail() {
  const { data: config } = usePublicConfig();
  return config ? (
    <a href={`mailto:${config.supportEmail}`} className="link link-hover inline-flex items-center gap-2 text-sm text-base-content/70 break-all">
      <Mail className="size-4 shrink-0" aria-hidden="true" />
      {config.supportEmail}
    </a>
  ) : (
    <span className="skeleton block h-4 w-44" aria-hidden="true" />
  );
}
