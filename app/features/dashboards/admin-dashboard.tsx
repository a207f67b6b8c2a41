// The HR admin's home (spec section 2, Admin dashboard): company figures, onboardings, templates, users, analytics.
import { Link } from '@tanstack/react-router';
import { Building2, CheckCircle2, Eye, FileText, LayoutTemplate, MessageSquare, Plus, Rocket, UserPlus, Users } from 'lucide-react';
import { useState } from 'react';
import type { SessionUser } from '../../../shared/auth.ts';
import { displayName } from '../../../shared/auth.ts';
import { planLabel } from '../../../shared/catalogue.ts';
import type { PlanSummary } from '../../../shared/onboarding.ts';
import type { CompanyStats } from '../../../shared/stats.ts';
import type { TemplateSummary } from '../../../shared/templates.ts';
import { RemovePlanButton } from '../../components/plans/remove-plan-button.tsx';
import { TaskProgressDialog } from '../../components/plans/task-progress-dialog.tsx';
import { TeamList } from '../../components/team/team-list.tsx';
import { TemplateCard } from '../../components/templates/template-card.tsx';
import { AccessDenied } from '../../components/ui/access-denied.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { LoadingScreen } from '../../components/ui/loading-screen.tsx';
import { PageHeader, SectionHeader } from '../../components/ui/page-header.tsx';
import { StatCard } from '../../components/ui/stat-card.tsx';
import { Tabs } from '../../components/ui/tabs.tsx';
import type { ConversationDialog } from './conversation-slot.ts';
import { PercentFigure, plural, TeamDistribution, TemplateFigure } from './figures.tsx';
import { PlanCard } from './plan-card.tsx';
import { useDeleteTemplate } from './use-dashboard-actions.ts';
import { useCompanyStats, usePlans, useTemplates } from './use-dashboard-data.ts';

const TABS = [
  { id: 'onboardings', label: 'Onboardings' },
  { id: 'templates', label: 'Templates' },
  { id: 'users', label: 'Users' },
  { id: 'analytics', label: 'Analytics' },
] as const;
type TabId = (typeof TABS)[number]['id'];

/** The route hands in the signed-in person and the messages dialog (another feature). */
export function AdminDashboard({ user, Conversation }: { user: SessionUser; Conversation: ConversationDialog }) {
  if (user.role !== 'admin') return <AccessDenied message="You need admin privileges to access this dashboard." />;
  return <AdminDashboardScreen user={user} Conversation={Conversation} />;
}

function AdminDashboardScreen({ user, Conversation }: { user: SessionUser; Conversation: ConversationDialog }) {
  const stats = useCompanyStats(user.companyId);
  const [tab, setTab] = useState<TabId>('onboardings');
  if (stats.isPending) return <LoadingScreen label="Loading Admin Dashboard..." />;
  if (stats.isError) return <ErrorState error={stats.error} title="Could not load the dashboard" onRetry={() => void stats.refetch()} />;
  const figures = stats.data;

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Admin Dashboard"
        description={`Onboarding across ${figures.company.name}`}
        actions={
          <>
            <Link to="/templates/new" className="btn btn-outline">
              <Plus className="size-4" aria-hidden="true" /> New Template
            </Link>
            <Link to="/invite" className="btn btn-primary">
              <UserPlus className="size-4" aria-hidden="true" /> Invite User
            </Link>
          </>
        }
      />

      <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5">
        <StatCard label="Total Users" value={figures.totalUsers} detail={`${plural(figures.managers, 'manager')} · ${plural(figures.newHires, 'new hire')}`} icon={Users} />
        <StatCard label="Active Onboardings" value={figures.activeOnboardings} detail="In progress" icon={Rocket} />
        <StatCard label="Completed" value={figures.completedOnboardings} detail="Finished onboardings" icon={CheckCircle2} />
        <StatCard label="Templates" value={figures.templates} detail="Active and drafts" icon={LayoutTemplate} />
        <div className="col-span-2 md:col-span-1">
          <StatCard label="Company" value={figures.company.name} detail={planLabel(figures.company.planType)} icon={Building2} />
        </div>
      </div>

      <Tabs idPrefix="admin" label="Dashboard sections" tabs={TABS} selected={tab} onSelect={setTab}>
        {tab === 'onboardings' && <OnboardingsTab user={user} Conversation={Conversation} />}
        {tab === 'templates' && <TemplatesTab user={user} />}
        {tab === 'users' && <UsersTab user={user} />}
        {tab === 'analytics' && <AnalyticsTab stats={figures} />}
      </Tabs>
    </div>
  );
}

type PlanFilter = 'all' | 'active' | 'completed';
type PlanDialog = { kind: 'progress' | 'messages'; plan: PlanSummary } | null;

