// The unread-messages badge: GET /api/messages/unread, refreshed every 15 s.
import { useQuery } from '@tanstack/react-query';
import type { UnreadCounts } from '../../../shared/messages.ts';

export const UNREAD_MESSAGES_KEY = ['/api/messages/unread'];
const UNREAD_REFRESH_MS = 15_000;

export function useUnreadMessages(enabled = true) {
  return useQuery<UnreadCounts>({
    queryKey: UNREAD_MESSAGES_KEY,
    enabled,
    staleTime: 0,
    refetchInterval: UNREAD_REFRESH_MS,
  });
}
