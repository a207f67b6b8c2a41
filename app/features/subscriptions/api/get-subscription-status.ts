// GET /api/subscription/status: the company's subscription as the server knows it, or null (Starter).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentSubscription } from '../../../../shared/subscriptions.ts';
import { client, json } from '../../../lib/typed-client.ts';
import { FRESH_AFTER_LOAD_MS } from '../../../lib/query-client.ts';

export const SUBSCRIPTION_STATUS_KEY = ['/api/subscription/status'];

/** Spec section 8: a failed status fetch is logged and treated as no subscription (Starter). */
export async function getSubscriptionStatus(signal?: AbortSignal): Promise<CurrentSubscription | null> {
  try {
    const subscription: CurrentSubscription = await json(client.api.subscription.status.$get(undefined, { init: { signal } }));
    return subscription?.id && subscription.planType ? subscription : null;
  } catch (error) {
    console.warn('Could not load the subscription status', error);
    return null;
  }
}

export const subscriptionStatusQueryOptions = () =>
  queryOptions({ queryKey: SUBSCRIPTION_STATUS_KEY, queryFn: ({ signal }) => getSubscriptionStatus(signal), staleTime: FRESH_AFTER_LOAD_MS });

export function useSubscriptionStatus(enabled: boolean) {
  return useQuery({ ...subscriptionStatusQueryOptions(), enabled });
}
