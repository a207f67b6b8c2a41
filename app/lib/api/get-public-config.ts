// GET /api/public-config: the support address, WhatsApp number and PayHere mode, fetched once per visit.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { apiRequest } from '../api-client.ts';
import type { client } from '../typed-client.ts';

/** Typed from the route; fetched without the typed client, whose runtime stays out of the first page. */
type PublicConfigResponse = InferResponseType<(typeof client.api)['public-config']['$get'], 200>;

export const getPublicConfig = (signal?: AbortSignal) => apiRequest<PublicConfigResponse>('/api/public-config', { signal });

export const publicConfigQueryOptions = () => queryOptions({ queryKey: ['/api/public-config'], queryFn: ({ signal }) => getPublicConfig(signal), meta: { allowSignedOut: true } });

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions());
}
