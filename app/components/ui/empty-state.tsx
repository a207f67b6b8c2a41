// What a list shows when it has nothing yet: what it will hold, and the next step to fill it.
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

export function EmptyState({ icon: Icon, title, children, action }: { icon: LucideIcon; title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="card border border-dashed border-base-300 bg-base-100">
      <div className="card-body items-center gap-3 py-10 text-center">
        <span className="rounded-full bg-primary/10 p-3 text-primary">
          <Icon className="size-7" aria-hidden="true" />
        </span>
        <h2 className="text-lg font-semibold">{title}</h2>
        {children && <div className="max-w-md text-base-content/70">{children}</div>}
        {action}
      </div>
    </div>
  );
}
