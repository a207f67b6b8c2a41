// Templates as a grid of cards (/templates and the dashboards' template tabs), with the Delete
// confirmation for the ones the person may change.
import { useState } from 'react';
import type { TemplateSummary } from '../../../shared/templates.ts';
import type { Role } from '../../../shared/roles.ts';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { formatCount } from '../../lib/format.ts';
import { notify, notifyError } from '../../lib/notify.ts';
import { useDeleteTemplate } from './api/delete-template.ts';
import { TemplateCard } from './template-card.tsx';

type TemplateListProps = {
  templates: TemplateSummary[];
  user: { id: string; role: Role };
  /** h3 when the list sits under its own h2 (a dashboard tab). */
  headingLevel?: 'h2' | 'h3';
  /** Offer Delete on the cards the person may change. */
  deletable?: boolean;
};

export function TemplateList({ templates, user, headingLevel, deletable = true }: TemplateListProps) {
  const deleteTemplate = useDeleteTemplate();
  const [toDelete, setToDelete] = useState<TemplateSummary | null>(null);

  function confirmDelete() {
    if (!toDelete) return;
    deleteTemplate.mutate(toDelete.id, {
      onSuccess: () => {
        notify.success('Template deleted successfully!');
        setToDelete(null);
      },
      onError: (error) => notifyError(error, 'Error', 'Failed to delete template. Please try again.'),
    });
  }

  return (
    <>
      <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="Templates">
        {templates.map((template) => (
          <li key={template.id}>
            <TemplateCard template={template} user={user} headingLevel={headingLevel} onDelete={deletable ? () => setToDelete(template) : undefined} />
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete template?"
        confirmLabel="Delete template"
        pending={deleteTemplate.isPending}
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      >
        <strong>{toDelete?.title}</strong> will no longer be offered for new onboardings.
        {toDelete && toDelete.usedInCount > 0 && ` The ${formatCount(toDelete.usedInCount, 'onboarding')} already using it keep their tasks.`}
      </ConfirmDialog>
    </>
  );
}
