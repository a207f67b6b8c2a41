import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderScreen } from '../components/ui/placeholder-screen.tsx';

export const Route = createFileRoute('/refund-policy')({
  component: () => <PlaceholderScreen title="Refund Policy" />,
});
