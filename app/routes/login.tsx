import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderScreen } from '../components/ui/placeholder-screen.tsx';

export const Route = createFileRoute('/login')({
  component: () => <PlaceholderScreen title="Sign in" />,
});
