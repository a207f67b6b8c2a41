// PUT /api/notifications/preferences: the whole record at once. The screen shows the change before the
// answer (a switch that waits feels broken) and puts the last known record back if it is refused.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreferences } from '../../../../shared/notifications.ts';
import { client, json } from '../../../lib/typed-client.ts';
import { NOTIFICATION_PREFERENCES_KEY } from './get-preferences.ts';

export const updateNotificationPreferences = (preferences: NotificationPreferences): Promise<NotificationPreferences> =>
  json(client.api.notifications.preferences.$put({ json: preferences }));

export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: NOTIFICATION_PREFERENCES_KEY,
    mutationFn: updateNotificationPreferences,
    onMutate: async (next) => {
      await queryClient.cancelQueries({ queryKey: NOTIFICATION_PREFERENCES_KEY });
      const previous = queryClient.getQueryData<NotificationPreferences>(NOTIFICATION_PREFERENCES_KEY);
      queryClient.setQueryData(NOTIFICATION_PREFERENCES_KEY, next);
      return { previous };
    },
    onError: (_error, _next, context) => {
      if (context?.previous) queryClient.setQueryData(NOTIFICATION_PREFERENCES_KEY, context.previous);
    },
    onSuccess: (saved) => {
      // A later flip still on its way is newer than this answer: its own answer settles the record.
      if (queryClient.isMutating({ mutationKey: NOTIFICATION_PREFERENCES_KEY }) <= 1) queryClient.setQueryData(NOTIFICATION_PREFERENCES_KEY, saved);
    },
  });
}
