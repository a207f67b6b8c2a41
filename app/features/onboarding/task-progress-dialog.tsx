// Task Progress (per plan): every task with its status (Completed / Overdue / Pending) and due date.
import { displayName } from '../../../shared/auth.ts';
import { taskStatus } from '../../../shared/onboarding.ts';
import { toIsoDate } from '../../../shared/plan-calendar.ts';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { formatDay } from '../../lib/format.ts';
import { usePlanDetails } from './api/get-plan-details.ts';
import { TaskStatusBadge } from './task-status-badge.tsx';
import { SectionLoading } from '../../components/ui/section-loading.tsx';

export type TaskProgressDialogProps = { planId: string; open: boolean; onClose: () => void };

export function TaskProgressDialog({ planId, open, onClose }: TaskProgressDialogProps) {
  return (
    <Modal open={open} onClose={onClose} title="Task Progress" size="lg">
      <TaskProgressBody planId={planId} />
    </Modal>
  );
}

function TaskProgressBody({ planId }: { planId: string }) {
  const { data: plan, isPending, error, refetch } = usePlanDetails(planId);
  if (isPending) {
    return <SectionLoading label="Loading tasks..." />;
  }
  if (error) return <ErrorState error={error} onRetry={() => void refetch()} title="Could not load the tasks" />;
  const today = toIsoDate(new Date());
  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium">
          {displayName(plan.newHire)} <span className="text-base-content/70">· {plan.template?.title ?? 'No template'}</span>
        </p>
        <p className="text-sm text-base-content/70">
          {plan.completedTasks} of {plan.totalTasks} tasks · {plan.progressPercentage}%
        </p>
      </div>
      <progress className="progress progress-primary mb-4 w-full" value={plan.progressPercentage} max={100} aria-label="Plan progress" />
      {plan.tasks.length === 0 ? (
        <p className="text-base-content/70">This plan has no tasks. Edit the plan to give it a template with tasks.</p>
      ) : (
        <ul className="divide-y divide-base-300" aria-label="Tasks">
          {plan.tasks.map((task) => (
            <li key={task.id} className="flex items-start justify-between gap-3 py-2">
              <div className="min-w-0">
                <p className="font-medium break-words">{task.title}</p>
                <p className="text-xs text-base-content/70">
                  {task.sectionTitle ? `${task.sectionTitle} · ` : ''}Due {formatDay(task.dueDate)}
                </p>
              </div>
              <TaskStatusBadge status={taskStatus(task, today)} withIcon />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
