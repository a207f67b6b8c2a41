// Add or edit one section's title, description and day window, checked with the API's own rules.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { dayEndPastDurationMessage, SectionFieldsSchema } from '../../../shared/templates.ts';
import { errorsByPath, sectionFieldsToInput, type DraftSection } from './template-draft.ts';

type SectionFields = Pick<DraftSection, 'title' | 'description' | 'dayStart' | 'dayEnd'>;

type SectionDialogProps = {
  /** The section being edited, or a fresh one being added. */
  section: DraftSection;
  isNew: boolean;
  /** The template's duration as typed, for the end-day check (NaN when not a number yet). */
  duration: number;
  onSave: (fields: SectionFields) => void;
  onClose: () => void;
};

export function SectionDialog({ section, isNew, duration, onSave, onClose }: SectionDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const [fields, setFields] = useState<SectionFields>({
    title: section.title,
    description: section.description,
    dayStart: section.dayStart,
    dayEnd: section.dayEnd,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    ref.current?.showModal();
  }, []);

  function submit(event: FormEvent) {
    event.preventDefault();
    const input = sectionFieldsToInput(fields);
    const result = v.safeParse(SectionFieldsSchema, input);
    const found = result.success ? {} : errorsByPath(result.issues);
    if (result.success && Number.isInteger(duration) && duration >= 1 && result.output.dayEnd > duration) {
      found.dayEnd = dayEndPastDurationMessage(duration);
    }
    setErrors(found);
    if (Object.keys(found).length === 0) onSave(fields);
  }

  const set = (name: keyof SectionFields) => (event: { target: { value: string } }) => setFields((current) => ({ ...current, [name]: event.target.value }));
  const heading = isNew ? 'Add section' : 'Edit section';

  return (
    <dialog ref={ref} className="modal modal-bottom sm:modal-middle" aria-labelledby="section-dialog-title" onCancel={(event) => { event.preventDefault(); onClose(); }}>
      <form className="modal-box flex flex-col gap-2" noValidate onSubmit={submit}>
        <h2 id="section-dialog-title" className="text-lg font-bold">
          {heading}
        </h2>
        <Field label="Section title" error={errors.title} id="section-title">
          <input id="section-title" className={`input w-full ${errors.title ? 'input-error' : ''}`} value={fields.title} onChange={set('title')} maxLength={200} autoComplete="off" aria-invalid={Boolean(errors.title)} aria-describedby={errors.title ? 'section-title-error' : undefined} />
        </Field>
        <Field label="Section description (optional)" error={errors.description} id="section-description">
          <textarea id="section-description" className="textarea w-full" rows={2} value={fields.description} onChange={set('description')} maxLength={5000} />
        </Field>
        <div className="grid grid-cols-2 gap-3">
          <Field label="Start day" error={errors.dayStart} id="section-day-start">
            <input id="section-day-start" type="number" inputMode="numeric" min={1} className={`input w-full ${errors.dayStart ? 'input-error' : ''}`} value={fields.dayStart} onChange={set('dayStart')} aria-invalid={Boolean(errors.dayStart)} aria-describedby={errors.dayStart ? 'section-day-start-error' : undefined} />
          </Field>
          <Field label="End day" error={errors.dayEnd} id="section-day-end">
            <input id="section-day-end" type="number" inputMode="numeric" min={1} className={`input w-full ${errors.dayEnd ? 'input-error' : ''}`} value={fields.dayEnd} onChange={set('dayEnd')} aria-invalid={Boolean(errors.dayEnd)} aria-describedby={errors.dayEnd ? 'section-day-end-error' : undefined} />
          </Field>
        </div>
        {Number.isInteger(duration) && duration >= 1 && <p className="text-sm text-base-content/60">Days run from 1 to {duration}, the template's duration.</p>}
        <div className="modal-action">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary">
            {isNew ? 'Add section' : 'Update section'}
          </button>
        </div>
      </form>
    </dialog>
  );
}

/** A labelled control with its error line underneath; the control itself is the child. */
export function Field({ label, error, id, hint, children }: { label: string; error?: string; id: string; hint?: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children}
      {hint && !error && <p className="text-xs text-base-content/60">{hint}</p>}
      {error && (
        <p id={`${id}-error`} className="text-sm text-error">
          {error}
        </p>
      )}
    </div>
  );
}
