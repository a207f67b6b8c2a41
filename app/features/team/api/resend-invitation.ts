// POST /api/users/{id}/resend-invitation (admins): a fresh invitation email for someone who has not joined yet.
import { useMutation } from '@tanstack/react-query';
import { client, json } from '../../../lib/typed-client.ts';
import { notify, notifyError } from '../../../lib/notify.ts';

export const resendInvitation = (userId: string) => json(client.api.users[':id']['resend-invitation'].$post({ param: { id: userId } }));

export function useResendInvitation(userId: string) {
  return useMutation({
    mutationFn: () => resendInvitation(userId),
    onSuccess: () => notify.success('Invitation email resent successfully!'),
    onError: (error) => notifyError(error, 'Error', 'Failed to resend invitation email. Please try again.'),
  });
}
