// Add or edit one section's title, description and day window, checked with the API's own rules.
import { useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { fieldErrors } from '../../../shared/field-errors.ts';
import { PREBOARDING_MAX_DAYS } from '../../../shared/plan-calendar.ts';
import { dayEndPastDurationMessage, SectionFieldsSchema } from '../../../shared/templates.ts';
import { errorId, TextAreaField, TextField } from '../../components/forms/fields.tsx';
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

  // The days' hint and, when there is one, the field's own message (TextField's link would be replaced).
  const dayDescription = (name: 'dayStart' | 'dayEnd') => ['section-days-hint', errors[name] ? errorId(`section-${name}`) : ''].filter(Boolean).join(' ');

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
        {/* No numeric input mode: its phone keypads have no minus sign. */}
        <div className="grid grid-cols-2 gap-3">
          <TextField label="Start day" {...bind('dayStart')} type="number" min={-PREBOARDING_MAX_DAYS} aria-describedby={dayDescription('dayStart')} />
          <TextField label="End day" {...bind('dayEnd')} type="number" min={-PREBOARDING_MAX_DAYS} aria-describedby={dayDescription('dayEnd')} />
        </div>
        <p id="section-days-hint" className="text-sm text-base-content/70">
          Day 1 is the start date{Number.isInteger(duration) && duration >= 1 ? ` and ${duration} the template's last day` : ''}. Use -14 to -1 for the days before the start date;
          there is no day 0.
        </p>
        <DialogActions onCancel={onClose} confirm={<PendingButton type="submit">{isNew ? 'Add section' : 'Update section'}</PendingButton>} />
      </form>
    </Modal>
  );
}
