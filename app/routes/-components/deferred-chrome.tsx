// Page furniture no first paint needs: the toast viewport, the floating support button and the
// service worker's update prompt. Loaded lazily from the root route, so sonner, the tooltip and the
// PWA registration stay out of the entry chunk every first visit downloads.
import type { CSSProperties } from 'react';
import { Toaster } from 'sonner';
import { SupportButton, useSupportChatLink } from '../../features/site/support-button.tsx';
import { UpdatePrompt } from '../../components/pwa/update-prompt.tsx';

// Spec section 9: the toast viewport is at most 420 px wide on medium screens and up.
const TOASTER_STYLE = { '--width': '420px' } as CSSProperties;

export default function DeferredChrome() {
  // Toasts sit above the floating support button when it is shown, so neither hides the other.
  const supportShown = useSupportChatLink() !== null;
  const offset = supportShown ? { bottom: '6rem', right: '1.5rem' } : undefined;
  const mobileOffset = supportShown ? { bottom: '5rem' } : undefined;
  return (
    <>
      <SupportButton />
      {/* Spec section 9: one toast at a time, 5 s, swipe right to dismiss, F8 focuses the viewport.
          The spec's 50 px swipe has no option: sonner 2 dismisses at its fixed 45 px (SWIPE_THRESHOLD, or a fast flick). */}
      <Toaster
        visibleToasts={1}
        duration={5000}
        hotkey={['F8']}
        swipeDirections={['right']}
        position="bottom-right"
        theme="system"
        richColors
        closeButton
        style={TOASTER_STYLE}
        offset={offset}
        mobileOffset={mobileOffset}
      />
      <UpdatePrompt />
    </>
  );
}
