// The HR admin's home (spec section 2, Admin dashboard): company figures, then the onboardings,
// templates, users and analytics of the features they belong to.
import { Building2, LayoutTemplate } from 'lucide-react';
import type { SessionUser } from '../../../shared/auth.ts';
import { planLabel } from '../../../shared/catalogue.ts';
import { InviteLink, NewTemplateLink } from '../../components/ui/action-links.tsx';
import { PageHeader, SectionHeader } from '../../components/ui/page-header.tsx';
import { StatCard } from '../../components/ui/stat-card.tsx';
import { CompanyFigures } from '../../features/analytics/dashboard-figures.tsx';
import { OnboardingCountCards } from '../../features/analytics/figures.tsx';
import { StaffMessagesDialog } from '../../features/messages/staff-messages-dialog.tsx';
import { AssignPlanButton } from '../../features/onboarding/assign-plan-dialog.tsx';
import { CompanyPlans } from '../../features/onboarding/dashboard-plans.tsx';
import { ExportPlansLink } from '../../features/people-import/export-links.tsx';
import { TeamList } from '../../features/team/team-list.tsx';
import { CompanyTemplates } from '../../features/templates/dashboard-templates.tsx';
import { StaffDashboard } from './staff-dashboard.tsx';

const TABS = [
  { id: 'onboardings', label: 'Onboardings' },
  { id: 'templates', label: 'Templates' },
  { id: 'users', label: 'Users' },
  { id: 'analytics', label: 'Analytics' },
] as const;

export function AdminDashboard({ user }: { user: SessionUser }) {
  return (
    <StaffDashboard
      user={user}
      loadingLabel="Loading Admin Dashboard..."
      idPrefix="admin"
      tabs={TABS}
      top={(figures) => (
        <>
          <PageHeader
            title="Admin Dashboard"
            description={`Onboarding across ${figures.company.name}`}
            actions={
              <>
                <NewTemplateLink className="btn btn-outline" />
                <AssignPlanButton currentUser={user} />
                <InviteLink />
              </>
            }
          />
          <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5">
            <OnboardingCountCards figures={figures} />
            <StatCard label="Templates" value={figures.templates} detail="Active and drafts" icon={LayoutTemplate} />
            <div className="col-span-2 md:col-span-1">
              <StatCard label="Company" value={figures.company.name} detail={planLabel(figures.company.planType)} icon={Building2} />
            </div>
          </div>
        </>
      )}
      panel={(tab, figures) => (
        <>
          {tab === 'onboardings' && <CompanyPlans user={user} Conversation={StaffMessagesDialog} exportPlans={<ExportPlansLink className="btn btn-sm btn-outline" />} />}
          {tab === 'templates' && <CompanyTemplates user={user} />}
          {tab === 'users' && (
            <div className="flex flex-col gap-4">
              <SectionHeader title="Users" actions={<InviteLink className="btn btn-sm btn-primary" />} />
              <TeamList currentUser={user} />
            </div>
          )}
          {tab === 'analytics' && <CompanyFigures stats={figures} />}
        </>
      )}
    />
  );
}
