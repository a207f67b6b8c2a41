import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { LoadingScreen } from '../components/ui/loading-screen.tsx';
import { useCurrentUser } from '../features/auth/use-current-user.ts';
import { LandingPage } from '../features/site/landing-page.tsx';

// The dashboard and the signed-in frame (RequireSignIn, AppShell) are only downloaded by signed-in
// people, so the landing page stays light.
const RoleDashboard = lazy(() => import('../components/layout/role-dashboard.tsx'));

export const Route = createFileRoute('/')({
  component: HomePage,
});

function HomePage() {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <LoadingScreen />;
  if (!user) return <LandingPage />;
  return (
    <Suspense fallback={<LoadingScreen />}>
      <RoleDashboard role={user.role} />
    </Suspense>
  );
}
