// The public pages that are prerendered at build time (vite.config.ts, app/prerender.tsx) and sent to
// visitors without a session. In the browser only their islands run (island.tsx, app/site.tsx).
import type { ComponentType } from 'react';
import { Island } from './island.tsx';
import type { DocumentMeta } from './use-document-meta.ts';

export type SitePage = { Component: ComponentType; meta: DocumentMeta };

/** A legal page, which is one island, named as its path: its text carries the support address from the public config. */
const legalPage = (island: 'terms-of-service' | 'privacy-policy' | 'refund-policy') => () =>
  import('./legal-page.tsx').then(({ LEGAL_PAGES }): SitePage => {
    const { Component, meta } = LEGAL_PAGES[`/${island}`];
    return {
      meta,
      Component: () => (
        <Island name={island}>
          <Component />
        </Island>
      ),
    };
  });

export const SITE_PAGES: Record<string, () => Promise<SitePage>> = {
  '/': () => import('./landing-page.tsx').then((page) => ({ Component: page.LandingPage, meta: page.LANDING_META })),
  '/terms-of-service': legalPage('terms-of-service'),
  '/privacy-policy': legalPage('privacy-policy'),
  '/refund-policy': legalPage('refund-policy'),
};
