// GET /api/public-config: the support address, WhatsApp number and PayHere mode, fetched once per visit.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '../../../shared/site.ts';
import { client, json } from '../api-client.ts';

export const getPublicConfig = (signal?: AbortSignal): Promise<PublicConfig> => json(client.api['public-config'].$get(undefined, { init: { signal } }));

export const publicConfigQueryOptions = () =>
  queryOptions({ queryKey: ['/api/public-config'], queryFn: ({ signal }) => getPublicConfig(signal), meta: { allowSignedOut: true } });

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions());
}
