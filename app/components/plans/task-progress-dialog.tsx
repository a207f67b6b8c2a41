// Task Progress (per plan): every task with its status (Completed / Overdue / Pending) and due date.
import { CircleCheck, CircleDashed, CircleAlert } from 'lucide-react';
import { displayName } from '../../../shared/auth.ts';
import { taskStatus, toIsoDate, type TaskStatus } from '../../../shared/onboarding.ts';
import { ErrorState } from '../ui/error-state.tsx';
import { Modal } from '../ui/modal.tsx';
import { formatDay } from './format.ts';
import { usePlanDetails } from './plan-queries.ts';

const STATUS_STYLE: Record<TaskStatus, { badge: string; icon: typeof CircleCheck }> = {
  Completed: { badge: 'badge-success', icon: CircleCheck },
  Overdue: { badge: 'badge-error', icon: CircleAlert },
  Pending: { badge: 'badge-ghost', icon: CircleDashed },
};

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
    return (
      <div className="flex justify-center py-8" role="status">
        <span className="loading loading-spinner loading-md text-primary" aria-hidden="true" />
        <span className="sr-only">Loading tasks...</span>
      </div>
    );
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
          {plan.tasks.map((task) => {
            const status = taskStatus(task, today);
            const { badge, icon: Icon } = STATUS_STYLE[status];
            return (
              <li key={task.id} className="flex items-start justify-between gap-3 py-2">
                <div className="min-w-0">
                  <p className="font-medium break-words">{task.title}</p>
                  <p className="text-xs text-base-content/70">
                    {task.sectionTitle ? `${task.sectionTitle} · ` : ''}Due {formatDay(task.dueDate)}
                  </p>
                </div>
                <span className={`badge badge-sm shrink-0 gap-1 ${badge}`}>
                  <Icon className="size-3" aria-hidden="true" />
                  {status}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
