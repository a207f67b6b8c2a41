// A manager's home (spec section 2, Manager dashboard): their team's onboardings, their templates, insights.
import { Link } from '@tanstack/react-router';
import { BarChart3, CheckCircle2, Eye, LayoutTemplate, MessageSquare, Pencil, Plus, Rocket, TrendingUp, UserPlus, Users } from 'lucide-react';
import { useState } from 'react';
import type { SessionUser } from '../../../shared/auth.ts';
import { displayName } from '../../../shared/auth.ts';
import type { PlanSummary } from '../../../shared/onboarding.ts';
import type { CompanyStats } from '../../../shared/stats.ts';
import { EditPlanDialog } from '../../components/plans/edit-plan-dialog.tsx';
import { TaskProgressDialog } from '../../components/plans/task-progress-dialog.tsx';
import { TemplateCard } from '../../components/templates/template-card.tsx';
import { AccessDenied } from '../../components/ui/access-denied.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { LoadingScreen } from '../../components/ui/loading-screen.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { StatCard } from '../../components/ui/stat-card.tsx';
import { Tabs } from '../../components/ui/tabs.tsx';
import type { ConversationDialog } from './conversation-slot.ts';
import { FigureCard, formatDays, PercentFigure, TemplateFigure } from './figures.tsx';
import { PlanCard } from './plan-card.tsx';
import { useCompanyStats, usePlans, useTemplates } from './use-dashboard-data.ts';

const TABS = [
  { id: 'team', label: 'My Team' },
  { id: 'templates', label: 'My Templates' },
  { id: 'insights', label: 'Insights' },
] as const;
type TabId = (typeof TABS)[number]['id'];

/** The route hands in the signed-in person and the messages dialog (another feature). */
export function ManagerDashboard({ user, Conversation }: { user: SessionUser; Conversation: ConversationDialog }) {
  if (user.role !== 'manager') return <AccessDenied message="You need manager privileges to access this dashboard." />;
  return <ManagerDashboardScreen user={user} Conversation={Conversation} />;
}

function ManagerDashboardScreen({ user, Conversation }: { user: SessionUser; Conversation: ConversationDialog }) {
  const stats = useCompanyStats(user.companyId);
  const [tab, setTab] = useState<TabId>('team');
  if (stats.isPending) return <LoadingScreen label="Loading Manager Dashboard..." />;
  if (stats.isError) return <ErrorState error={stats.error} title="Could not load the dashboard" onRetry={() => void stats.refetch()} />;
  const figures = stats.data;
  const openReports = () => {
    setTab('insights');
    document.getElementById('manager-tabs')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Manager Dashboard" description={`Welcome back, ${displayName(user)}. Here is how your team is doing.`} />

      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard label="My Team" value={figures.newHires} detail="New hires you manage" icon={Users} />
        <StatCard label="Active Onboardings" value={figures.activeOnboardings} detail="In progress" icon={Rocket} />
        <StatCard label="Completed" value={figures.completedOnboardings} detail="Finished onboardings" icon={CheckCircle2} />
        <StatCard label="Avg Progress" value={`${figures.averageProgress}%`} detail="Across your team" icon={TrendingUp} />
      </div>

      <div className="grid gap-3 sm:grid-cols-3">
        <QuickAction to="/templates/new" icon={LayoutTemplate} title="Create Template" text="Build a plan for a role" />
        <QuickAction to="/invite" icon={UserPlus} title="Invite New Hire" text="Send an invitation and assign a plan" />
        <button type="button" onClick={openReports} className="card card-border bg-base-100 text-left transition hover:border-primary focus-visible:outline-2 focus-visible:outline-primary">
          <QuickActionBody icon={BarChart3} title="View Reports" text="Insights on your team" />
        </button>
      </div>

      <Tabs idPrefix="manager" label="Dashboard sections" tabs={TABS} selected={tab} onSelect={setTab}>
        {tab === 'team' && <TeamTab user={user} Conversation={Conversation} />}
        {tab === 'templates' && <MyTemplatesTab user={user} />}
        {tab === 'insights' && <InsightsTab stats={figures} />}
      </Tabs>
    </div>
  );
}

function QuickActionBody({ icon: Icon, title, text }: { icon: typeof Users; title: string; text: string }) {
  return (
    <div className="card-body flex-row items-center gap-3 p-4">
      <span className="rounded-box bg-primary/10 p-2 text-primary">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <div>
        <p className="font-semibold">{title}</p>
        <p className="text-sm text-base-content/70">{text}</p>
      </div>
    </div>
  );
}

function QuickAction({ to, ...body }: { to: '/templates/new' | '/invite'; icon: typeof Users; title: string; text: string }) {
  return (
    <Link to={to} className="card card-border bg-base-100 transition hover:border-primary">
      <QuickActionBody {...body} />
    </Link>
  );
}

type PlanDialog = { kind: 'progress' | 'edit' | 'messages'; plan: PlanSummary } | null;

