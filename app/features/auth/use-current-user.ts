// The signed-in person, or null. The last answer is kept so a new hire's app opens offline.
import { useQuery } from '@tanstack/react-query';
import type { SessionUser } from '../../../shared/auth.ts';
import { api, isUnauthorized, NetworkError } from '../../lib/api-client.ts';

const CACHE_KEY = 'kickoff:user';
export const CURRENT_USER_KEY = ['/api/auth/user'];

function readCachedUser(): SessionUser | null {
  try {
    const raw = localStorage.getItem(CACHE_KEY);
    return raw ? (JSON.parse(raw) as SessionUser) : null;
  } catch {
    return null;
  }
}

export async function fetchCurrentUser(signal?: AbortSignal): Promise<SessionUser | null> {
  try {
    const user = await api.get<SessionUser>('/api/auth/user', signal);
    localStorage.setItem(CACHE_KEY, JSON.stringify(user));
    return user;
  } catch (error) {
    if (isUnauthorized(error)) {
      localStorage.removeItem(CACHE_KEY);
      return null;
    }
    if (error instanceof NetworkError) return readCachedUser();
    throw error;
  }
}

export function forgetCachedUser() {
  localStorage.removeItem(CACHE_KEY);
}

export function useCurrentUser() {
  return useQuery({
    queryKey: CURRENT_USER_KEY,
    queryFn: ({ signal }) => fetchCurrentUser(signal),
    meta: { allowSignedOut: true },
  });
}
