// GET /api/webhooks/:id/deliveries (admins): an endpoint's delivery log, newest first, 50 a page.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { WebhookDeliveryPage } from '../../../../shared/webhooks.ts';
import { client, json } from '../../../lib/typed-client.ts';

export const deliveriesKey = (endpointId: string) => ['/api/webhooks', endpointId, 'deliveries'] as const;

const DELIVERIES_REFRESH_MS = 10_000;

export const getDeliveries = (endpointId: string, before: string | undefined, signal?: AbortSignal): Promise<WebhookDeliveryPage> =>
  json(client.api.webhooks[':id'].deliveries.$get({ param: { id: endpointId }, query: before ? { before } : {} }, { init: { signal } }));

export const deliveriesQueryOptions = (endpointId: string) =>
  infiniteQueryOptions({
    queryKey: deliveriesKey(endpointId),
    queryFn: ({ pageParam, signal }) => getDeliveries(endpointId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next ?? undefined,
  });

export function useDeliveries(endpointId: string) {
  return useInfiniteQuery({ ...deliveriesQueryOptions(endpointId), refetchInterval: DELIVERIES_REFRESH_MS });
}
