import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderScreen } from '../components/ui/placeholder-screen.tsx';

export const Route = createFileRoute('/terms-of-service')({
  component: () => <PlaceholderScreen title="Terms of Service" />,
});
