// The islands of the prerendered public pages (see island.tsx), by name: the component each one draws
// and when it wakes. Until then an island is its HTML, and React is not even started: a visitor who
// reads the top of the landing page runs none of it. The prerender preloads the islands' chunks with
// the page (vite.config.ts, kickoff:prerender), so one wakes without waiting for the network.
import { startTransition, StrictMode, type ComponentType } from 'react';
import { loadPublicConfig } from '../../lib/api/get-public-config.ts';

type IslandSource = {
  /** The file `load` imports, relative to app/. */
  module: string;
  load: () => Promise<ComponentType>;
  /** `touched`: at the first pointer press or focus inside it. `near`: as it comes near the screen, or at a touch if that comes first. */
  wake: 'near' | 'touched';
};

export const ISLANDS = {
  // Its only script closes the menu when a section is tapped: the tap that opens it wakes it.
  'landing-menu': { module: 'features/site/public-header.tsx', load: () => import('./public-header.tsx').then((module) => module.LandingMenu), wake: 'touched' },
  'walkthrough-video': {
    module: 'features/site/walkthrough-video.tsx',
    load: () => import('./walkthrough-video.tsx').then((module) => module.WalkthroughVideo),
    wake: 'near',
  },
  pricing: { module: 'features/site/pricing-section.tsx', load: () => import('./pricing-section.tsx').then((module) => module.PricingSection), wake: 'near' },
  'support-email': { module: 'features/site/public-footer.tsx', load: () => import('./public-footer.tsx').then((module) => module.SupportEmail), wake: 'near' },
  // The legal pages write the support address into their text, so each is one island.
  'terms-of-service': { module: 'features/site/legal-page.tsx', load: () => import('./legal-page.tsx').then((module) => module.TermsOfServicePage), wake: 'near' },
  'privacy-policy': { module: 'features/site/legal-page.tsx', load: () => import('./legal-page.tsx').then((module) => module.PrivacyPolicyPage), wake: 'near' },
  'refund-policy': { module: 'features/site/legal-page.tsx', load: () => import('./legal-page.tsx').then((module) => module.RefundPolicyPage), wake: 'near' },
} satisfies Record<string, IslandSource>;

export type IslandName = keyof typeof ISLANDS;

const isIslandName = (name: string | undefined): name is IslandName => !!name && Object.hasOwn(ISLANDS, name);

/** The islands in `html`, each once (the prerender's list of chunks to preload). */
export function islandsIn(html: string): IslandName[] {
  return [...new Set([...html.matchAll(/data-island="([^"]+)"/g)].map((match) => match[1]))].filter(isIslandName);
}

/** How far below the screen an island starts waking, so it is awake by the time it scrolls in. */
const WAKE_MARGIN = '300px';

/** Hydrates each island of the page when it wakes, with its own root; an island inside another is its host's. */
export function hydrateIslands(): void {
  const nearScreen = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        nearScreen.unobserve(entry.target);
        wakeUp.get(entry.target)?.();
      }
    },
    { rootMargin: WAKE_MARGIN },
  );
  const wakeUp = new Map<Element, () => void>();
  for (const element of document.querySelectorAll<HTMLElement>('[data-island]')) {
    const name = element.dataset.island;
    if (!isIslandName(name) || element.parentElement?.closest('[data-island]')) continue;
    const island: IslandSource = ISLANDS[name];
    let woken = false;
    const wake = () => {
      if (woken) return;
      woken = true;
      void hydrateIsland(element, island);
    };
    for (const type of ['pointerdown', 'focusin']) element.addEventListener(type, wake, { once: true, passive: true });
    if (island.wake === 'near') {
      // The island's element draws no box (`display: contents`): its content is what comes into view.
      const box = element.firstElementChild ?? element;
      wakeUp.set(box, wake);
      nearScreen.observe(box);
    }
  }
}

async function hydrateIsland(element: HTMLElement, island: IslandSource): Promise<void> {
  const [Island, { hydrateRoot }] = await Promise.all([island.load(), import('react-dom/client')]);
  // A transition, so React hydrates in slices between frames rather than in one long task.
  startTransition(() => {
    hydrateRoot(
      element,
      <StrictMode>
        <Island />
      </StrictMode>,
    );
  });
}

/**
 * The floating support button, drawn at the end of the page once it is idle: it needs the public config
 * and no first paint does. Without a WhatsApp number there is no button, and React is not started for it.
 */
export async function showSupportButton(): Promise<void> {
  const config = await loadPublicConfig();
  if (!config.supportWhatsapp) return;
  const [{ SupportButton }, { createRoot }] = await Promise.all([import('./support-button.tsx'), import('react-dom/client')]);
  createRoot(document.body.appendChild(document.createElement('div'))).render(
    <StrictMode>
      <SupportButton />
    </StrictMode>,
  );
}
