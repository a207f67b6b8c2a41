// GET /api/notifications/unsubscribe?token=…: what the link of a reminder mail would turn off, read
// before anything changes (a mail scanner following the link must not unsubscribe anyone). Signed out.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UnsubscribeResult } from '../../../../shared/notifications.ts';
import { client, json } from '../../../lib/typed-client.ts';

export const unsubscribeKey = (token: string) => ['/api/notifications/unsubscribe', token] as const;

export const getUnsubscribe = (token: string, signal?: AbortSignal): Promise<UnsubscribeResult> =>
  json(client.api.notifications.unsubscribe.$get({ query: { token } }, { init: { signal } }));

export const unsubscribeQueryOptions = (token: string) =>
  queryOptions({ queryKey: unsubscribeKey(token), queryFn: ({ signal }) => getUnsubscribe(token, signal), meta: { allowSignedOut: true } });

export function useUnsubscribePreview(token: string) {
  return useQuery(unsubscribeQueryOptions(token));
}
