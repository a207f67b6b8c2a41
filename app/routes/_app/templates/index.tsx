import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderScreen } from '../../../components/ui/placeholder-screen.tsx';

export const Route = createFileRoute('/_app/templates/')({
  component: () => <PlaceholderScreen title="Templates" />,
});
