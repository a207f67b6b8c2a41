import { QueryClientProvider } from '@tanstack/react-query';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { captureInstallPrompt } from './components/pwa/install-prompt.ts';
import { LoadingScreen } from './components/ui/loading-screen.tsx';
import { NotFound } from './components/ui/not-found.tsx';
import { CURRENT_USER_KEY, fetchCurrentUser } from './features/auth/use-current-user.ts';
import { queryClient } from './lib/query-client.ts';
import { routeTree } from './routeTree.gen.ts';
import './styles.css';

const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  defaultPendingComponent: () => <LoadingScreen />,
  defaultNotFoundComponent: NotFound,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

captureInstallPrompt();

// Who is signed in decides what `/` and every signed-in screen show: ask now, while the route's code
// downloads, rather than after it has run (useCurrentUser then finds the answer, or the request, cached).
void queryClient.prefetchQuery({ queryKey: CURRENT_USER_KEY, queryFn: ({ signal }) => fetchCurrentUser(signal), meta: { allowSignedOut: true } });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
