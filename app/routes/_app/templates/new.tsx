import { createFileRoute } from '@tanstack/react-router';
import { useCurrentUser } from '../../../features/auth/use-current-user.ts';
import { TemplateEditorScreen } from '../../../features/templates/template-editor-screen.tsx';

export const Route = createFileRoute('/_app/templates/new')({
  component: NewTemplateRoute,
});

function NewTemplateRoute() {
  const { data: user } = useCurrentUser();
  return user ? <TemplateEditorScreen user={user} /> : null;
}
