import { createFileRoute } from '@tanstack/react-router';
import { canEditTemplate } from '../../../../shared/roles.ts';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { templateQueryOptions } from '../../../features/templates/api/get-template.ts';
import { TemplateEditorScreen } from '../../../features/templates/template-editor-screen.tsx';
import { AccessDeniedError, requireStaff } from '../../../lib/route-access.ts';

export const Route = createFileRoute('/_app/templates/$id/edit')({
  beforeLoad: ({ context }) => requireStaff(context.user),
  // The loader in a chunk of its own: kept out of the first load every visitor downloads.
  codeSplitGroupings: [['loader'], ['component']],
  loader: async ({ context, params }) => {
    // A template that cannot be loaded (gone, offline) is the editor's to explain.
    const template = await context.queryClient.ensureQueryData(templateQueryOptions(params.id)).catch(() => null);
    if (template && !canEditTemplate(context.user, template)) throw new AccessDeniedError('You can only edit templates you created.');
  },
  pendingComponent: () => <LoadingScreen label="Loading template..." />,
  component: EditTemplateRoute,
});

function EditTemplateRoute() {
  const { id } = Route.useParams();
  // Keyed by id so a different template (or the one just created) starts a fresh editor.
  return <TemplateEditorScreen key={id} templateId={id} />;
}
