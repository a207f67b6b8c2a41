import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderScreen } from '../components/ui/placeholder-screen.tsx';

export const Route = createFileRoute('/subscription')({
  component: () => <PlaceholderScreen title="Choose Your Plan" />,
});
