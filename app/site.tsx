// The entry of the prerendered public pages (landing and legal pages; see features/site/site-pages.tsx),
// which the server sends to visitors without a session. It hydrates the page already on screen with
// React alone: no router, no query client, no sync engine, so a first visit stays small. Their links
// are page loads; /login and /signup load the app.
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { registerWithUpdates } from './components/pwa/service-worker.ts';
import { SITE_PAGES, SitePageRoot } from './features/site/site-pages.tsx';
import { whenIdle } from './lib/idle.ts';
import './site.css';

const sitePage = SITE_PAGES[location.pathname];
if (sitePage) {
  void sitePage.load().then((page) => {
    hydrateRoot(
      document.getElementById('root')!,
      <StrictMode>
        <SitePageRoot page={page} />
      </StrictMode>,
    );
  });
}

// The service worker makes the next visit instant and the app installable and usable offline. Its
// precache downloads the whole app, so it starts once this page is idle, never before it painted.
addEventListener('load', () => whenIdle(() => registerWithUpdates()));
