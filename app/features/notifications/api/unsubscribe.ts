// POST /api/notifications/unsubscribe?token=…: turns the kind off for the person the link was made for.
// Works signed out; a second click changes nothing.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UnsubscribeResult } from '../../../../shared/notifications.ts';
import { client, json } from '../../../lib/typed-client.ts';
import { NOTIFICATION_PREFERENCES_KEY } from './get-preferences.ts';

export const unsubscribe = (token: string): Promise<UnsubscribeResult> => json(client.api.notifications.unsubscribe.$post({ query: { token } }));

export function useUnsubscribe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unsubscribe,
    meta: { allowSignedOut: true },
    // The same person may have the profile open in this browser: it reads their switches again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTIFICATION_PREFERENCES_KEY }),
  });
}
