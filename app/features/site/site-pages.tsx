// The public pages that are prerendered at build time (vite.config.ts) and sent to visitors without a
// session, and the tree both the prerender (app/prerender.tsx) and the browser (app/site.tsx) render
// for them: the same tree on both sides, so React hydrates the HTML instead of replacing it.
import { lazy, Suspense, type ComponentType } from 'react';
import { useIdleAfterMount } from '../../lib/idle.ts';
import type { DocumentMeta } from './use-document-meta.ts';

export type SitePage = { Component: ComponentType; meta: DocumentMeta };

/**
 * Each page's code is a chunk of its own, so the landing does not carry the legal texts. `module` names
 * the file `load` imports: the prerender preloads its chunk with the page.
 */
export const SITE_PAGES: Record<string, { module: string; load: () => Promise<SitePage> }> = {
  '/': { module: 'features/site/landing-page.tsx', load: () => import('./landing-page.tsx').then((page) => ({ Component: page.LandingPage, meta: page.LANDING_META })) },
  '/terms-of-service': { module: 'features/site/legal-page.tsx', load: () => import('./legal-page.tsx').then((page) => page.LEGAL_PAGES['/terms-of-service']) },
  '/privacy-policy': { module: 'features/site/legal-page.tsx', load: () => import('./legal-page.tsx').then((page) => page.LEGAL_PAGES['/privacy-policy']) },
  '/refund-policy': { module: 'features/site/legal-page.tsx', load: () => import('./legal-page.tsx').then((page) => page.LEGAL_PAGES['/refund-policy']) },
};

// The support button needs the public config and no first paint needs it.
const SupportButton = lazy(() => import('./support-button.tsx').then((module) => ({ default: module.SupportButton })));

export function SitePageRoot({ page: { Component } }: { page: SitePage }) {
  const idle = useIdleAfterMount();
  return (
    <>
      {/* A boundary around the page lets React hydrate it in slices between frames (selective
          hydration) instead of in one long task that would hold up the first tap. */}
      <Suspense fallback={null}>
        <Component />
      </Suspense>
      {idle && (
        <Suspense fallback={null}>
          <SupportButton />
        </Suspense>
      )}
    </>
  );
}
