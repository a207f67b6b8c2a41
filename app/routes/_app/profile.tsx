import { createFileRoute } from '@tanstack/react-router';
import { ProfileScreen } from '../../features/auth/profile-screen.tsx';

export const Route = createFileRoute('/_app/profile')({
  component: ProfileScreen,
});
