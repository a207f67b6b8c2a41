// First: it starts a worker that loads the locale data while the rest evaluates (lib/warm-intl.ts).
import './lib/warm-intl.ts';
import { QueryClientProvider } from '@tanstack/react-query';
import { Link, RouterProvider } from '@tanstack/react-router';
import { startTransition, StrictMode, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { captureInstallPrompt } from './components/pwa/install-prompt.ts';
import { SiteLinkContext, type RenderSiteLink } from './features/site/site-link.tsx';
import { currentUserQueryOptions } from './lib/api/get-current-user.ts';
import { queryClient } from './lib/query-client.ts';
import { createAppRouter } from './router.tsx';
import { startFirstPull } from './sync/first-pull.ts';
import './styles.css';

const router = createAppRouter();

/** Inside the app the public pages' links are the router's (features/site/site-link.tsx). */
const renderRouterLink: RenderSiteLink = (props) => <Link {...props} />;

captureInstallPrompt();

// Who is signed in decides what `/` and every signed-in screen show: ask now, while the route's code
// downloads, rather than when the router starts (its beforeLoad and loaders then find the request).
// A new hire's plan comes with the sync engine's first pull: on a device without their data it is asked
// for as soon as they are known, while the screens' code downloads (sync/first-pull.ts). In this chunk,
// not one of its own: loaded beside the dashboard's dozen chunks it arrived with them, after the engine
// had started and pulled itself, so a first visit waited for the code, then for its plan.
void queryClient.prefetchQuery(currentUserQueryOptions()).then(() => {
  const user = queryClient.getQueryData(currentUserQueryOptions().queryKey);
  if (user?.role === 'new_hire') void startFirstPull(user.id);
});

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <SiteLinkContext value={renderRouterLink}>
        <RouterProvider router={router} />
      </SiteLinkContext>
    </QueryClientProvider>
  </StrictMode>
);

/** Lifts `inert` from the prerendered screen's container once the app's own screen has replaced it. */
function Awake() {
  useLayoutEffect(() => container.removeAttribute('inert'), []);
  return null;
}

// The app draws its first screen once the route's code and data have loaded, over what the page shows
// until then: a prerendered screen, inert (vite.config.ts, kickoff:prerender), or index.html's loading
// screen. One commit, so nothing flashes; rendered as a transition, in slices between frames, so it is
// never one long task. Rendered at once instead, every step of the router's loading was a render of its
// own, and a blocking one: the router keeps its state in an external store, whose changes React never
// defers.
const prerendered = container.hasAttribute('inert');
const loading = router.load();
void loading.finally(() => {
  startTransition(() =>
    createRoot(container).render(
      prerendered ? (
        <>
          {app}
          <Awake />
        </>
      ) : (
        app
      ),
    ),
  );
});
