import { Download } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { canInstall, promptInstall, subscribeInstallPrompt } from './install-prompt.ts';

/** 'Install app', shown only where the browser offers installation. */
export function InstallButton({ className = 'btn btn-ghost btn-sm' }: { className?: string }) {
  const available = useSyncExternalStore(subscribeInstallPrompt, canInstall, () => false);
  if (!available) return null;
  return (
    <button type="button" className={className} onClick={() => void promptInstall()}>
      <Download className="size-4" aria-hidden="true" />
      <span className="hidden sm:inline">Install app</span>
      <span className="sm:hidden">Install</span>
    </button>
  );
}
