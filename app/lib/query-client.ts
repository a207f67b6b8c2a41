// Server state for the online screens. Spec section 7: a query's key is its URL (so a prefix finds
// every query of a resource), each request's file names its call; no retries, no refetch on focus,
// never stale unless a screen says so.
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ERROR_CODE } from '../../shared/errors.ts';
import { isUnauthorized } from './api-client.ts';
import { hasErrorCode } from './errors.ts';
import { handleUnauthorized } from './notify.ts';

/**
 * The company requires a second factor this session has not given (issue 24; it was turned on while the
 * screen was open): the person goes to set one up, where the server lets them.
 */
function holdForSecondFactor(error: unknown) {
  if (hasErrorCode(error, ERROR_CODE.secondFactorRequired) && window.location.pathname !== '/two-factor-setup') window.location.assign('/two-factor-setup');
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => {
      // A read: for a new hire with changes waiting, the sync engine's 'Sign in again' takes over.
      if (isUnauthorized(error) && query.meta?.allowSignedOut !== true) handleUnauthorized({ background: true });
      holdForSecondFactor(error);
    },
  }),
  mutationCache: new MutationCache({
    onError: (error, _vars, _ctx, mutation) => {
      if (isUnauthorized(error) && mutation.meta?.allowSignedOut !== true) handleUnauthorized();
      holdForSecondFactor(error);
    },
  }),
  defaultOptions: {
    queries: {
      retry: false,
      refetchOnWindowFocus: false,
      staleTime: Number.POSITIVE_INFINITY,
    },
    mutations: { retry: false },
  },
});

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { allowSignedOut?: boolean };
    mutationMeta: { allowSignedOut?: boolean };
  }
}

/**
 * How long a list other people change (plans, people, templates, figures) counts as fresh. Each visit
 * to a screen reads it again, but the screen mounting right after its route's loader read it does not.
 */
export const FRESH_AFTER_LOAD_MS = 2_000;

/**
 * For a route loader: waits for the screen's queries (each started with queryClient.ensureQueryData,
 * so they load with the route's code) but leaves a failure (offline, 404) to the screen, which shows
 * it as it always has.
 */
export async function settled(...loads: Promise<unknown>[]): Promise<void> {
  await Promise.allSettled(loads);
}
