// Page furniture no first paint needs: the floating support button and the service worker with its
// update prompt. Loaded lazily from the root route once the first screen is painted, so the tooltip
// and the registration stay out of the entry chunk every first visit downloads.
import { SupportButton } from '../../features/site/support-button.tsx';
import { UpdatePrompt } from '../../components/pwa/update-prompt.tsx';

export default function DeferredChrome() {
  return (
    <>
      <SupportButton />
      <UpdatePrompt />
    </>
  );
}
