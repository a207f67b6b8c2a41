// The entry of the prerendered public pages (landing and legal pages; see features/site/site-pages.tsx),
// which the server sends to visitors without a session. The page is on screen as HTML; React hydrates
// only its islands (features/site/island.tsx), each when it is needed, with no router, no query client
// and no sync engine, so a first visit stays small and its main thread free. Their links are page
// loads; /login and /signup load the app.
import { registerWithUpdates } from './components/pwa/service-worker.ts';
import { hydrateIslands, showSupportButton } from './features/site/islands.tsx';
import { whenIdle } from './lib/idle.ts';
import './site.css';

hydrateIslands();

// The service worker makes the next visit instant and the app installable and usable offline. Its
// precache downloads the whole app, so it starts once this page is idle, never before it painted.
addEventListener('load', () =>
  whenIdle(() => {
    // Offline, there is no config and so no button: the service worker still registers.
    showSupportButton().catch(() => undefined);
    registerWithUpdates();
  }),
);
