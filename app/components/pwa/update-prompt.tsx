// Registers the service worker and, when a new version is waiting, asks before swapping
// (registerType 'prompt': never a silent reload under someone's feet).
import { RefreshCw, X } from 'lucide-react';
import { useRegisterSW } from 'virtual:pwa-register/react';

const UPDATE_CHECK_MS = 60 * 60 * 1000;

export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      // Long-lived tabs (an installed app stays open for days) still learn about new versions.
      if (registration) setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
    },
  });
  if (!needRefresh) return null;
  return (
    <div className="toast toast-center toast-top z-50 w-full max-w-sm sm:toast-end sm:toast-bottom">
      <div role="status" className="alert border border-base-300 bg-base-100 shadow-lg">
        <RefreshCw className="size-5 text-primary" aria-hidden="true" />
        <span className="text-sm">New version available</span>
        <div className="flex gap-1">
          <button type="button" className="btn btn-primary btn-sm" onClick={() => void updateServiceWorker(true)}>
            Reload
          </button>
          <button type="button" className="btn btn-ghost btn-sm btn-square" aria-label="Later" onClick={() => setNeedRefresh(false)}>
            <X className="size-4" aria-hidden="true" />
          </button>
        </div>
      </div>
    </div>
  );
}
