// POST /api/messages/{planId}/read: everything addressed to the viewer in this conversation is read;
// the unread badge refreshes when anything changed.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { client, json } from '../../../lib/typed-client.ts';
import { UNREAD_MESSAGES_KEY } from './get-unread-messages.ts';

export const markConversationRead = (planId: string): Promise<{ marked: number }> => json(client.api.messages[':planId'].read.$post({ param: { planId } }));

export function useMarkConversationRead(planId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => markConversationRead(planId),
    onSuccess: ({ marked }) => {
      if (marked > 0) void queryClient.invalidateQueries({ queryKey: UNREAD_MESSAGES_KEY });
    },
  });
}
