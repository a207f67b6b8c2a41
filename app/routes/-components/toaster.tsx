// The toast viewport (sonner), loaded with the first toast (lib/notify.ts asks for it): most visits
// raise none, so its 9 KiB gzip are no part of a first visit.
import type { CSSProperties } from 'react';
import { Toaster as SonnerToaster } from 'sonner';
import { useSupportChatLink } from '../../features/site/support-button.tsx';

// Spec section 9: the toast viewport is at most 420 px wide on medium screens and up.
const TOASTER_STYLE = { '--width': '420px' } as CSSProperties;

export default function Toaster() {
  // Toasts sit above the floating support button when it is shown, so neither hides the other.
  const supportShown = useSupportChatLink() !== null;
  const offset = supportShown ? { bottom: '6rem', right: '1.5rem' } : undefined;
  const mobileOffset = supportShown ? { bottom: '5rem' } : undefined;
  // Spec section 9: one toast at a time, 5 s, swipe right to dismiss, F8 focuses the viewport.
  // The spec's 50 px swipe has no option: sonner 2 dismisses at its fixed 45 px (SWIPE_THRESHOLD, or a fast flick).
  return (
    <SonnerToaster
      visibleToasts={1}
      duration={5000}
      hotkey={['F8']}
      swipeDirections={['right']}
      position="bottom-right"
      theme="system"
      richColors
      closeButton
      style={TOASTER_STYLE}
      // Given, so sonner does not read the page's direction with getComputedStyle at each render,
      // which made the page work out its styles again inside the next tick's click (issue 20).
      dir="ltr"
      offset={offset}
      mobileOffset={mobileOffset}
    />
  );
}
