// GET /api/messages/unread: the unread-messages badge, refreshed every 15 s.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UnreadCounts } from '../../../../shared/messages.ts';
import { client, json } from '../../../lib/typed-client.ts';

export const UNREAD_MESSAGES_KEY = ['/api/messages/unread'];
const UNREAD_REFRESH_MS = 15_000;

export const getUnreadMessages = (signal?: AbortSignal): Promise<UnreadCounts> => json(client.api.messages.unread.$get(undefined, { init: { signal } }));

export const unreadMessagesQueryOptions = () =>
  queryOptions({ queryKey: UNREAD_MESSAGES_KEY, queryFn: ({ signal }) => getUnreadMessages(signal), staleTime: 0, refetchInterval: UNREAD_REFRESH_MS });

export function useUnreadMessages() {
  return useQuery(unreadMessagesQueryOptions());
}
