import { createFileRoute } from '@tanstack/react-router';
import { LoadingScreen } from '../components/ui/loading-screen.tsx';
import { useCurrentUser } from '../features/auth/use-current-user.ts';
import { SubscriptionScreen } from '../features/subscriptions/subscription-screen.tsx';

export const Route = createFileRoute('/subscription')({
  component: SubscriptionPage,
});

/** Open to everyone: signed-out visitors see the plans with 'Sign in to Subscribe'. */
function SubscriptionPage() {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <LoadingScreen />;
  return <SubscriptionScreen user={user ?? null} />;
}
