import { createFileRoute } from '@tanstack/react-router';
import { useCurrentUser } from '../../../features/auth/use-current-user.ts';
import { TemplateEditorScreen } from '../../../features/templates/template-editor-screen.tsx';

export const Route = createFileRoute('/_app/templates/$id/edit')({
  component: EditTemplateRoute,
});

function EditTemplateRoute() {
  const { id } = Route.useParams();
  const { data: user } = useCurrentUser();
  // Keyed by id so a different template (or the one just created) starts a fresh editor.
  return user ? <TemplateEditorScreen key={id} user={user} templateId={id} /> : null;
}
