// POST /api/subscription/reactivate (admins): a cancelled subscription renews again.
import type { MessageResponse } from '../../../../shared/subscriptions.ts';
import { client, json } from '../../../lib/typed-client.ts';
import { useSubscriptionAction } from './subscription-action.ts';

export const reactivateSubscription = (): Promise<MessageResponse> => json(client.api.subscription.reactivate.$post());

export function useReactivateSubscription() {
  return useSubscriptionAction(reactivateSubscription, {
    success: 'Subscription Reactivated',
    failureTitle: 'Failed to reactivate subscription',
    failureFallback: 'Failed to reactivate subscription. Please try again.',
  });
}
