// The switch for Web Push on this device (the profile's Notifications section): replies and reminders
// appear here even when Kickoff is closed. Says why it cannot be turned on when it cannot.
import { useEffect, useId, useState } from 'react';
import { notifyError } from '../../lib/notify.ts';
import { currentPushState, subscribeToPush, unsubscribeFromPush, type PushState } from './push-subscription.ts';

const HINTS: Record<PushState, string> = {
  on: 'Replies to your messages and your reminders appear on this device, even when Kickoff is closed.',
  off: 'Turn on to see replies to your messages and your reminders on this device, even when Kickoff is closed.',
  unsupported:
    'This browser cannot show notifications from Kickoff. On iPhone and iPad, add Kickoff to your Home Screen (Share, then Add to Home Screen) and turn this on in the app.',
  denied:
    'Notifications are blocked for Kickoff in this browser. Allow them in the site settings (the icon next to the address), or for the installed app in your device’s settings, then reload this page.',
};

export function PushToggle() {
  const id = useId();
  // null: the current state is still being read.
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    currentPushState()
      .then((read) => current && setState(read))
      .catch(() => current && setState('off'));
    return () => {
      current = false;
    };
  }, []);

  async function onChange(enable: boolean) {
    setBusy(true);
    try {
      setState(enable ? await subscribeToPush() : await unsubscribeFromPush());
    } catch (error) {
      notifyError(error, enable ? 'Could not turn on notifications on this device' : 'Could not turn off notifications on this device');
      setState(await currentPushState().catch(() => state));
    } finally {
      setBusy(false);
    }
  }

  const blocked = state === 'unsupported' || state === 'denied';
  const hint = state ? HINTS[state] : 'Checking this device...';
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="min-w-0">
        <label htmlFor={id} className="cursor-pointer font-medium">
          Notifications on this device
        </label>
        <p id={`${id}-hint`} className="text-sm text-base-content/70">
          {hint}
        </p>
      </div>
      <div className="mt-0.5 flex shrink-0 items-center gap-2">
        {(busy || state === null) && <span className="loading loading-spinner loading-xs text-primary" aria-hidden="true" />}
        <input
          id={id}
          type="checkbox"
          role="switch"
          className="toggle toggle-primary"
          checked={state === 'on'}
          disabled={busy || state === null || blocked}
          aria-busy={busy || state === null}
          aria-describedby={`${id}-hint`}
          onChange={(event) => void onChange(event.target.checked)}
        />
      </div>
    </div>
  );
}
