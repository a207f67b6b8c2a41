// GET /api/notifications/preferences: which kinds of reminder the signed-in person gets (profile screen).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationPreferences } from '../../../../shared/notifications.ts';
import { client, json } from '../../../lib/typed-client.ts';

export const NOTIFICATION_PREFERENCES_KEY = ['/api/notifications/preferences'] as const;

export const getNotificationPreferences = (signal?: AbortSignal): Promise<NotificationPreferences> =>
  json(client.api.notifications.preferences.$get(undefined, { init: { signal } }));

export const notificationPreferencesQueryOptions = () => queryOptions({ queryKey: NOTIFICATION_PREFERENCES_KEY, queryFn: ({ signal }) => getNotificationPreferences(signal) });

export function useNotificationPreferences() {
  return useQuery(notificationPreferencesQueryOptions());
}
