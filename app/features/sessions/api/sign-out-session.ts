// DELETE /api/users/me/sessions/:id: signs one of the person's other sessions out; its device's next request is a 401.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionView } from '../../../../shared/sessions.ts';
import { client, json } from '../../../lib/typed-client.ts';
import { SESSIONS_KEY } from './get-sessions.ts';

export const signOutSession = (id: string) => json(client.api.users.me.sessions[':id'].$delete({ param: { id } }));

export function useSignOutSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutSession,
    onSuccess: ({ id }) => queryClient.setQueryData<SessionView[]>(SESSIONS_KEY, (sessions) => sessions?.filter((session) => session.id !== id)),
  });
}
