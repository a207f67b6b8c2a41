// POST /api/subscription/free-starter (admins): the company stays on the free Starter plan.
import type { MessageResponse } from '../../../../shared/subscriptions.ts';
import { client, json } from '../../../lib/typed-client.ts';
import { useSubscriptionAction } from './subscription-action.ts';

export const chooseStarter = (): Promise<MessageResponse> => json(client.api.subscription['free-starter'].$post());

export function useChooseStarter() {
  return useSubscriptionAction(chooseStarter, {
    success: 'Welcome to Starter Plan!',
    failureTitle: 'Error',
    failureFallback: 'Failed to activate free plan. Please try again.',
  });
}
