import { createFileRoute } from '@tanstack/react-router';
import { TemplateEditorScreen } from '../../../features/templates/template-editor-screen.tsx';
import { requireStaff } from '../../../lib/route-access.ts';

export const Route = createFileRoute('/_app/templates/new')({
  beforeLoad: ({ context }) => requireStaff(context.user),
  component: TemplateEditorScreen,
});
