// PATCH /api/webhooks/:id (admins): URL, events, description, or turning it off and back on.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookEndpointView } from '../../../../shared/webhooks.ts';
import { client, json } from '../../../lib/typed-client.ts';
import { WEBHOOKS_KEY } from './get-webhooks.ts';

type UpdateInput = Parameters<(typeof client.api.webhooks)[':id']['$patch']>[0]['json'];

export const updateWebhook = ({ id, ...input }: UpdateInput & { id: string }): Promise<WebhookEndpointView> =>
  json(client.api.webhooks[':id'].$patch({ param: { id }, json: input }));

export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWebhook,
    onSuccess: (updated) =>
      queryClient.setQueryData<WebhookEndpointView[]>(WEBHOOKS_KEY, (endpoints) => endpoints?.map((endpoint) => (endpoint.id === updated.id ? updated : endpoint))),
  });
}
