// DELETE /api/webhooks/:id (admins): the endpoint and its delivery log.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookEndpointView } from '../../../../shared/webhooks.ts';
import { client } from '../../../lib/typed-client.ts';
import { WEBHOOKS_KEY } from './get-webhooks.ts';

export const deleteWebhook = async (id: string): Promise<void> => {
  await client.api.webhooks[':id'].$delete({ param: { id } });
};

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhook,
    onSuccess: (_nothing, id) => queryClient.setQueryData<WebhookEndpointView[]>(WEBHOOKS_KEY, (endpoints) => endpoints?.filter((endpoint) => endpoint.id !== id)),
  });
}
