import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderScreen } from '../components/ui/placeholder-screen.tsx';

export const Route = createFileRoute('/forgot-password')({
  component: () => <PlaceholderScreen title="Forgot password" />,
});
