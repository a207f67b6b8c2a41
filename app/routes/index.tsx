import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { LoadingScreen } from '../components/ui/loading-screen.tsx';
import { LandingPage } from '../features/site/landing-page.tsx';
import { useCurrentUser } from '../lib/api/get-current-user.ts';

// The dashboard and the signed-in frame are only downloaded by signed-in people, so the landing page
// stays light.
const RoleDashboard = lazy(() => import('./-components/role-dashboard.tsx'));

// No loader: main.tsx asks who is signed in before the router starts, and a signed-in person's
// dashboard loads its own data.
export const Route = createFileRoute('/')({
  component: HomePage,
});

function HomePage() {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <LoadingScreen />;
  if (!user) return <LandingPage />;
  return (
    <Suspense fallback={<LoadingScreen />}>
      <RoleDashboard user={user} />
    </Suspense>
  );
}
