// POST /api/webhooks (admins): a new endpoint; its answer holds the signing secret.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookEndpointCreateInput, WebhookEndpointView } from '../../../../shared/webhooks.ts';
import { client, json } from '../../../lib/typed-client.ts';
import { WEBHOOKS_KEY } from './get-webhooks.ts';

export const createWebhook = (input: WebhookEndpointCreateInput): Promise<WebhookEndpointView> => json(client.api.webhooks.$post({ json: input }));

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhook,
    onSuccess: (created) => queryClient.setQueryData<WebhookEndpointView[]>(WEBHOOKS_KEY, (endpoints) => [...(endpoints ?? []), created]),
  });
}
