// The passkey calls (issue 24), typed by the API's routes: the profile's own passkeys at
// /api/users/me/passkeys and signing in with one at /api/auth/passkey. The WebAuthn ceremonies between
// them run in the browser through @simplewebauthn/browser, loaded only when a ceremony starts.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuthenticationResponseJSON, PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON, RegistrationResponseJSON } from '@simplewebauthn/browser';
import type { PasskeySignInInput, PasskeyView, RegisterPasskeyInput } from '../../../shared/passkeys.ts';
import { FRESH_AFTER_LOAD_MS } from '../../lib/query-client.ts';
import { client, json } from '../../lib/typed-client.ts';

const { auth, users } = client.api;
const mine = users.me.passkeys;

export const PASSKEYS_KEY = ['/api/users/me/passkeys'] as const;

export const passkeysApi = {
  list: (signal?: AbortSignal): Promise<PasskeyView[]> => json(mine.$get(undefined, { init: { signal } })),
  registrationOptions: async () => (await json(mine.options.$post())) as unknown as PublicKeyCredentialCreationOptionsJSON,
  register: (input: RegisterPasskeyInput): Promise<PasskeyView> => json(mine.$post({ json: input })),
  rename: (id: string, name: string): Promise<PasskeyView> => json(mine[':id'].$patch({ param: { id }, json: { name } })),
  remove: (id: string) => json(mine[':id'].$delete({ param: { id } })),
  signInOptions: async () => (await json(auth.passkey.options.$post())) as unknown as PublicKeyCredentialRequestOptionsJSON,
  signIn: (response: AuthenticationResponseJSON) => json(auth.passkey.$post({ json: { response: response as unknown as PasskeySignInInput['response'] } })),
};

/** The browser's answers as the API's schemas take them (the same JSON, typed by two libraries). */
export const asRegistration = (response: RegistrationResponseJSON) => response as unknown as RegisterPasskeyInput['response'];

/** Whether this browser can run a WebAuthn ceremony at all (false during prerendering). */
export function browserSupportsPasskeys(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/** The person cancelled, or the browser's prompt timed out: nothing went wrong that a toast should shout about. */
export function isCancelled(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: string }).code;
  return error.name === 'NotAllowedError' || error.name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED';
}

export const passkeysQueryOptions = () => queryOptions({ queryKey: PASSKEYS_KEY, queryFn: ({ signal }) => passkeysApi.list(signal), staleTime: FRESH_AFTER_LOAD_MS });

export function usePasskeys() {
  return useQuery(passkeysQueryOptions());
}

export function useRenamePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => passkeysApi.rename(id, name),
    onSuccess: (renamed) => queryClient.setQueryData<PasskeyView[]>(PASSKEYS_KEY, (list) => list?.map((passkey) => (passkey.id === renamed.id ? renamed : passkey))),
  });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => passkeysApi.remove(id),
    onSuccess: (_answer, id) => queryClient.setQueryData<PasskeyView[]>(PASSKEYS_KEY, (list) => list?.filter((passkey) => passkey.id !== id)),
  });
}

/** Adds a passkey: the server's options, the browser's ceremony (the person touches their authenticator), the server's check. */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      const [{ startRegistration }, optionsJSON] = await Promise.all([import('@simplewebauthn/browser'), passkeysApi.registrationOptions()]);
      const response = await startRegistration({ optionsJSON });
      return passkeysApi.register({ name, response: asRegistration(response) });
    },
    onSuccess: (added) => queryClient.setQueryData<PasskeyView[]>(PASSKEYS_KEY, (list) => [...(list ?? []), added]),
  });
}

/** The authenticator already holds a passkey of this person for Kickoff (the options excluded it). */
export function isAlreadyRegistered(error: unknown): boolean {
  return error instanceof Error && ((error as { code?: string }).code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || error.name === 'InvalidStateError');
}
