// Online or offline, and for a new hire offline, how many changes wait: the top bar's connection badge.
// Online, it also says whether other people's changes arrive live (the change stream is open).
import { CloudOff, Wifi } from 'lucide-react';
import { useChangeStreamStatus, type StreamStatus } from '../../lib/change-stream.ts';

const LIVE_LABELS: Record<StreamStatus, { label: string; title: string }> = {
  connecting: { label: 'Online', title: 'Online' },
  open: { label: 'Live', title: 'Online: changes other people make appear as they happen' },
  down: { label: 'Reconnecting…', title: 'Online, reconnecting: changes other people make may take up to a minute to appear' },
};

export function OnlineBadge({ online, pending = 0 }: { online: boolean; pending?: number }) {
  if (!online) {
    return (
      <span role="status" className="badge badge-warning gap-1 whitespace-nowrap" title="You are offline. Changes are saved on this device and sync when you are back online.">
        <CloudOff className="size-3.5" aria-hidden="true" /> Offline
        {pending > 0 && <span>· {pending} to sync</span>}
      </span>
    );
  }
  return <LiveBadge />;
}

function LiveBadge() {
  const status = useChangeStreamStatus();
  return (
    <span role="status" className="badge badge-ghost gap-1 whitespace-nowrap text-base-content/70" title={LIVE_LABELS[status].title}>
      <Wifi className="size-3.5" aria-hidden="true" />
      {/* Every label in one grid cell, the others invisible: the badge is as wide as the longest, so nothing moves when it changes. */}
      <span className="grid max-sm:sr-only">
        {Object.entries(LIVE_LABELS).map(([key, { label }]) => (
          <span key={key} className={`col-start-1 row-start-1 ${key === status ? '' : 'invisible'}`}>
            {label}
          </span>
        ))}
      </span>
    </span>
  );
}
