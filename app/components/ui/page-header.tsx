// The top of every signed-in screen: one h1 size, a line of context, and the screen's main actions.
import type { ReactNode } from 'react';

export function PageHeader({ title, description, actions, badge }: { title: ReactNode; description?: ReactNode; actions?: ReactNode; badge?: ReactNode }) {
  return (
    <header className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end sm:justify-between">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-2xl font-bold tracking-tight md:text-3xl">{title}</h1>
          {badge}
        </div>
        {description && <p className="mt-1 text-base-content/70">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-2 [&>*]:grow sm:[&>*]:grow-0">{actions}</div>}
    </header>
  );
}

/** The heading row of a section inside a screen (a tab panel, a list): an h2 and its actions. */
export function SectionHeader({ title, actions }: { title: ReactNode; actions?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <h2 className="flex-1 text-lg font-semibold">{title}</h2>
      {actions}
    </div>
  );
}
