// Who does a form, a policy to accept or a document upload: always the new hire (TaskInputSchema), so
// the editors show it in place of the assignee picker.
import { UserRound } from 'lucide-react';

export function NewHireAssignee() {
  return (
    <div className="fieldset gap-1 py-1">
      <p className="fieldset-legend py-0 text-sm">Who does it</p>
      <p className="flex min-h-10 items-center gap-2 rounded-field border border-base-300 bg-base-200 px-3 text-sm">
        <UserRound className="size-4 shrink-0 text-base-content/70" aria-hidden="true" />
        Done by the new hire
      </p>
      <p className="text-xs text-base-content/70">Only the new hire can fill in a form, accept a policy or upload their documents.</p>
    </div>
  );
}
