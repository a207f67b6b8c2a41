// The invite call (spec section 7): POST /api/users/invite answers the new person.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Invite, InvitedUser } from '../../../shared/team.ts';
import { api } from '../../lib/api-client.ts';
import { refreshPlansAndPeople } from '../../components/plans/plan-queries.ts';

export function useInviteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Invite) => api.post<InvitedUser>('/api/users/invite', { ...input, managerId: input.managerId ?? 'none' }),
    onSuccess: () => refreshPlansAndPeople(queryClient),
  });
}
