import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { isToastRequested, subscribeToastRequests } from '../lib/notify.ts';

// Toaster, support button and update prompt arrive once the first screen is painted and the main
// thread is free (see deferred-chrome.tsx), so they never compete with it for the network or the CPU;
// or at once when a toast is raised earlier (sonner replays it when the Toaster subscribes).
const DeferredChrome = lazy(() => import('./-components/deferred-chrome.tsx'));

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  component: RootLayout,
});

function RootLayout() {
  const idle = useIdleAfterMount();
  const toastRequested = useSyncExternalStore(subscribeToastRequests, isToastRequested);
  return (
    <>
      <Outlet />
      {(idle || toastRequested) && (
        <Suspense fallback={null}>
          <DeferredChrome />
        </Suspense>
      )}
    </>
  );
}

/** False until the browser is idle after the first render (at most 2 s; Safari has no requestIdleCallback). */
function useIdleAfterMount(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(() => setIdle(true), { timeout: 2000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = window.setTimeout(() => setIdle(true), 500);
    return () => window.clearTimeout(timer);
  }, []);
  return idle;
}
