// POST /api/subscription/cancel (admins): access stays until the end of the period paid for.
import type { CancelSubscription, MessageResponse } from '../../../../shared/subscriptions.ts';
import { client, json } from '../../../lib/typed-client.ts';
import { useSubscriptionAction } from './subscription-action.ts';

export const cancelSubscription = (input: CancelSubscription): Promise<MessageResponse> => json(client.api.subscription.cancel.$post({ json: input }));

export function useCancelSubscription() {
  return useSubscriptionAction(cancelSubscription, {
    success: 'Subscription Cancelled',
    failureTitle: 'Failed to cancel subscription',
    failureFallback: 'Failed to cancel subscription. Please try again.',
  });
}
