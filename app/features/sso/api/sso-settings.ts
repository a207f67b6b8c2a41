// /api/sso (admins): the company's single sign-on set-up, read and changed; the admin's test sign-in.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SsoConnectionInput, SsoOptions, SsoSettings } from '../../../../shared/sso.ts';
import { FRESH_AFTER_LOAD_MS } from '../../../lib/query-client.ts';
import { client, json } from '../../../lib/typed-client.ts';

export const SSO_KEY = ['/api/sso'] as const;

export const getSso = (signal?: AbortSignal): Promise<SsoSettings | null> => json(client.api.sso.$get(undefined, { init: { signal } }));
export const ssoQueryOptions = () => queryOptions({ queryKey: SSO_KEY, queryFn: ({ signal }) => getSso(signal), staleTime: FRESH_AFTER_LOAD_MS });

export function useSso() {
  return useQuery(ssoQueryOptions());
}

/** Each change answers the whole set-up: it replaces what the panel shows. */
function useSsoChange<Input>(call: (input: Input) => Promise<SsoSettings | null>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: (settings) => queryClient.setQueryData(SSO_KEY, settings) });
}

export const useSaveSsoConnection = () => useSsoChange((input: SsoConnectionInput) => json(client.api.sso.$put({ json: input })));
export const useUpdateSsoOptions = () => useSsoChange((input: SsoOptions) => json(client.api.sso.$patch({ json: input })));
export const useRemoveSso = () =>
  useSsoChange(async () => {
    await client.api.sso.$delete();
    return null;
  });

/** The provider's sign-in page for the admin's test; the browser goes there and comes back to company settings. */
export function useTestSso() {
  return useMutation({ mutationFn: (): Promise<{ redirectUrl: string }> => json(client.api.sso.test.$post()) });
}
