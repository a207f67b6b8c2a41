import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderScreen } from '../components/ui/placeholder-screen.tsx';

export const Route = createFileRoute('/privacy-policy')({
  component: () => <PlaceholderScreen title="Privacy Policy" />,
});
