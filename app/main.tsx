import { QueryClientProvider } from '@tanstack/react-query';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { captureInstallPrompt } from './components/pwa/install-prompt.ts';
import { UpdatePrompt } from './components/pwa/update-prompt.tsx';
import { LoadingScreen } from './components/ui/loading-screen.tsx';
import { NotFound } from './components/ui/not-found.tsx';
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

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <UpdatePrompt />
    </QueryClientProvider>
  </StrictMode>,
);