function OnboardingsTab({ user, Conversation }: { user: SessionUser; Conversation: ConversationDialog }) {
  const plans = usePlans();
  const [filter, setFilter] = useState<PlanFilter>('all');
  const [dialog, setDialog] = useState<PlanDialog>(null);
  if (plans.isPending) return <LoadingScreen label="Loading onboardings..." />;
  if (plans.isError) return <ErrorState error={plans.error} onRetry={() => void plans.refetch()} />;
  const shown = plans.data.filter((plan) => filter === 'all' || (filter === 'completed' ? plan.isCompleted : !plan.isCompleted));
  const close = () => setDialog(null);

  return (
    <div className="flex flex-col gap-4">
      <SectionHeader
        title="Onboardings"
        actions={
        <div className="join" role="group" aria-label="Show onboardings">
          {(['all', 'active', 'completed'] as const).map((value) => (
            <button
              key={value}
              type="button"
              className={`btn join-item btn-sm ${filter === value ? 'btn-active btn-primary' : ''}`}
              aria-pressed={filter === value}
              onClick={() => setFilter(value)}
            >
              {value[0]?.toUpperCase() + value.slice(1)}
            </button>
          ))}
        </div>
        }
      />
      {shown.length === 0 ? (
        <EmptyState
          icon={FileText}
          title={plans.data.length === 0 ? 'No onboardings yet' : `No ${filter} onboardings`}
          action={
            <Link to="/invite" className="btn btn-primary">
              <UserPlus className="size-4" aria-hidden="true" /> Invite User
            </Link>
          }
        >
          Invite a new hire and assign a template to start one.
        </EmptyState>
      ) : (
        <div className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
          {shown.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              actions={
                <>
                  <button type="button" className="btn btn-sm btn-primary" onClick={() => setDialog({ kind: 'progress', plan })}>
                    <Eye className="size-4" aria-hidden="true" /> View Progress
                  </button>
                  <button type="button" className="btn btn-sm" onClick={() => setDialog({ kind: 'messages', plan })}>
                    <MessageSquare className="size-4" aria-hidden="true" /> View Messages
                  </button>
                  <Link to="/preview-plan/$id" params={{ id: plan.id }} className="btn btn-sm btn-ghost">
                    Preview as New Hire
                  </Link>
                  <RemovePlanButton plan={plan} />
                </>
              }
            />
          ))}
        </div>
      )}
      {dialog?.kind === 'progress' && <TaskProgressDialog planId={dialog.plan.id} open onClose={close} />}
      {dialog?.kind === 'messages' && (
        <Conversation planId={dialog.plan.id} newHireName={displayName(dialog.plan.newHire)} viewer={user} open onClose={close} />
      )}
    </div>
  );
}

function TemplatesTab({ user }: { user: SessionUser }) {
  const templates = useTemplates();
  const deleteTemplate = useDeleteTemplate();
  const [toDelete, setToDelete] = useState<TemplateSummary | null>(null);
  if (templates.isPending) return <LoadingScreen label="Loading templates..." />;
  if (templates.isError) return <ErrorState error={templates.error} onRetry={() => void templates.refetch()} />;
  return (
    <div className="flex flex-col gap-4">
      <SectionHeader
        title="Templates"
        actions={
          <Link to="/templates/new" className="btn btn-sm btn-primary">
            <Plus className="size-4" aria-hidden="true" /> New Template
          </Link>
        }
      />
      {templates.data.length === 0 ? (
        <EmptyState
          icon={LayoutTemplate}
          title="No templates yet"
          action={
            <Link to="/templates/new" className="btn btn-primary">
              <Plus className="size-4" aria-hidden="true" /> Create Template
            </Link>
          }
        >
          Create one to start onboarding people.
        </EmptyState>
      ) : (
        <div className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
          {templates.data.map((template) => (
            <TemplateCard key={template.id} template={template} user={user} headingLevel="h3" onDelete={() => setToDelete(template)} />
          ))}
        </div>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete template?"
        confirmLabel="Delete template"
        pending={deleteTemplate.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={() => toDelete && deleteTemplate.mutate(toDelete.id, { onSuccess: () => setToDelete(null) })}
      >
        {toDelete && `“${toDelete.title}” will no longer be offered for new onboardings. Plans made from it keep their tasks.`}
      </ConfirmDialog>
    </div>
  );
}

function UsersTab({ user }: { user: SessionUser }) {
  return (
    <div className="flex flex-col gap-4">
      <SectionHeader
        title="Users"
        actions={
          <Link to="/invite" className="btn btn-sm btn-primary">
            <UserPlus className="size-4" aria-hidden="true" /> Invite User
          </Link>
        }
      />
      <TeamList currentUser={user} />
    </div>
  );
}

function AnalyticsTab({ stats }: { stats: CompanyStats }) {
  return (
    <div className="grid gap-3 md:grid-cols-2">
      <PercentFigure label="Success rate" value={stats.successRate} hint={`${stats.completedOnboardings} of ${stats.totalPlans} onboardings completed`} />
      <PercentFigure label="Average progress" value={stats.averageProgress} hint="Mean task progress across all onboardings" />
      <TemplateFigure label="Most used template" usage={stats.mostUsedTemplate} detail={(usage) => `Used in ${plural(usage.plans, 'onboarding')}`} />
      <TeamDistribution stats={stats} />
      <Link to="/analytics" className="btn btn-ghost md:col-span-2">
        Open full analytics
      </Link>
    </div>
  );
}
