// POST /api/messages: a message from staff in a plan's conversation; the answer joins the open thread.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Message, SendMessageInput } from '../../../../shared/messages.ts';
import { client, json } from '../../../lib/typed-client.ts';
import { conversationKey, mergeMessages } from './get-conversation.ts';

export const sendMessage = (input: SendMessageInput): Promise<Message> => json(client.api.messages.$post({ json: input }));

export function useSendMessage(planId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<SendMessageInput, 'planId'>) => sendMessage({ ...input, planId }),
    onSuccess: (message) => {
      queryClient.setQueryData<Message[]>(conversationKey(planId), (current) => mergeMessages(current ?? [], [message]));
    },
  });
}
