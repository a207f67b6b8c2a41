// The toast viewport (sonner), loaded with the first toast (lib/notify.ts asks for it): most visits
// raise none, so its 9 KiB gzip are no part of a first visit.
import { useSyncExternalStore, type CSSProperties } from 'react';
import { Toaster as SonnerToaster } from 'sonner';
import { useSupportChatLink } from '../../features/site/support-button.tsx';

// Spec section 9: the toast viewport is at most 420 px wide on medium screens and up.
const TOASTER_STYLE = { '--width': '420px' } as CSSProperties;

// Below the app's top bar (4 rem), so a toast hides neither its links nor the account menu.
const WIDE_OFFSET = { top: '4.75rem' };
// Where sonner stops laying toasts out full width (its own breakpoint).
const WIDE = typeof window === 'undefined' ? null : window.matchMedia('(min-width: 600px)');
const subscribeToWidth = (onChange: () => void) => {
  WIDE?.addEventListener('change', onChange);
  return () => WIDE?.removeEventListener('change', onChange);
};
const isWide = () => WIDE?.matches ?? true;

export default function Toaster() {
  // On wider screens toasts come in at the top centre, under the top bar: at the bottom right they
  // covered the button a form's next step puts there (Assign Plan, right after "Invitation sent", on a
  // 1280x720 screen) for their 5 s. On phones they stay at the bottom, full width, within reach of the
  // thumb, above the floating support button when it is shown, so neither hides the other.
  const wide = useSyncExternalStore(subscribeToWidth, isWide, () => true);
  const supportShown = useSupportChatLink() !== null;
  const mobileOffset = supportShown ? { bottom: '5rem' } : undefined;
  // Spec section 9: one toast at a time, 5 s, swipe right to dismiss, F8 focuses the viewport.
  // The spec's 50 px swipe has no option: sonner 2 dismisses at its fixed 45 px (SWIPE_THRESHOLD, or a fast flick).
  return (
    <SonnerToaster
      visibleToasts={1}
      duration={5000}
      hotkey={['F8']}
      swipeDirections={['right']}
      position={wide ? 'top-center' : 'bottom-center'}
      theme="system"
      richColors
      closeButton
      style={TOASTER_STYLE}
      // Given, so sonner does not read the page's direction with getComputedStyle at each render,
      // which made the page work out its styles again inside the next tick's click (issue 20).
      dir="ltr"
      offset={WIDE_OFFSET}
      mobileOffset={mobileOffset}
    />
  );
}
