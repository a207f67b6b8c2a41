// A manager's home (spec section 2, Manager dashboard): their team's figures and quick actions, then
// their team's onboardings, their templates and insights, from the features they belong to.
import { Link } from '@tanstack/react-router';
import { BarChart3, CheckCircle2, LayoutTemplate, Rocket, TrendingUp, UserPlus, Users, type LucideIcon } from 'lucide-react';
import type { SessionUser } from '../../../shared/auth.ts';
import { displayName } from '../../../shared/auth.ts';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { StatCard } from '../../components/ui/stat-card.tsx';
import { TeamInsights } from '../../features/analytics/dashboard-figures.tsx';
import { StaffMessagesDialog } from '../../features/messages/staff-messages-dialog.tsx';
import { ManagedPlans } from '../../features/onboarding/dashboard-plans.tsx';
import { ExportPlansLink } from '../../features/people-import/export-links.tsx';
import { OwnTemplates } from '../../features/templates/dashboard-templates.tsx';
import { StaffDashboard } from './staff-dashboard.tsx';

const TABS = [
  { id: 'team', label: 'My Team' },
  { id: 'templates', label: 'My Templates' },
  { id: 'insights', label: 'Insights' },
] as const;

export function ManagerDashboard({ user }: { user: SessionUser }) {
  return (
    <StaffDashboard
      user={user}
      loadingLabel="Loading Manager Dashboard..."
      idPrefix="manager"
      tabs={TABS}
      top={(figures, showTab) => (
        <>
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
            <button
              type="button"
              onClick={() => {
                showTab('insights');
                document.getElementById('manager-tabs')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
              }}
              className="card card-border bg-base-100 text-left transition hover:border-primary focus-visible:outline-2 focus-visible:outline-primary"
            >
              <QuickActionBody icon={BarChart3} title="View Reports" text="Insights on your team" />
            </button>
          </div>
        </>
      )}
      panel={(tab, figures) => (
        <>
          {tab === 'team' && <ManagedPlans user={user} Conversation={StaffMessagesDialog} exportPlans={<ExportPlansLink className="btn btn-sm btn-outline" />} />}
          {tab === 'templates' && <OwnTemplates user={user} />}
          {tab === 'insights' && <TeamInsights stats={figures} />}
        </>
      )}
    />
  );
}

function QuickActionBody({ icon: Icon, title, text }: { icon: LucideIcon; title: string; text: string }) {
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

function QuickAction({ to, ...body }: { to: '/templates/new' | '/invite'; icon: LucideIcon; title: string; text: string }) {
  return (
    <Link to={to} className="card card-border bg-base-100 transition hover:border-primary">
      <QuickActionBody {...body} />
    </Link>
  );
}
