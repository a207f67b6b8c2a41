// POST /api/api-keys (admins): a new key, whose answer holds the whole key this once.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiKeyView, CreatedApiKey, CreateApiKeyInput } from '../../../../shared/api-keys.ts';
import { client, json } from '../../../lib/typed-client.ts';
import { API_KEYS_KEY } from './get-api-keys.ts';

export const createApiKey = (input: CreateApiKeyInput): Promise<CreatedApiKey> => json(client.api['api-keys'].$post({ json: input }));

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    // The list never holds the key itself: only what GET /api/api-keys would answer.
    onSuccess: ({ key: _key, ...view }) => queryClient.setQueryData<ApiKeyView[]>(API_KEYS_KEY, (keys) => [view, ...(keys ?? [])]),
  });
}
