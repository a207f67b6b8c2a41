import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { Toaster } from 'sonner';

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  component: RootLayout,
});

function RootLayout() {
  return (
    <>
      <Outlet />
      {/* Spec section 9: one toast at a time, 5 s, swipe right to dismiss, F8 focuses the viewport. */}
      <Toaster visibleToasts={1} duration={5000} hotkey={['F8']} swipeDirections={['right']} position="bottom-right" theme="system" richColors closeButton />
    </>
  );
}
