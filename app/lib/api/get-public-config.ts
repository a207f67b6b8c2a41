// GET /api/public-config: the support address, WhatsApp number and PayHere mode, fetched once per visit.
// A small store rather than a react-query query: the prerendered public pages (app/site.tsx) read it
// without the query client, and the answer does not change during a visit.
import { useSyncExternalStore } from 'react';
import type { InferResponseType } from 'hono/client';
import { apiRequest } from '../api-client.ts';
import type { client } from '../typed-client.ts';

/** Typed from the route; fetched without the typed client, whose runtime stays out of the first page. */
type PublicConfigResponse = InferResponseType<(typeof client.api)['public-config']['$get'], 200>;

const getPublicConfig = (signal?: AbortSignal) => apiRequest<PublicConfigResponse>('/api/public-config', { signal });

let config: PublicConfigResponse | undefined;
let request: Promise<PublicConfigResponse> | undefined;
const listeners = new Set<() => void>();

/** The public config, asked for once per visit (again after a failure: offline, the next caller retries). */
export function loadPublicConfig(): Promise<PublicConfigResponse> {
  request ??= getPublicConfig().then(
    (answer) => {
      config = answer;
      for (const notify of listeners) notify();
      return answer;
    },
    (error: unknown) => {
      request = undefined;
      throw error;
    },
  );
  return request;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // A failure leaves `data` undefined: the screen shows what it shows without the config.
  loadPublicConfig().catch(() => undefined);
  return () => void listeners.delete(listener);
}

/** `data` is undefined until the answer arrives (and while prerendering). */
export function usePublicConfig(): { data: PublicConfigResponse | undefined } {
  return {
    data: useSyncExternalStore(
      subscribe,
      () => config,
      () => undefined,
    ),
  };
}
