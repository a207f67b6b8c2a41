import { createFileRoute } from '@tanstack/react-router';
import { useCurrentUser } from '../../../features/auth/use-current-user.ts';
import { TemplatesScreen } from '../../../features/templates/templates-screen.tsx';

export const Route = createFileRoute('/_app/templates/')({
  component: TemplatesRoute,
});

function TemplatesRoute() {
  const { data: user } = useCurrentUser();
  return user ? <TemplatesScreen user={user} /> : null;
}
