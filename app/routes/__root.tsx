import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { useIdleAfterMount } from '../lib/idle.ts';
import { isToastRequested, subscribeToastRequests } from '../lib/notify.ts';

// The support button and the service worker arrive once the first screen is painted and the main
// thread is free (see deferred-chrome.tsx), so they never compete with it for the network or the CPU.
const DeferredChrome = lazy(() => import('./-components/deferred-chrome.tsx'));
// The toast viewport arrives with the first toast (sonner replays it when the Toaster subscribes).
const Toaster = lazy(() => import('./-components/toaster.tsx'));

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  component: RootLayout,
});

function RootLayout() {
  const idle = useIdleAfterMount();
  const toastRequested = useSyncExternalStore(subscribeToastRequests, isToastRequested, () => false);
  return (
    <>
      <Outlet />
      {idle && (
        <Suspense fallback={null}>
          <DeferredChrome />
        </Suspense>
      )}
      {toastRequested && (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
    </>
  );
}
