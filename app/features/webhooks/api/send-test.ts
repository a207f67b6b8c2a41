// POST /api/webhooks/:id/test (admins): a `webhook.test` event sent at once; answers its delivery.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookDeliveryView } from '../../../../shared/webhooks.ts';
import { client, json } from '../../../lib/typed-client.ts';
import { deliveriesKey } from './get-deliveries.ts';
import { WEBHOOKS_KEY } from './get-webhooks.ts';

export const sendTest = (endpointId: string): Promise<WebhookDeliveryView> => json(client.api.webhooks[':id'].test.$post({ param: { id: endpointId } }));

export function useSendTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTest,
    onSuccess: (_delivery, endpointId) =>
      Promise.all([queryClient.invalidateQueries({ queryKey: deliveriesKey(endpointId) }), queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY, exact: true })]),
  });
}
