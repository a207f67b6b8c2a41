import { createFileRoute, Outlet } from '@tanstack/react-router';
import { RequireSignIn } from '../components/layout/require-sign-in.tsx';

export const Route = createFileRoute('/_app')({
  component: () => (
    <RequireSignIn>
      <Outlet />
    </RequireSignIn>
  ),
});
