// One template in a list (/templates and the dashboards' template tabs): what it holds, who made it,
// and Edit / Delete for people who may change it.
import { Link } from '@tanstack/react-router';
import { CalendarDays, Layers, ListChecks, Pencil, Trash2, Users } from 'lucide-react';
import { canEditTemplate, type Role } from '../../../shared/roles.ts';
import { TEMPLATE_KIND_LABELS, type TemplateSummary } from '../../../shared/templates.ts';
import { formatCount } from '../../lib/format.ts';

export function TemplateCard({
  template,
  user,
  onDelete,
  headingLevel: Heading = 'h2',
}: {
  template: TemplateSummary;
  user: { id: string; role: Role };
  onDelete?: () => void;
  /** h3 when the list sits under its own h2 (a dashboard tab). */
  headingLevel?: 'h2' | 'h3';
}) {
  const editable = canEditTemplate(user, template);
  const author = template.createdBy === user.id ? 'you' : (template.creatorName ?? 'a former teammate');
  return (
    <article className="card card-border h-full bg-base-100" aria-labelledby={`template-${template.id}`}>
      <div className="card-body gap-3 p-5">
        <div className="flex items-start justify-between gap-2">
          <Heading id={`template-${template.id}`} className="card-title text-lg leading-snug break-words">
            {template.title}
          </Heading>
          <div className="flex shrink-0 flex-wrap justify-end gap-1">
            {template.kind === 'offboarding' && <span className="badge badge-sm badge-neutral">{TEMPLATE_KIND_LABELS.offboarding}</span>}
            <span className={`badge badge-sm ${template.isActive ? 'badge-success' : 'badge-ghost'}`}>{template.isActive ? 'Active' : 'Draft'}</span>
          </div>
        </div>
        {template.description && <p className="line-clamp-2 text-sm text-base-content/70">{template.description}</p>}
        <ul className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm text-base-content/80">
          <li className="flex items-center gap-1.5">
            <CalendarDays className="size-4 shrink-0 text-primary" aria-hidden="true" /> {formatCount(template.duration, 'day', 'days')}
          </li>
          <li className="flex items-center gap-1.5">
            <Layers className="size-4 shrink-0 text-primary" aria-hidden="true" /> {formatCount(template.sectionCount, 'section', 'sections')}
          </li>
          <li className="flex items-center gap-1.5">
            <ListChecks className="size-4 shrink-0 text-primary" aria-hidden="true" /> {formatCount(template.taskCount, 'task', 'tasks')}
          </li>
          <li className="flex items-center gap-1.5">
            <Users className="size-4 shrink-0 text-primary" aria-hidden="true" /> Used in {formatCount(template.usedInCount, 'onboarding', 'onboardings')}
          </li>
        </ul>
        <p className="text-xs text-base-content/70">Created by {author}</p>
        {editable && (
          <div className="card-actions mt-auto justify-end">
            {onDelete && (
              <button type="button" className="btn btn-ghost btn-sm text-error" onClick={onDelete} aria-label={`Delete ${template.title}`}>
                <Trash2 className="size-4" aria-hidden="true" /> Delete
              </button>
            )}
            <Link to="/templates/$id/edit" params={{ id: template.id }} className="btn btn-sm btn-primary btn-soft" aria-label={`Edit ${template.title}`}>
              <Pencil className="size-4" aria-hidden="true" /> Edit
            </Link>
          </div>
        )}
      </div>
    </article>
  );
}
