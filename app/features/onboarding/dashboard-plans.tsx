// The plans on the staff dashboards (spec section 2): the admin's Onboardings tab and the manager's
// My Team tab, as cards whose buttons open the plan's progress, edit and messages dialogs, and its tasks.
import { Link } from '@tanstack/react-router';
import { ClipboardList, Eye, FileText, ListChecks, MessageSquare, Pencil, Users } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { SessionUser } from '../../../shared/auth.ts';
import { displayName } from '../../../shared/auth.ts';
import { canSeePlan, type PlanSummary } from '../../../shared/onboarding.ts';
import { InviteLink } from '../../components/ui/action-links.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { LoadingScreen } from '../../components/ui/loading-screen.tsx';
import { SectionHeader } from '../../components/ui/page-header.tsx';
import { usePlans } from './api/get-plans.ts';
import type { ConversationDialog } from './conversation-slot.ts';
import { EditPlanDialog } from './edit-plan-dialog.tsx';
import { PlanCard } from './plan-card.tsx';
import { RemovePlanButton } from './remove-plan-button.tsx';
import { TaskProgressDialog } from './task-progress-dialog.tsx';

/** `exportPlans`: the people-import feature's Export plans link, handed in by the dashboard. */
type DashboardPlansProps = { user: SessionUser; Conversation: ConversationDialog; exportPlans?: ReactNode };
type PlanFilter = 'all' | 'active' | 'completed';

/** The admin's Onboardings tab: every plan of the company, filtered by state. */
export function CompanyPlans({ user, Conversation, exportPlans }: DashboardPlansProps) {
  const plans = usePlans();
  const [filter, setFilter] = useState<PlanFilter>('all');
  if (plans.isPending) return <LoadingScreen label="Loading onboardings..." />;
  if (plans.isError) return <ErrorState error={plans.error} onRetry={() => void plans.refetch()} />;
  const shown = plans.data.filter((plan) => filter === 'all' || (filter === 'completed' ? plan.isCompleted : !plan.isCompleted));

  return (
    <div className="flex flex-col gap-4">
      <SectionHeader
        title="Onboardings"
        actions={
          <div className="flex flex-wrap items-center gap-2">
            {exportPlans}
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
          </div>
        }
      />
      {shown.length === 0 ? (
        <EmptyState icon={FileText} title={plans.data.length === 0 ? 'No onboardings yet' : `No ${filter} onboardings`} action={<InviteLink />}>
          Invite a new hire and assign a template to start one.
        </EmptyState>
      ) : (
        <PlanCards
          plans={shown}
          user={user}
          Conversation={Conversation}
          actions={(plan, open) => (
            <>
              <ProgressButton onClick={() => open('progress')} />
              <EditPlanButton onClick={() => open('edit')} />
              <button type="button" className="btn btn-sm" onClick={() => open('messages')}>
                <MessageSquare className="size-4" aria-hidden="true" /> View Messages
              </button>
              <EditTasksLink plan={plan} />
              <ResponsesLink plan={plan} />
              <PreviewLink plan={plan} />
              <RemovePlanButton plan={plan} />
            </>
          )}
        />
      )}
    </div>
  );
}

/** The manager's My Team tab: the plans they manage. */
export function ManagedPlans({ user, Conversation, exportPlans }: DashboardPlansProps) {
  const plans = usePlans();
  if (plans.isPending) return <LoadingScreen label="Loading your team..." />;
  if (plans.isError) return <ErrorState error={plans.error} onRetry={() => void plans.refetch()} />;
  // The API answers a manager with the plans they manage; the filter keeps this true if that ever widens.
  const team = plans.data.filter((plan) => canSeePlan(user, plan));
  if (team.length === 0) {
    return (
      <EmptyState icon={Users} title="No Team Members Yet" action={<InviteLink label="Invite New Hire" />}>
        Invite a new hire and assign them an onboarding plan to see them here.
      </EmptyState>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      {exportPlans && <div className="flex justify-end">{exportPlans}</div>}
      <PlanCards
        plans={team}
        user={user}
        Conversation={Conversation}
        actions={(plan, open) => (
          <>
            <ProgressButton onClick={() => open('progress')} />
            <EditPlanButton onClick={() => open('edit')} />
            <button type="button" className="btn btn-sm" onClick={() => open('messages')}>
              <MessageSquare className="size-4" aria-hidden="true" /> Send Message
            </button>
            <EditTasksLink plan={plan} />
            <ResponsesLink plan={plan} />
            <PreviewLink plan={plan} />
            <RemovePlanButton plan={plan} kind="delete-plan" />
          </>
        )}
      />
    </div>
  );
}

type PlanDialogKind = 'progress' | 'edit' | 'messages';

function PlanCards({
  plans,
  user,
  Conversation,
  actions,
}: DashboardPlansProps & { plans: PlanSummary[]; actions: (plan: PlanSummary, open: (kind: PlanDialogKind) => void) => ReactNode }) {
  const [dialog, setDialog] = useState<{ kind: PlanDialogKind; plan: PlanSummary } | null>(null);
  const close = () => setDialog(null);
  return (
    <>
      <div className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
        {plans.map((plan) => (
          <PlanCard key={plan.id} plan={plan} actions={actions(plan, (kind) => setDialog({ kind, plan }))} />
        ))}
      </div>
      {dialog?.kind === 'progress' && <TaskProgressDialog planId={dialog.plan.id} open onClose={close} />}
      {dialog?.kind === 'edit' && <EditPlanDialog plan={dialog.plan} open onClose={close} />}
      {dialog?.kind === 'messages' && (
        <Conversation
          planId={dialog.plan.id}
          newHireName={displayName(dialog.plan.newHire)}
          manager={dialog.plan.manager ? { id: dialog.plan.manager.id, name: displayName(dialog.plan.manager) } : null}
          viewer={user}
          open
          onClose={close}
        />
      )}
    </>
  );
}

function ProgressButton({ onClick }: { onClick: () => void }) {
  return (
    <button type="button" className="btn btn-sm btn-primary" onClick={onClick}>
      <Eye className="size-4" aria-hidden="true" /> View Progress
    </button>
  );
}

function EditPlanButton({ onClick }: { onClick: () => void }) {
  return (
    <button type="button" className="btn btn-sm" onClick={onClick}>
      <Pencil className="size-4" aria-hidden="true" /> Edit Plan
    </button>
  );
}

/** The plan's own tasks (live plans): add, edit, remove, reorder for this person only. */
function EditTasksLink({ plan }: { plan: PlanSummary }) {
  return (
    <Link to="/preview-plan/$id" params={{ id: plan.id }} search={{ tab: 'tasks' }} className="btn btn-sm">
      <ListChecks className="size-4" aria-hidden="true" /> Edit Tasks
    </Link>
  );
}

/** What the new hire handed in: form answers, accepted policies, uploaded documents. */
function ResponsesLink({ plan }: { plan: PlanSummary }) {
  return (
    <Link to="/plans/$planId/responses" params={{ planId: plan.id }} className="btn btn-sm">
      <ClipboardList className="size-4" aria-hidden="true" /> Responses
    </Link>
  );
}

function PreviewLink({ plan }: { plan: PlanSummary }) {
  return (
    <Link to="/preview-plan/$id" params={{ id: plan.id }} className="btn btn-sm btn-ghost">
      Preview as New Hire
    </Link>
  );
}
