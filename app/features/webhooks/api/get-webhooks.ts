// GET /api/webhooks (admins): the company's webhook and chat endpoints, each with its newest delivery.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WebhookEndpointView } from '../../../../shared/webhooks.ts';
import { FRESH_AFTER_LOAD_MS } from '../../../lib/query-client.ts';
import { client, json } from '../../../lib/typed-client.ts';

export const WEBHOOKS_KEY = ['/api/webhooks'] as const;

/** Deliveries go out every few seconds to a minute: the list reads again at this pace while it is open. */
const WEBHOOKS_REFRESH_MS = 15_000;

export const getWebhooks = (signal?: AbortSignal): Promise<WebhookEndpointView[]> => json(client.api.webhooks.$get(undefined, { init: { signal } }));

export const webhooksQueryOptions = () => queryOptions({ queryKey: WEBHOOKS_KEY, queryFn: ({ signal }) => getWebhooks(signal), staleTime: FRESH_AFTER_LOAD_MS });

export function useWebhooks() {
  return useQuery({ ...webhooksQueryOptions(), refetchInterval: WEBHOOKS_REFRESH_MS });
}
