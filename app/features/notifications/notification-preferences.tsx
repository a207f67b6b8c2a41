// The profile's Notifications section: one switch per kind of reminder, saved as it is flipped, and
// the push switch of this device.
import { Bell, CircleCheck } from 'lucide-react';
import { NOTIFICATION_KIND_LABELS, NOTIFICATION_KINDS, type NotificationKind, type NotificationPreferences } from '../../../shared/notifications.ts';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { notifyError } from '../../lib/notify.ts';
import { useNotificationPreferences } from './api/get-preferences.ts';
import { useUpdateNotificationPreferences } from './api/update-preferences.ts';
import { PushToggle } from './push-toggle.tsx';
import { SectionLoading } from '../../components/ui/section-loading.tsx';
import { SwitchRow } from '../../components/forms/switch-row.tsx';

const SAVE_FAILED = 'Could not save your notification settings';

export function NotificationPreferencesSection() {
  const preferences = useNotificationPreferences();
  const update = useUpdateNotificationPreferences();

  function onToggle(current: NotificationPreferences, kind: NotificationKind, enabled: boolean) {
    update.mutate({ ...current, [kind]: enabled }, { onError: (error) => notifyError(error, SAVE_FAILED) });
  }

  return (
    <section className="card bg-base-100 shadow-sm" aria-labelledby="profile-notifications">
      <div className="card-body">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="profile-notifications" className="card-title">
            <Bell className="size-5 text-primary" aria-hidden="true" /> Notifications
          </h2>
          <p role="status" className="flex items-center gap-1.5 text-sm text-base-content/70">
            {update.isPending ? (
              'Saving...'
            ) : update.isSuccess ? (
              <>
                <CircleCheck className="size-4 text-success" aria-hidden="true" /> Saved
              </>
            ) : null}
          </p>
        </div>
        <p className="text-sm text-base-content/70">
          Choose the reminders you get. Every reminder mail also has a link to turn its kind off. Account mails (verification, password) always go.
        </p>
        {preferences.isPending ? (
          <SectionLoading label="Loading your notification settings..." />
        ) : preferences.isError ? (
          <ErrorState error={preferences.error} title="Could not load your notification settings" onRetry={() => void preferences.refetch()} />
        ) : (
          <ul className="divide-y divide-base-200">
            {NOTIFICATION_KINDS.map((kind) => (
              <SwitchRow
                as="li"
                key={kind}
                label={NOTIFICATION_KIND_LABELS[kind].label}
                description={NOTIFICATION_KIND_LABELS[kind].description}
                checked={preferences.data[kind]}
                onChange={(enabled) => onToggle(preferences.data, kind, enabled)}
              />
            ))}
          </ul>
        )}
        <div className="border-t border-base-200 pt-3">
          <PushToggle />
        </div>
      </div>
    </section>
  );
}
