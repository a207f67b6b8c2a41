// A card of a plan as its new hire sees it: a titled section with its icon (Today's Tasks, Quick Stats, Need Help...).
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { DecorativeIcon } from '../../components/ui/decorative-icon.tsx';

type PlanViewCardProps = {
  id: string;
  icon: LucideIcon;
  title: ReactNode;
  /** Beside the title: a count, a note. */
  extra?: ReactNode;
  gap?: 'gap-2' | 'gap-3';
  children: ReactNode;
};

export function PlanViewCard({ id, icon, title, extra, gap = 'gap-3', children }: PlanViewCardProps) {
  return (
    <section className="card bg-base-100 shadow-sm" aria-labelledby={id}>
      <div className={`card-body ${gap} p-4 md:p-6`}>
        <h2 id={id} className="card-title text-lg">
          <DecorativeIcon icon={icon} className="size-5 text-primary" /> {title}
          {extra}
        </h2>
        {children}
      </div>
    </section>
  );
}
