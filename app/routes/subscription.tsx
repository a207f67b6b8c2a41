import { createFileRoute } from '@tanstack/react-router';
import { subscriptionStatusQueryOptions } from '../features/subscriptions/api/get-subscription-status.ts';
import { SubscriptionScreen } from '../features/subscriptions/subscription-screen.tsx';
import { currentUserQueryOptions, useCurrentUser } from '../lib/api/get-current-user.ts';
import { settled } from '../lib/query-client.ts';

/** Open to everyone: signed-out visitors see the plans with 'Sign in to Subscribe'. */
export const Route = createFileRoute('/subscription')({
  // The loader in a chunk of its own: kept out of the first load every visitor downloads.
  codeSplitGroupings: [['loader'], ['component']],
  loader: async ({ context }) => {
    const user = await context.queryClient.ensureQueryData(currentUserQueryOptions()).catch(() => null);
    if (user) await settled(context.queryClient.ensureQueryData(subscriptionStatusQueryOptions()));
  },
  component: SubscriptionRoute,
});

function SubscriptionRoute() {
  return <SubscriptionScreen user={useCurrentUser().data ?? null} />;
}
