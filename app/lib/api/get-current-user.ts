// GET /api/auth/user: the signed-in person, or null. The last answer is kept so a new hire's app opens
// offline; the browser forgets everyone else's local data as soon as it knows who is signed in (shared devices).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionUser } from '../../../shared/auth.ts';
import { CACHED_USER_KEY } from '../../sync/local-base.ts';
import type { LocalDataCleanup } from '../../sync/local-data.ts';
import type { InferResponseType } from 'hono/client';
import { apiRequest, isUnauthorized, NetworkError } from '../api-client.ts';
import type { client } from '../typed-client.ts';

/** Typed from the route; fetched without the typed client, whose runtime stays out of the first load. */
type CurrentUserResponse = InferResponseType<typeof client.api.auth.user.$get, 200>;

export const CURRENT_USER_KEY = ['/api/auth/user'];

function readCachedUser(): SessionUser | null {
  try {
    const raw = localStorage.getItem(CACHED_USER_KEY);
    return raw ? (JSON.parse(raw) as SessionUser) : null;
  } catch {
    return null;
  }
}

/** Keeps the signed-in person's answer for opening offline (and only theirs). */
export function rememberCurrentUser(user: SessionUser) {
  try {
    localStorage.setItem(CACHED_USER_KEY, JSON.stringify(user));
  } catch {
    // Storage full or blocked: the app still works online.
  }
}

/** The clean-up code loads on demand: every page asks who is signed in, few have anything to remove. */
function clearLocalData(cleanup: LocalDataCleanup): Promise<unknown> {
  return import('../../sync/local-data.ts').then((module) => module.clearLocalData(cleanup)).catch(() => undefined);
}

export async function getCurrentUser(signal?: AbortSignal): Promise<SessionUser | null> {
  try {
    const user = await apiRequest<CurrentUserResponse>('/api/auth/user', { signal });
    rememberCurrentUser(user);
    // However they signed in (sign-in, sign-up, invitation, verification), no one else's data stays.
    void clearLocalData({ kind: 'signed-in', userId: user.id });
    return user;
  } catch (error) {
    if (isUnauthorized(error)) {
      // The session is over: nothing of anyone stays to be shown offline, except changes still to sync.
      try {
        localStorage.removeItem(CACHED_USER_KEY);
      } catch {
        // Blocked storage holds nothing.
      }
      await clearLocalData({ kind: 'unauthorized' });
      return null;
    }
    if (error instanceof NetworkError) return readCachedUser();
    throw error;
  }
}

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: CURRENT_USER_KEY,
    queryFn: ({ signal }) => getCurrentUser(signal),
    // A 401 here is an answer (nobody is signed in), not an expired session.
    meta: { allowSignedOut: true },
  });

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions());
}

/** The person beneath the signed-in layout (routes/_app.tsx), whose beforeLoad made sure there is one. */
export function useSignedInUser(): SessionUser {
  const { data: user } = useCurrentUser();
  if (!user) throw new Error('useSignedInUser is for screens inside the signed-in layout');
  return user;
}
