// GET /api/messages/unread: the unread-messages badge, read again on a poke (routes/-components/use-change-refresh.ts)
// and every 60 s as the fallback.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { FALLBACK_POLL_MS } from '../../../../shared/events.ts';
import type { UnreadCounts } from '../../../../shared/messages.ts';
import { client, json } from '../../../lib/typed-client.ts';

export const UNREAD_MESSAGES_KEY = ['/api/messages/unread'];

export const getUnreadMessages = (signal?: AbortSignal): Promise<UnreadCounts> => json(client.api.messages.unread.$get(undefined, { init: { signal } }));

export const unreadMessagesQueryOptions = () =>
  queryOptions({ queryKey: UNREAD_MESSAGES_KEY, queryFn: ({ signal }) => getUnreadMessages(signal), staleTime: 0, refetchInterval: FALLBACK_POLL_MS });

export function useUnreadMessages() {
  return useQuery(unreadMessagesQueryOptions());
}
