// One figure on a dashboard: label, value and a line of detail. Tests find the value by data-testid.
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

export function StatCard({ label, value, detail, icon: Icon }: { label: string; value: ReactNode; detail?: ReactNode; icon: LucideIcon }) {
  return (
    <div className="card card-border h-full bg-base-100">
      <div className="card-body flex-row items-start gap-3 p-4">
        <div className="min-w-0 flex-1">
          <h2 className="text-sm font-medium text-base-content/70">{label}</h2>
          <p className="truncate text-2xl font-bold" data-testid={`stat-${label.toLowerCase().replace(/\W+/g, '-')}`}>
            {value}
          </p>
          {detail && <p className="text-xs text-base-content/70">{detail}</p>}
        </div>
        <span className="rounded-box bg-primary/10 p-2 text-primary max-sm:hidden">
          <Icon className="size-5" aria-hidden="true" />
        </span>
      </div>
    </div>
  );
}
