import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderScreen } from '../components/ui/placeholder-screen.tsx';

export const Route = createFileRoute('/verify-email')({
  component: () => <PlaceholderScreen title="Verify your email" />,
});
