// "Apply to existing plans": a saved template's changes reach the live plans made from it (its new
// tasks are added; finished tasks stay, nothing is duplicated). Shown once the template is in use.
import { RefreshCw } from 'lucide-react';
import { useTemplates } from '../../lib/api/get-templates.ts';
import { formatCount } from '../../lib/format.ts';
import { notify, notifyError } from '../../lib/notify.ts';
import { useReapplyTemplate } from './api/reapply-template.ts';

export function ApplyToPlans({ templateId, dirty }: { templateId: string; dirty: boolean }) {
  const usedIn = useTemplates().data?.find((template) => template.id === templateId)?.usedInCount ?? 0;
  const reapply = useReapplyTemplate();
  if (usedIn === 0) return null;

  function apply() {
    reapply.mutate(templateId, {
      onSuccess: ({ plans, added }) =>
        added === 0 ? notify.info('Plans are already up to date') : notify.success(`Added ${formatCount(added, 'task')} to ${formatCount(plans, 'plan')}`),
      onError: (error) => notifyError(error, 'Could not apply the template', 'Please try again.'),
    });
  }

  return (
    <div className="flex flex-wrap items-center gap-2 rounded-box border border-base-300 bg-base-100 p-3 text-sm">
      <p id="apply-to-plans-hint" className="min-w-0 flex-1 basis-64 text-base-content/80">
        Used in {formatCount(usedIn, 'plan')}.{' '}
        {dirty ? 'Save your changes first, then apply them to those plans.' : 'Adds the tasks those plans do not have yet; finished tasks stay as they are.'}
      </p>
      <button type="button" className="btn btn-sm btn-outline" aria-describedby="apply-to-plans-hint" disabled={dirty || reapply.isPending} onClick={apply}>
        {reapply.isPending ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : <RefreshCw className="size-4" aria-hidden="true" />}
        Apply to existing plans
      </button>
    </div>
  );
}
