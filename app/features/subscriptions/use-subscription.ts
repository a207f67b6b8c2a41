// The company's subscription as the server knows it, and the admin's cancel / reactivate / Starter calls.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PublicConfig } from '../../../shared/site.ts';
import type { CancelSubscription, CurrentSubscription, MessageResponse } from '../../../shared/subscriptions.ts';
import { api } from '../../lib/api-client.ts';
import { notify, notifyError } from '../../lib/notify.ts';

export const SUBSCRIPTION_STATUS_KEY = ['/api/subscription/status'];
const PUBLIC_CONFIG_KEY = ['/api/public-config'];

/** Spec section 8: a failed status fetch is logged and treated as no subscription (Starter). */
export function useSubscriptionStatus(enabled: boolean) {
  return useQuery({
    queryKey: SUBSCRIPTION_STATUS_KEY,
    enabled,
    staleTime: 0,
    queryFn: async ({ signal }) => {
      try {
        const subscription = await api.get<CurrentSubscription>('/api/subscription/status', signal);
        return subscription?.id && subscription.planType ? subscription : null;
      } catch (error) {
        console.warn('Could not load the subscription status', error);
        return null;
      }
    },
  });
}

/** Which PayHere script to load; null while unknown (the create response carries the mode as well). */
export function usePayhereMode() {
  const { data } = useQuery({
    queryKey: PUBLIC_CONFIG_KEY,
    queryFn: ({ signal }) => api.get<PublicConfig>('/api/public-config', signal),
    meta: { allowSignedOut: true },
  });
  return data?.payhereMode ?? null;
}

/** A failed call shows the error and refetches, so the page shows the real state, never a guess. */
function useSubscriptionAction<Input>(call: (input: Input) => Promise<MessageResponse>, success: string, failure: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (result) => notify.success(success, result.message),
    onError: (error) => notifyError(error, failure, `${failure}. Please try again.`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_STATUS_KEY }),
  });
}

export function useCancelSubscription() {
  return useSubscriptionAction(
    (input: CancelSubscription) => api.post<MessageResponse>('/api/subscription/cancel', input),
    'Subscription Cancelled',
    'Failed to cancel subscription',
  );
}

export function useReactivateSubscription() {
  return useSubscriptionAction(
    () => api.post<MessageResponse>('/api/subscription/reactivate', {}),
    'Subscription Reactivated',
    'Failed to reactivate subscription',
  );
}

export function useChooseStarter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<MessageResponse>('/api/subscription/free-starter', {}),
    onSuccess: (result) => notify.success('Welcome to Starter Plan!', result.message),
    onError: (error) => notifyError(error, 'Error', 'Failed to activate free plan. Please try again.'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_STATUS_KEY }),
  });
}
