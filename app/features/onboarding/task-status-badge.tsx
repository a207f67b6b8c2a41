// A task's status (Completed / Overdue / Pending) as a badge, the same wherever a plan's tasks are listed.
import { CircleAlert, CircleCheck, CircleDashed, type LucideIcon } from 'lucide-react';
import type { TaskStatus } from '../../../shared/onboarding.ts';

const STYLE: Record<TaskStatus, { badge: string; icon: LucideIcon }> = {
  Completed: { badge: 'badge-success', icon: CircleCheck },
  Overdue: { badge: 'badge-error', icon: CircleAlert },
  Pending: { badge: 'badge-ghost', icon: CircleDashed },
};

export function TaskStatusBadge({ status, withIcon = false }: { status: TaskStatus; withIcon?: boolean }) {
  const { badge, icon: Icon } = STYLE[status];
  return (
    <span className={`badge badge-sm ${withIcon ? 'shrink-0 gap-1' : ''} ${badge}`}>
      {withIcon && <Icon className="size-3" aria-hidden="true" />}
      {status}
    </span>
  );
}
