// The template tabs of the staff dashboards: every template for the admin, a manager's own.
import { LayoutTemplate } from 'lucide-react';
import type { SessionUser } from '../../../shared/auth.ts';
import { NewTemplateLink } from '../../components/ui/action-links.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { LoadingScreen } from '../../components/ui/loading-screen.tsx';
import { SectionHeader } from '../../components/ui/page-header.tsx';
import { useTemplates } from '../../lib/api/get-templates.ts';
import { TemplateList } from './template-list.tsx';

/** The admin's Templates tab. */
export function CompanyTemplates({ user }: { user: SessionUser }) {
  return (
    <div className="flex flex-col gap-4">
      <SectionHeader title="Templates" actions={<NewTemplateLink className="btn btn-sm btn-primary" />} />
      <DashboardTemplates user={user} mine={false} />
    </div>
  );
}

/** The manager's My Templates tab: theirs only; company templates are offered when they assign plans. */
export function OwnTemplates({ user }: { user: SessionUser }) {
  return <DashboardTemplates user={user} mine />;
}

function DashboardTemplates({ user, mine }: { user: SessionUser; mine: boolean }) {
  const templates = useTemplates();
  if (templates.isPending) return <LoadingScreen label={mine ? 'Loading your templates...' : 'Loading templates...'} />;
  if (templates.isError) return <ErrorState error={templates.error} onRetry={() => void templates.refetch()} />;
  const shown = mine ? templates.data.filter((template) => template.createdBy === user.id) : templates.data;
  if (shown.length === 0) {
    return (
      <EmptyState icon={LayoutTemplate} title={mine ? 'No templates of your own yet' : 'No templates yet'} action={<NewTemplateLink label="Create Template" />}>
        {mine ? "Create a template for your team's roles; company templates are available when you assign plans." : 'Create one to start onboarding people.'}
      </EmptyState>
    );
  }
  return <TemplateList templates={shown} user={user} headingLevel="h3" deletable={!mine} />;
}
