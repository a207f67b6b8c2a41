// Saving the template being edited: the API's own schema checks it first, so most mistakes show
// under their fields without a round trip; the server's field issues show the same way. A save sends
// the version the editor loaded: when someone else saved since (409 stale_version) nothing is saved,
// and the person chooses to reload the template as saved now or to overwrite it with their edits.
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import * as v from 'valibot';
import { ERROR_CODE } from '../../../shared/errors.ts';
import { fieldErrors } from '../../../shared/field-errors.ts';
import { TemplateInputSchema, type TemplateInputRaw } from '../../../shared/templates.ts';
import { ApiError, isUnauthorized } from '../../lib/api-client.ts';
import { hasErrorCode } from '../../lib/errors.ts';
import { errorMessage, notify, notifyError } from '../../lib/notify.ts';
import { fetchLatestTemplate } from './api/get-template.ts';
import { presenceKey } from './api/heartbeat-presence.ts';
import { useSaveTemplate } from './api/save-template.ts';
import { draftToInput } from './template-draft.ts';
import type { TemplateDraftState } from './use-template-draft.ts';

const SAVE_FAILED = 'Failed to save template. Please try again.';

/** A save refused because the template changed since it was loaded: what was sent, and the version now. */
export type SaveConflict = { input: TemplateInputRaw; currentVersion: number; message: string };

/** `onCreated` runs once a new template exists, before the editor moves to its own address. */
export function useSaveTemplateDraft(templateId: string | undefined, state: TemplateDraftState, onCreated: () => void) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const save = useSaveTemplate(templateId);
  const [conflict, setConflict] = useState<SaveConflict | null>(null);
  const [reloading, setReloading] = useState(false);

  function send(input: TemplateInputRaw) {
    save.mutate(input, {
      onSuccess: (saved) => {
        setConflict(null);
        if (!templateId) {
          notify.success('Template created', `${saved.title} is saved.`);
          onCreated();
          void navigate({ to: '/templates/$id/edit', params: { id: saved.id }, replace: true });
          return;
        }
        state.saved(saved);
        notify.success('Template updated', `${saved.title} is saved.`);
      },
      onError: (error) => {
        if (isUnauthorized(error)) return;
        if (hasErrorCode(error, ERROR_CODE.staleVersion) && error.currentVersion !== undefined) {
          setConflict({ input, currentVersion: error.currentVersion, message: error.message });
          // Whoever saved may still have it open: the list shows them now rather than at the next beat.
          if (templateId) void queryClient.refetchQueries({ queryKey: presenceKey(templateId) }, { cancelRefetch: false });
          return;
        }
        setConflict(null);
        if (error instanceof ApiError && error.issues.length) state.setErrors(fieldErrors(error.issues));
        notify.error(SAVE_FAILED, errorMessage(error, 'Please check your connection.'));
      },
    });
  }

  function saveDraft() {
    // The version goes with an existing template only: POST ignores it.
    const input: TemplateInputRaw = { ...draftToInput(state.draft), ...(templateId && state.version !== undefined ? { version: state.version } : {}) };
    const checked = v.safeParse(TemplateInputSchema, input);
    if (!checked.success) {
      state.setErrors(fieldErrors(checked.issues));
      notify.error(SAVE_FAILED, checked.issues[0]?.message);
      return;
    }
    send(input);
  }

  /** The same body again, now claiming the version the server has: these edits replace the other save. */
  function overwrite() {
    if (conflict) send({ ...conflict.input, version: conflict.currentVersion });
  }

  /** The template as saved now replaces the local edits, which are lost: the toast says so. */
  async function reload() {
    if (!templateId) return;
    setReloading(true);
    try {
      state.saved(await fetchLatestTemplate(queryClient, templateId));
      setConflict(null);
      notify.info('Template reloaded', 'This is the latest saved version. Your unsaved edits were discarded.');
    } catch (error) {
      notifyError(error, 'Could not reload the template', 'Please check your connection and try again.');
    } finally {
      setReloading(false);
    }
  }

  return {
    saveDraft,
    saving: save.isPending,
    conflict,
    /** Which way out of a conflict is under way. */
    resolving: reloading ? ('reload' as const) : save.isPending && conflict ? ('overwrite' as const) : null,
    overwrite,
    reload: () => void reload(),
    keepEditing: () => setConflict(null),
  };
}
