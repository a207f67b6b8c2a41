// GET /api/messages/{planId}: one plan's conversation for staff screens, loaded once on open, then
// read again with ?after= for what is new: on a poke, and by polling as the fallback (every 3 s
// while the change stream is down, else every 60 s).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CONVERSATION_FALLBACK_POLL_MS, FALLBACK_POLL_MS } from '../../../../shared/events.ts';
import type { Message } from '../../../../shared/messages.ts';
import { useChangeStreamStatus } from '../../../lib/change-stream.ts';
import { client, json } from '../../../lib/typed-client.ts';

/** Prefixes every conversation's key. */
export const CONVERSATIONS_KEY = ['conversation'];
export const conversationKey = (planId: string) => [...CONVERSATIONS_KEY, planId];

/** Oldest first, each message once (a poll and a send can both bring the same one). */
export function mergeMessages(current: Message[], incoming: Message[]): Message[] {
  const byId = new Map(current.map((message) => [message.id, message]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}

export const getConversation = (planId: string, after: string | undefined, signal?: AbortSignal): Promise<Message[]> =>
  json(client.api.messages[':planId'].$get({ param: { planId }, query: after ? { after } : {} }, { init: { signal } }));

export function useConversation(planId: string, open: boolean) {
  const queryClient = useQueryClient();
  const streamOpen = useChangeStreamStatus() === 'open';
  const key = conversationKey(planId);
  return useQuery<Message[]>({
    queryKey: key,
    enabled: open,
    staleTime: 0,
    // Forget the thread once closed, so reopening starts from a full read.
    gcTime: 0,
    refetchInterval: open ? (streamOpen ? FALLBACK_POLL_MS : CONVERSATION_FALLBACK_POLL_MS) : false,
    queryFn: async ({ signal }) => {
      const current = queryClient.getQueryData<Message[]>(key);
      const last = current?.at(-1)?.createdAt;
      if (!current || !last) return getConversation(planId, undefined, signal);
      const newer = await getConversation(planId, last, signal);
      return newer.length > 0 ? mergeMessages(current, newer) : current;
    },
  });
}
