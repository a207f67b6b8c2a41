// DELETE /api/users/me/sessions: signs out every session of the person but this device's.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionView, SignedOutSessions } from '../../../../shared/sessions.ts';
import { client, json } from '../../../lib/typed-client.ts';
import { SESSIONS_KEY } from './get-sessions.ts';

export const signOutOtherSessions = (): Promise<SignedOutSessions> => json(client.api.users.me.sessions.$delete());

export function useSignOutOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutOtherSessions,
    onSuccess: () => queryClient.setQueryData<SessionView[]>(SESSIONS_KEY, (sessions) => sessions?.filter((session) => session.current)),
  });
}
