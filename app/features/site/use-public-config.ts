// The public configuration (support address, WhatsApp number, PayHere mode), fetched once per visit.
import { useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '../../../shared/site.ts';
import { api } from '../../lib/api-client.ts';

export const PUBLIC_CONFIG_KEY = ['/api/public-config'];

export function usePublicConfig() {
  return useQuery({
    queryKey: PUBLIC_CONFIG_KEY,
    queryFn: ({ signal }) => api.get<PublicConfig>('/api/public-config', signal),
    meta: { allowSignedOut: true },
  });
}
