// The app's router, made in one place for the browser (main.tsx) and for prerendering (prerender.tsx).
import { createRouter, lazyRouteComponent, type RouterHistory } from '@tanstack/react-router';
import { LoadingScreen } from './components/ui/loading-screen.tsx';
import { queryClient } from './lib/query-client.ts';
import { routeTree } from './routeTree.gen.ts';

/** `history`: the browser's by default; prerendering passes a memory history at the page's path. */
export function createAppRouter(history?: RouterHistory) {
  return createRouter({
    routeTree,
    ...(history ? { history } : {}),
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
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