function TeamTab({ user, Conversation }: { user: SessionUser; Conversation: ConversationDialog }) {
  const plans = usePlans();
  const [dialog, setDialog] = useState<PlanDialog>(null);
  if (plans.isPending) return <LoadingScreen label="Loading your team..." />;
  if (plans.isError) return <ErrorState error={plans.error} onRetry={() => void plans.refetch()} />;
  // The API answers a manager with the plans they manage; the filter keeps this true if that ever widens.
  const team = plans.data.filter((plan) => plan.managerId === user.id);
  const close = () => setDialog(null);

  if (team.length === 0) {
    return (
      <EmptyState
        icon={Users}
        title="No Team Members Yet"
        action={
          <Link to="/invite" className="btn btn-primary">
            <UserPlus className="size-4" aria-hidden="true" /> Invite New Hire
          </Link>
        }
      >
        Invite a new hire and assign them an onboarding plan to see them here.
      </EmptyState>
    );
  }
  return (
    <>
      <div className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
        {team.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            actions={
              <>
                <button type="button" className="btn btn-sm btn-primary" onClick={() => setDialog({ kind: 'progress', plan })}>
                  <Eye className="size-4" aria-hidden="true" /> View Progress
                </button>
                <button type="button" className="btn btn-sm" onClick={() => setDialog({ kind: 'edit', plan })}>
                  <Pencil className="size-4" aria-hidden="true" /> Edit Plan
                </button>
                <button type="button" className="btn btn-sm" onClick={() => setDialog({ kind: 'messages', plan })}>
                  <MessageSquare className="size-4" aria-hidden="true" /> Send Message
                </button>
                <Link to="/preview-plan/$id" params={{ id: plan.id }} className="btn btn-sm btn-ghost">
                  Preview as New Hire
                </Link>
              </>
            }
          />
        ))}
      </div>
      {dialog?.kind === 'progress' && <TaskProgressDialog planId={dialog.plan.id} open onClose={close} />}
      {dialog?.kind === 'edit' && <EditPlanDialog plan={dialog.plan} open onClose={close} />}
      {dialog?.kind === 'messages' && (
        <Conversation planId={dialog.plan.id} newHireName={displayName(dialog.plan.newHire)} viewer={user} open onClose={close} />
      )}
    </>
  );
}

function MyTemplatesTab({ user }: { user: SessionUser }) {
  const templates = useTemplates();
  if (templates.isPending) return <LoadingScreen label="Loading your templates..." />;
  if (templates.isError) return <ErrorState error={templates.error} onRetry={() => void templates.refetch()} />;
  const own = templates.data.filter((template) => template.createdBy === user.id);
  if (own.length === 0) {
    return (
      <EmptyState
        icon={LayoutTemplate}
        title="No templates of your own yet"
        action={
          <Link to="/templates/new" className="btn btn-primary">
            <Plus className="size-4" aria-hidden="true" /> Create Template
          </Link>
        }
      >
        Create a template for your team's roles; company templates are available when you assign plans.
      </EmptyState>
    );
  }
  return (
    <div className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
      {own.map((template) => (
        <TemplateCard key={template.id} template={template} user={user} />
      ))}
    </div>
  );
}

function InsightsTab({ stats }: { stats: CompanyStats }) {
  const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <div className="grid gap-3 md:grid-cols-2">
      <PercentFigure label="Team success rate" value={stats.successRate} hint={`${stats.completedOnboardings} of ${stats.totalPlans} onboardings completed`} />
      <PercentFigure label="Task completion" value={stats.taskCompletionRate} hint="Tasks done across your team's plans" />
      <FigureCard title="Average time to complete">
        <p className={`font-bold ${stats.averageDaysToComplete === null ? 'text-lg' : 'text-3xl'}`} data-testid="figure-average-time-to-complete">
          {formatDays(stats.averageDaysToComplete)}
        </p>
        <p className="text-xs text-base-content/70">From start date to completion</p>
      </FigureCard>
      <TemplateFigure
        label="Most effective template"
        usage={stats.mostEffectiveTemplate}
        detail={(usage) => `${usage.completionRate}% completed (${usage.completed} of ${usage.plans})`}
      />
      <div className="md:col-span-2">
        <FigureCard title="Recent activity">
          {stats.recentActivity.length === 0 ? (
            <p className="text-base-content/70">Nothing yet: activity shows up once your team starts onboarding.</p>
          ) : (
            <ul className="divide-y divide-base-300">
              {stats.recentActivity.map((item) => (
                <li key={item.planId} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
                  <span className="min-w-0 flex-1 truncate font-medium">{item.newHireName}</span>
                  <span className="text-sm text-base-content/70">{item.templateTitle ?? 'Removed template'}</span>
                  <span className={`badge badge-sm ${item.isCompleted ? 'badge-success' : 'badge-outline'}`}>
                    {item.isCompleted ? 'Completed' : `${item.progressPercentage}%`}
                  </span>
                  <time className="w-full text-xs text-base-content/70 sm:w-auto" dateTime={item.updatedAt}>
                    {when.format(new Date(item.updatedAt))}
                  </time>
                </li>
              ))}
            </ul>
          )}
        </FigureCard>
      </div>
    </div>
  );
}
