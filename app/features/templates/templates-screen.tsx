// /templates: the company's templates as cards, with Edit and Delete where the person may change them.
import { Link } from '@tanstack/react-router';
import { CalendarDays, ClipboardList, Layers, ListChecks, Pencil, Plus, Trash2, Users } from 'lucide-react';
import { useState } from 'react';
import type { SessionUser } from '../../../shared/auth.ts';
import { canEditTemplate, type TemplateSummary } from '../../../shared/templates.ts';
import { AccessDenied } from '../../components/ui/access-denied.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { notify, notifyError } from '../../lib/notify.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { useDeleteTemplate, useTemplates } from './template-queries.ts';

type Scope = 'mine' | 'all';

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

  return (
    <section className="flex flex-col gap-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold md:text-3xl">Templates</h1>
          <p className="text-base-content/70">Reusable onboarding plans: sections of days, each with its tasks.</p>
        </div>
        <Link to="/templates/new" className="btn btn-primary">
          <Plus className="size-4" aria-hidden="true" /> New Template
        </Link>
      </header>

      {user.role === 'manager' && (
        <div role="tablist" aria-label="Which templates" className="tabs tabs-box w-fit">
          {(
            [
              ['mine', 'My templates'],
              ['all', 'All'],
            ] as const
          ).map(([value, label]) => (
            <button key={value} type="button" role="tab" aria-selected={scope === value} className={`tab ${scope === value ? 'tab-active' : ''}`} onClick={() => setScope(value)}>
              {label}
            </button>
          ))}
        </div>
      )}

      {templates.isPending ? (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" role="status" aria-label="Loading templates">
          {[0, 1, 2].map((n) => (
            <div key={n} className="skeleton h-48 w-full" />
          ))}
        </div>
      ) : templates.isError ? (
        <ErrorState title="Could not load templates" error={templates.error} onRetry={() => void templates.refetch()} />
      ) : visible.length === 0 ? (
        <EmptyState mine={scope === 'mine'} />
      ) : (
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="Templates">
          {visible.map((template) => (
            <li key={template.id}>
              <TemplateCard template={template} user={user} onDelete={() => setToDelete(template)} />
            </li>
          ))}
        </ul>
      )}

      <ConfirmDialog
        open={toDelete !== null}
        title="Delete template?"
        confirmLabel="Delete template"
        busy={deleteTemplate.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      >
        <p>
          <strong>{toDelete?.title}</strong> will no longer be offered for new onboardings.
          {toDelete && toDelete.usedInCount > 0 && ` The ${plural(toDelete.usedInCount, 'onboarding', 'onboardings')} already using it keep their tasks.`}
        </p>
      </ConfirmDialog>
    </section>
  );
}

function TemplateCard({ template, user, onDelete }: { template: TemplateSummary; user: SessionUser; onDelete: () => void }) {
  const editable = canEditTemplate(user, template);
  const author = template.createdBy === user.id ? 'you' : (template.creatorName ?? 'a former teammate');
  return (
    <article className="card h-full border border-base-300 bg-base-100 shadow-sm" aria-labelledby={`template-${template.id}`}>
      <div className="card-body gap-3">
        <div className="flex items-start justify-between gap-2">
          <h2 id={`template-${template.id}`} className="card-title text-lg leading-snug">
            {template.title}
          </h2>
          <span className={`badge shrink-0 ${template.isActive ? 'badge-success' : 'badge-neutral badge-outline'}`}>{template.isActive ? 'Active' : 'Draft'}</span>
        </div>
        {template.description && <p className="line-clamp-2 text-sm text-base-content/70">{template.description}</p>}
        <ul className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm text-base-content/80">
          <li className="flex items-center gap-1.5">
            <CalendarDays className="size-4 text-primary" aria-hidden="true" /> {plural(template.duration, 'day', 'days')}
          </li>
          <li className="flex items-center gap-1.5">
            <Layers className="size-4 text-primary" aria-hidden="true" /> {plural(template.sectionCount, 'section', 'sections')}
          </li>
          <li className="flex items-center gap-1.5">
            <ListChecks className="size-4 text-primary" aria-hidden="true" /> {plural(template.taskCount, 'task', 'tasks')}
          </li>
          <li className="flex items-center gap-1.5">
            <Users className="size-4 text-primary" aria-hidden="true" /> Used in {plural(template.usedInCount, 'onboarding', 'onboardings')}
          </li>
        </ul>
        <p className="text-xs text-base-content/60">Created by {author}</p>
        {editable && (
          <div className="card-actions mt-auto justify-end">
            <button type="button" className="btn btn-ghost btn-sm text-error" onClick={onDelete} aria-label={`Delete ${template.title}`}>
              <Trash2 className="size-4" aria-hidden="true" /> Delete
            </button>
            <Link to="/templates/$id/edit" params={{ id: template.id }} className="btn btn-sm btn-primary btn-soft" aria-label={`Edit ${template.title}`}>
              <Pencil className="size-4" aria-hidden="true" /> Edit
            </Link>
          </div>
        )}
      </div>
    </article>
  );
}

function EmptyState({ mine }: { mine: boolean }) {
  return (
    <div className="card border border-dashed border-base-300 bg-base-100">
      <div className="card-body items-center gap-3 py-12 text-center">
        <ClipboardList className="size-12 text-primary" aria-hidden="true" />
        <h2 className="text-xl font-semibold">{mine ? 'You have no templates yet' : 'No templates yet'}</h2>
        <p className="max-w-md text-base-content/70">
          A template is a reusable onboarding plan: sections of days with checklists, resources, introductions and meetings. Create your first one, then assign it to new hires.
        </p>
        <Link to="/templates/new" className="btn btn-primary">
          <Plus className="size-4" aria-hidden="true" /> Create your first template
        </Link>
      </div>
    </div>
  );
}
