// POST /api/users/invite: the invitation email goes out and the new person is answered (spec section 7).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { NO_MANAGER } from '../../../../shared/onboarding-requests.ts';
import type { Invite, InvitedUser } from '../../../../shared/team.ts';
import { client, json } from '../../../lib/typed-client.ts';
import { refreshPlansAndPeople } from '../../../lib/api/refresh-plans-and-people.ts';

export const inviteUser = (input: Invite): Promise<InvitedUser> => json(client.api.users.invite.$post({ json: { ...input, managerId: input.managerId ?? NO_MANAGER } }));

export function useInviteUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: inviteUser, onSuccess: () => refreshPlansAndPeople(queryClient) });
}
