// Registers the service worker and, when a new version is waiting, asks before swapping
// (registerType 'prompt': never a silent reload under someone's feet).
import { RefreshCw, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { registerWithUpdates } from './service-worker.ts';

export function UpdatePrompt() {
  const [activate, setActivate] = useState<(() => void) | null>(null);
  useEffect(() => registerWithUpdates((swap) => setActivate(() => swap)), []);
  if (!activate) return null;
  return (
    <div className="toast toast-center toast-top z-50 w-full max-w-sm sm:toast-end sm:toast-bottom">
      <div role="status" className="alert border border-base-300 bg-base-100 shadow-lg">
        <RefreshCw className="size-5 text-primary" aria-hidden="true" />
        <span className="text-sm">New version available</span>
        <div className="flex gap-1">
          <button type="button" className="btn btn-primary btn-sm" onClick={activate}>
            Reload
          </button>
          <button type="button" className="btn btn-ghost btn-sm btn-square" aria-label="Later" onClick={() => setActivate(null)}>
            <X className="size-4" aria-hidden="true" />
          </button>
        </div>
      </div>
    </div>
  );
}
