// /templates: the company's templates as cards, with Edit and Delete where the person may change them.
import { Link } from '@tanstack/react-router';
import { ClipboardList, Plus } from 'lucide-react';
import { useState } from 'react';
import type { SessionUser } from '../../../shared/auth.ts';
import type { TemplateSummary } from '../../../shared/templates.ts';
import { TemplateCard } from '../../components/templates/template-card.tsx';
import { AccessDenied } from '../../components/ui/access-denied.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { Tabs, type TabItem } from '../../components/ui/tabs.tsx';
import { notify, notifyError } from '../../lib/notify.ts';
import { useDeleteTemplate, useTemplates } from './template-queries.ts';

type Scope = 'mine' | 'all';
const SCOPES = [
  { id: 'mine', label: 'My templates' },
  { id: 'all', label: 'All' },
] as const satisfies readonly TabItem<Scope>[];

const plural = (n: number, one: string, many: string) => `${new Intl.NumberFormat().format(n)} ${n === 1 ? one : many}`;

export function TemplatesScreen({ user }: { user: SessionUser }) {
  if (user.role === 'new_hire') return <AccessDenied message="You don't have permission to access this page." />;
  return <TemplatesList user={user} />;
}

function TemplatesList({ user }: { user: SessionUser }) {
  const templates = useTemplates();
  const deleteTemplate = useDeleteTemplate();
  const [scope, setScope] = useState<Scope>(user.role === 'manager' ? 'mine' : 'all');
  const [toDelete, setToDelete] = useState<TemplateSummary | null>(null);

  const visible = (templates.data ?? []).filter((template) => scope === 'all' || template.createdBy === user.id);

  function confirmDelete() {
    if (!toDelete) return;
    deleteTemplate.mutate(toDelete.id, {
      onSuccess: () => {
        notify.success('Template deleted successfully!');
        setToDelete(null);
      },
      onError: (error) => notifyError(error, 'Failed to delete template. Please try again.'),
    });
  }

  const list = templates.isPending ? (
    <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" role="status" aria-label="Loading templates">
      {[0, 1, 2].map((n) => (
        <div key={n} className="skeleton h-48 w-full" />
      ))}
    </div>
  ) : templates.isError ? (
    <ErrorState title="Could not load templates" error={templates.error} onRetry={() => void templates.refetch()} />
  ) : visible.length === 0 ? (
    <NoTemplates mine={scope === 'mine'} />
  ) : (
    <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="Templates">
      {visible.map((template) => (
        <li key={template.id}>
          <TemplateCard template={template} user={user} onDelete={() => setToDelete(template)} />
        </li>
      ))}
    </ul>
  );

  return (
    <section className="flex flex-col gap-6">
      <PageHeader
        title="Templates"
        description="Reusable onboarding plans: sections of days, each with its tasks."
        actions={
          <Link to="/templates/new" className="btn btn-primary">
            <Plus className="size-4" aria-hidden="true" /> New Template
          </Link>
        }
      />

      {user.role === 'manager' ? (
        <Tabs idPrefix="templates" label="Which templates" tabs={SCOPES} selected={scope} onSelect={setScope}>
          {list}
        </Tabs>
      ) : (
        list
      )}

      <ConfirmDialog
        open={toDelete !== null}
        title="Delete template?"
        confirmLabel="Delete template"
        pending={deleteTemplate.isPending}
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      >
        <strong>{toDelete?.title}</strong> will no longer be offered for new onboardings.
        {toDelete && toDelete.usedInCount > 0 && ` The ${plural(toDelete.usedInCount, 'onboarding', 'onboardings')} already using it keep their tasks.`}
      </ConfirmDialog>
    </section>
  );
}

function NoTemplates({ mine }: { mine: boolean }) {
  return (
    <EmptyState
      icon={ClipboardList}
      title={mine ? 'You have no templates yet' : 'No templates yet'}
      action={
        <Link to="/templates/new" className="btn btn-primary">
          <Plus className="size-4" aria-hidden="true" /> Create your first template
        </Link>
      }
    >
      A template is a reusable onboarding plan: sections of days with checklists, resources, introductions and meetings. Create your first one, then assign it to new hires.
    </EmptyState>
  );
}
