// The draft of one form as React state: read from the device once, saved there while the person types
// (form-draft.ts), written at once when the page is hidden or the form closes.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { FormAnswerValue, FormDraftAnswers } from '../../../shared/forms.ts';
import type { KickoffDb } from '../../sync/db.ts';
import { createDraftSaver, loadDraft } from './form-draft.ts';

export type FormDraftState = {
  /** Undefined while the stored draft is read. */
  answers: FormDraftAnswers | undefined;
  /** Whether what was typed since the form opened is on the device. */
  savedOnDevice: boolean;
  setAnswer(questionId: string, value: FormAnswerValue | undefined): void;
  /** Drops the draft (after submitting). */
  discard(): Promise<void>;
};

/** `initial`: the answers to start from when the device holds no draft of this form. */
export function useFormDraft(db: KickoffDb, taskId: string, initial?: FormDraftAnswers | null): FormDraftState {
  const [answers, setAnswers] = useState<FormDraftAnswers | undefined>(undefined);
  const [savedOnDevice, setSavedOnDevice] = useState(false);
  const latest = useRef<FormDraftAnswers | undefined>(undefined);
  const saver = useMemo(() => createDraftSaver(db, taskId, { onSaved: () => setSavedOnDevice(true) }), [db, taskId]);
  // Read once, when the draft loads: later changes of the task do not replace what is being typed.
  const initialRef = useRef(initial);

  useEffect(() => {
    let live = true;
    void loadDraft(db, taskId).then((stored) => {
      if (!live || latest.current) return;
      latest.current = stored ?? initialRef.current ?? {};
      setAnswers(latest.current);
      setSavedOnDevice(stored !== undefined);
    });
    // A reload or a closed tab while a save waits: written now, so the typing is not lost.
    const onHidden = () => {
      if (document.visibilityState === 'hidden') void saver.flush();
    };
    const onPageHide = () => void saver.flush();
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      live = false;
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', onPageHide);
      void saver.flush();
    };
  }, [db, taskId, saver]);

  const setAnswer = useCallback(
    (questionId: string, value: FormAnswerValue | undefined) => {
      const next = { ...latest.current, [questionId]: value };
      latest.current = next;
      setAnswers(next);
      setSavedOnDevice(false);
      saver.save(next);
    },
    [saver],
  );

  const discard = useCallback(async () => {
    await saver.discard();
  }, [saver]);

  return { answers, savedOnDevice, setAnswer, discard };
}
