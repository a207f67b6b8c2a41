// DELETE /api/api-keys/:id (admins): the key stops working at once; the list keeps it, marked revoked.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiKeyView } from '../../../../shared/api-keys.ts';
import { client, json } from '../../../lib/typed-client.ts';
import { API_KEYS_KEY } from './get-api-keys.ts';

export const revokeApiKey = (id: string): Promise<ApiKeyView> => json(client.api['api-keys'][':id'].$delete({ param: { id } }));

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: (revoked) => queryClient.setQueryData<ApiKeyView[]>(API_KEYS_KEY, (keys) => keys?.map((key) => (key.id === revoked.id ? revoked : key))),
  });
}
