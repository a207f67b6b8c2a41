// /templates (admin or manager, checked by its route): the company's templates as cards, with Edit
// and Delete where the person may change them.
import { ClipboardList } from 'lucide-react';
import { useState } from 'react';
import type { SessionUser } from '../../../shared/auth.ts';
import { NewTemplateLink } from '../../components/ui/action-links.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { Tabs, type TabItem } from '../../components/ui/tabs.tsx';
import { useTemplates } from '../../lib/api/get-templates.ts';
import { TemplateList } from './template-list.tsx';

type Scope = 'mine' | 'all';
const SCOPES = [
  { id: 'mine', label: 'My templates' },
  { id: 'all', label: 'All' },
] as const satisfies readonly TabItem<Scope>[];

export function TemplatesScreen({ user }: { user: SessionUser }) {
  const templates = useTemplates();
  const [scope, setScope] = useState<Scope>(user.role === 'manager' ? 'mine' : 'all');
  const visible = (templates.data ?? []).filter((template) => scope === 'all' || template.createdBy === user.id);

  const list = templates.isPending ? (
    <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" role="status" aria-label="Loading templates">
      {[0, 1, 2].map((n) => (
        <div key={n} className="skeleton h-48 w-full" />
      ))}
    </div>
  ) : templates.isError ? (
    <ErrorState title="Could not load templates" error={templates.error} onRetry={() => void templates.refetch()} />
  ) : visible.length === 0 ? (
    <EmptyState icon={ClipboardList} title={scope === 'mine' ? 'You have no templates yet' : 'No templates yet'} action={<NewTemplateLink label="Create your first template" />}>
      A template is a reusable onboarding plan: sections of days with checklists, resources, introductions and meetings. Create your first one, then assign it to new hires.
    </EmptyState>
  ) : (
    <TemplateList templates={visible} user={user} />
  );

  return (
    <section className="flex flex-col gap-6">
      <PageHeader title="Templates" description="Reusable onboarding plans: sections of days, each with its tasks." actions={<NewTemplateLink />} />
      {user.role === 'manager' ? (
        <Tabs idPrefix="templates" label="Which templates" tabs={SCOPES} selected={scope} onSelect={setScope}>
          {list}
        </Tabs>
      ) : (
        list
      )}
    </section>
  );
}
