// GET /api/api-keys (admins): the company's API keys (name, scope, first characters, created, last used, revoked).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiKeyView } from '../../../../shared/api-keys.ts';
import { FRESH_AFTER_LOAD_MS } from '../../../lib/query-client.ts';
import { client, json } from '../../../lib/typed-client.ts';

export const API_KEYS_KEY = ['/api/api-keys'] as const;

export const getApiKeys = (signal?: AbortSignal): Promise<ApiKeyView[]> => json(client.api['api-keys'].$get(undefined, { init: { signal } }));

export const apiKeysQueryOptions = () => queryOptions({ queryKey: API_KEYS_KEY, queryFn: ({ signal }) => getApiKeys(signal), staleTime: FRESH_AFTER_LOAD_MS });

export function useApiKeys() {
  return useQuery(apiKeysQueryOptions());
}
