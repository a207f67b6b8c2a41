// What every subscription change does after the call: its toast, and a fresh status either way, so
// the page shows the real state, never a guess.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '../../../../shared/subscriptions.ts';
import { notify, notifyError } from '../../../lib/notify.ts';
import { SUBSCRIPTION_STATUS_KEY } from './get-subscription-status.ts';

type Toasts = { success: string; failureTitle: string; failureFallback: string };

export function useSubscriptionAction<Input>(call: (input: Input) => Promise<MessageResponse>, toasts: Toasts) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (result) => notify.success(toasts.success, result.message),
    onError: (error) => notifyError(error, toasts.failureTitle, toasts.failureFallback),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_STATUS_KEY }),
  });
}
