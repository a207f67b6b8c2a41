// POST /api/webhooks/:id/deliveries/:deliveryId/resend (admins): the same payload and webhook-id, sent now.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookDeliveryView } from '../../../../shared/webhooks.ts';
import { client, json } from '../../../lib/typed-client.ts';
import { deliveriesKey } from './get-deliveries.ts';
import { WEBHOOKS_KEY } from './get-webhooks.ts';

export const resendDelivery = ({ endpointId, deliveryId }: { endpointId: string; deliveryId: string }): Promise<WebhookDeliveryView> =>
  json(client.api.webhooks[':id'].deliveries[':deliveryId'].resend.$post({ param: { id: endpointId, deliveryId } }));

export function useResendDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendDelivery,
    onSuccess: (_delivery, { endpointId }) =>
      Promise.all([queryClient.invalidateQueries({ queryKey: deliveriesKey(endpointId) }), queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY, exact: true })]),
  });
}
