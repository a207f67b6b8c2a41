// Add or edit one section's title, description and day window, checked with the API's own rules.
import { useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { fieldErrors } from '../../../shared/field-errors.ts';
import { dayEndPastDurationMessage, SectionFieldsSchema } from '../../../shared/templates.ts';
import { TextAreaField, TextField } from '../../components/forms/fields.tsx';
import { DialogActions, Modal } from '../../components/ui/modal.tsx';
import { PendingButton } from '../../components/ui/pending-button.tsx';
import { sectionFieldsToInput, type DraftSection } from './template-draft.ts';

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
  const [fields, setFields] = useState<SectionFields>({
    title: section.title,
    description: section.description,
    dayStart: section.dayStart,
    dayEnd: section.dayEnd,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const input = sectionFieldsToInput(fields);
    const result = v.safeParse(SectionFieldsSchema, input);
    const found = result.success ? {} : fieldErrors(result.issues);
    if (result.success && Number.isInteger(duration) && duration >= 1 && result.output.dayEnd > duration) {
      found.dayEnd = dayEndPastDurationMessage(duration);
    }
    setErrors(found);
    if (Object.keys(found).length === 0) onSave(fields);
  }

  const bind = (name: keyof SectionFields) => ({
    id: `section-${name}`,
    value: fields[name],
    onChange: (value: string) => setFields((current) => ({ ...current, [name]: value })),
    error: errors[name],
  });

  return (
    <Modal open title={isNew ? 'Add section' : 'Edit section'} onClose={onClose}>
      <form className="flex flex-col" noValidate onSubmit={submit}>
        <TextField label="Section title" {...bind('title')} maxLength={200} autoComplete="off" />
        <TextAreaField label="Section description (optional)" {...bind('description')} rows={2} maxLength={5000} />
        <div className="grid grid-cols-2 gap-3">
          <TextField label="Start day" {...bind('dayStart')} type="number" inputMode="numeric" min={1} />
          <TextField label="End day" {...bind('dayEnd')} type="number" inputMode="numeric" min={1} />
        </div>
        {Number.isInteger(duration) && duration >= 1 && <p className="text-sm text-base-content/70">Days run from 1 to {duration}, the template's duration.</p>}
        <DialogActions onCancel={onClose} confirm={<PendingButton type="submit">{isNew ? 'Add section' : 'Update section'}</PendingButton>} />
      </form>
    </Modal>
  );
}
