import { QueryClientProvider } from '@tanstack/react-query';
import { createRouter, lazyRouteComponent, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { captureInstallPrompt } from './components/pwa/install-prompt.ts';
import { LoadingScreen } from './components/ui/loading-screen.tsx';
import { currentUserQueryOptions } from './lib/api/get-current-user.ts';
import { queryClient } from './lib/query-client.ts';
import { routeTree } from './routeTree.gen.ts';
import './styles.css';

const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  defaultPendingComponent: () => <LoadingScreen />,
  // Rare screens, so their code loads only when needed: 404, and Access Denied or an error.
  defaultNotFoundComponent: lazyRouteComponent(() => import('./components/ui/not-found.tsx'), 'NotFound'),
  defaultErrorComponent: lazyRouteComponent(() => import('./components/ui/route-error.tsx'), 'RouteError'),
  // Loaders always run and react-query decides whether to fetch (TanStack Router's advice with an external cache).
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

captureInstallPrompt();

// Who is signed in decides what `/` and every signed-in screen show: ask now, while the route's code
// downloads, rather than when the router starts (its beforeLoad and loaders then find the request).
void queryClient.prefetchQuery(currentUserQueryOptions());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
