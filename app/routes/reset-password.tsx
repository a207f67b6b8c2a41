import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderScreen } from '../components/ui/placeholder-screen.tsx';

export const Route = createFileRoute('/reset-password')({
  component: () => <PlaceholderScreen title="Reset password" />,
});
