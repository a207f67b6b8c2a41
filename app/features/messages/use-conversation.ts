// One plan's conversation for staff screens: loaded once on open, then polled every 3 s with ?after=.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Message, SendMessageInput } from '../../../shared/messages.ts';
import { api } from '../../lib/api-client.ts';
import { UNREAD_MESSAGES_KEY } from './use-unread-messages.ts';

export const CONVERSATION_POLL_MS = 3_000;

export const conversationKey = (planId: string) => ['conversation', planId];

/** Oldest first, each message once (a poll and a send can both bring the same one). */
export function mergeMessages(current: Message[], incoming: Message[]): Message[] {
  const byId = new Map(current.map((message) => [message.id, message]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}

export function useConversation(planId: string, open: boolean) {
  const queryClient = useQueryClient();
  const key = conversationKey(planId);
  return useQuery<Message[]>({
    queryKey: key,
    enabled: open,
    staleTime: 0,
    // Forget the thread once closed, so reopening starts from a full read.
    gcTime: 0,
    refetchInterval: open ? CONVERSATION_POLL_MS : false,
    queryFn: async ({ signal }) => {
      const path = `/api/messages/${encodeURIComponent(planId)}`;
      const current = queryClient.getQueryData<Message[]>(key);
      const last = current?.at(-1)?.createdAt;
      if (!current || !last) return api.get<Message[]>(path, signal);
      const newer = await api.get<Message[]>(`${path}?after=${encodeURIComponent(last)}`, signal);
      return newer.length > 0 ? mergeMessages(current, newer) : current;
    },
  });
}

export function useSendMessage(planId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<SendMessageInput, 'planId'>) => api.post<Message>('/api/messages', { ...input, planId }),
    onSuccess: (message) => {
      queryClient.setQueryData<Message[]>(conversationKey(planId), (current) => mergeMessages(current ?? [], [message]));
    },
  });
}

/** Marks everything addressed to the viewer in this conversation as read, then refreshes the badge. */
export function useMarkConversationRead(planId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ marked: number }>(`/api/messages/${encodeURIComponent(planId)}/read`),
    onSuccess: ({ marked }) => {
      if (marked > 0) void queryClient.invalidateQueries({ queryKey: UNREAD_MESSAGES_KEY });
    },
  });
}
