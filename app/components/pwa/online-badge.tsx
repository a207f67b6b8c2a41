// Online or offline, and for a new hire offline, how many changes wait: the top bar's connection badge.
import { CloudOff, Wifi } from 'lucide-react';

export function OnlineBadge({ online, pending = 0 }: { online: boolean; pending?: number }) {
  if (!online) {
    return (
      <span role="status" className="badge badge-warning gap-1 whitespace-nowrap" title="You are offline. Changes are saved on this device and sync when you are back online.">
        <CloudOff className="size-3.5" aria-hidden="true" /> Offline
        {pending > 0 && <span>· {pending} to sync</span>}
      </span>
    );
  }
  return (
    <span role="status" className="badge badge-ghost gap-1 whitespace-nowrap text-base-content/70" title="Online">
      <Wifi className="size-3.5" aria-hidden="true" />
      <span className="max-sm:sr-only">Online</span>
    </span>
  );
}
