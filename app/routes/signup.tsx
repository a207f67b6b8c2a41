import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderScreen } from '../components/ui/placeholder-screen.tsx';

export const Route = createFileRoute('/signup')({
  component: () => <PlaceholderScreen title="Create your account" />,
});
