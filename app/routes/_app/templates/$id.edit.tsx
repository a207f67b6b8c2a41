import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderScreen } from '../../../components/ui/placeholder-screen.tsx';

export const Route = createFileRoute('/_app/templates/$id/edit')({
  component: () => <PlaceholderScreen title="Edit Template" />,
});
