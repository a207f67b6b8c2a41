// Saving the template being edited: the API's own schema checks it first, so most mistakes show
// under their fields without a round trip; the server's field issues show the same way.
import { useNavigate } from '@tanstack/react-router';
import * as v from 'valibot';
import { fieldErrors } from '../../../shared/field-errors.ts';
import { TemplateInputSchema } from '../../../shared/templates.ts';
import { ApiError, isUnauthorized } from '../../lib/api-client.ts';
import { errorMessage, notify } from '../../lib/notify.ts';
import { useSaveTemplate } from './api/save-template.ts';
import { draftFromTemplate, draftToInput } from './template-draft.ts';
import type { TemplateDraftState } from './use-template-draft.ts';

const SAVE_FAILED = 'Failed to save template. Please try again.';

/** `onCreated` runs once a new template exists, before the editor moves to its own address. */
export function useSaveTemplateDraft(templateId: string | undefined, state: TemplateDraftState, onCreated: () => void) {
  const navigate = useNavigate();
  const save = useSaveTemplate(templateId);

  function saveDraft() {
    const input = draftToInput(state.draft);
    const checked = v.safeParse(TemplateInputSchema, input);
    if (!checked.success) {
      state.setErrors(fieldErrors(checked.issues));
      notify.error(SAVE_FAILED, checked.issues[0]?.message);
      return;
    }
    save.mutate(input, {
      onSuccess: (saved) => {
        if (!templateId) {
          notify.success('Template created', `${saved.title} is saved.`);
          onCreated();
          void navigate({ to: '/templates/$id/edit', params: { id: saved.id }, replace: true });
          return;
        }
        state.saved(draftFromTemplate(saved));
        notify.success('Template updated', `${saved.title} is saved.`);
      },
      onError: (error) => {
        if (isUnauthorized(error)) return;
        if (error instanceof ApiError && error.issues.length) state.setErrors(fieldErrors(error.issues));
        notify.error(SAVE_FAILED, errorMessage(error, 'Please check your connection.'));
      },
    });
  }

  return { saveDraft, saving: save.isPending };
}
