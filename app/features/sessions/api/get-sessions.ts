// GET /api/users/me/sessions: the signed-in person's active sessions, this device's first.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionView } from '../../../../shared/sessions.ts';
import { FRESH_AFTER_LOAD_MS } from '../../../lib/query-client.ts';
import { client, json } from '../../../lib/typed-client.ts';

export const SESSIONS_KEY = ['/api/users/me/sessions'] as const;

export const getSessions = (signal?: AbortSignal): Promise<SessionView[]> => json(client.api.users.me.sessions.$get(undefined, { init: { signal } }));

/** Loaded with the profile, and fresh only for that moment: another device may sign in or out at any time. */
export const sessionsQueryOptions = () => queryOptions({ queryKey: SESSIONS_KEY, queryFn: ({ signal }) => getSessions(signal), staleTime: FRESH_AFTER_LOAD_MS });

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}
