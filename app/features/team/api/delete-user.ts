// DELETE /api/users/{id} (admins): the person, their plans and messages; plans they manage stay, without a manager.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { client, json } from '../../../lib/typed-client.ts';
import { refreshPlansAndPeople } from '../../../lib/api/refresh-plans-and-people.ts';

export const deleteUser = (userId: string) => json(client.api.users[':id'].$delete({ param: { id: userId } }));

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteUser, onSuccess: () => refreshPlansAndPeople(queryClient) });
}
