import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderScreen } from '../../components/ui/placeholder-screen.tsx';

export const Route = createFileRoute('/_app/preview-plan/$id')({
  component: () => <PlaceholderScreen title="Plan Preview" />,
});
