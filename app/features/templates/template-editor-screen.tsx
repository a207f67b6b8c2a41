// /templates/new and /templates/{id}/edit: one editor. Who may edit which template is checked by the routes.
import { Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { ERROR_CODE } from '../../../shared/errors.ts';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { LoadingScreen } from '../../components/ui/loading-screen.tsx';
import { hasErrorCode } from '../../lib/errors.ts';
import { useTemplate } from './api/get-template.ts';
import { draftFromTemplate, emptyDraft } from './template-draft.ts';
import { TemplateEditor } from './template-editor.tsx';

export function TemplateEditorScreen({ templateId }: { templateId?: string }) {
  if (!templateId) return <TemplateEditor initial={emptyDraft()} />;
  return <ExistingTemplateEditor templateId={templateId} />;
}

function ExistingTemplateEditor({ templateId }: { templateId: string }) {
  const template = useTemplate(templateId);
  if (template.isPending) return <LoadingScreen label="Loading template..." />;
  if (template.isError) {
    const missing = hasErrorCode(template.error, ERROR_CODE.notFound);
    return (
      <div className="mx-auto max-w-2xl">
        <ErrorState title={missing ? 'Template not found' : 'Could not load the template'} error={template.error} onRetry={missing ? undefined : () => void template.refetch()} />
        <Link to="/templates" activeOptions={{ exact: true }} className="btn btn-ghost">
          <ArrowLeft className="size-4" aria-hidden="true" /> Back to templates
        </Link>
      </div>
    );
  }
  return <TemplateEditor key={templateId} templateId={templateId} initial={draftFromTemplate(template.data)} version={template.data.version} />;
}
