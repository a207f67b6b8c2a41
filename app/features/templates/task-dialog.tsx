// Add or edit one task, showing the fields of its type; checked with the API's own task schema.
import { Plus, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { fieldErrors } from '../../../shared/field-errors.ts';
import { TASK_TYPE_LABELS, TASK_TYPES, type TaskType } from '../../../shared/tasks.ts';
import { isHttpUrl, TaskInputSchema } from '../../../shared/templates.ts';
import { describedBy, errorId, SelectField, TextAreaField, TextField } from '../../components/forms/fields.tsx';
import { DialogActions, Modal } from '../../components/ui/modal.tsx';
import { PendingButton } from '../../components/ui/pending-button.tsx';
import { newKey, taskToInput, type AttachmentType, type DraftTask } from './template-draft.ts';

type TaskDialogProps = {
  task: DraftTask;
  isNew: boolean;
  sectionTitle: string;
  onSave: (task: DraftTask) => void;
  onClose: () => void;
};

const ATTACHMENT_TYPES: { value: AttachmentType; label: string }[] = [
  { value: 'document', label: 'Document' },
  { value: 'image', label: 'Image' },
  { value: 'video', label: 'Video' },
];

type TextName = Exclude<keyof DraftTask, 'key' | 'type' | 'attachments' | 'checklistItems'>;

export function TaskDialog({ task, isNew, sectionTitle, onSave, onClose }: TaskDialogProps) {
  const [form, setForm] = useState<DraftTask>(task);
  const [errors, setErrors] = useState<Record<string, string>>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = v.safeParse(TaskInputSchema, taskToInput(form));
    setErrors(result.success ? {} : fieldErrors(result.issues));
    if (result.success) onSave(form);
  }

  const text = (name: TextName) => ({
    id: `task-${name}`,
    value: form[name],
    onChange: (value: string) => setForm((current) => ({ ...current, [name]: value })),
    error: errors[name],
  });

  const updateAttachment = (index: number, patch: Partial<DraftTask['attachments'][number]>) =>
    setForm((current) => ({ ...current, attachments: current.attachments.map((item, i) => (i === index ? { ...item, ...patch } : item)) }));
  const updateItem = (index: number, value: string) =>
    setForm((current) => ({ ...current, checklistItems: current.checklistItems.map((item, i) => (i === index ? { ...item, text: value } : item)) }));

  return (
    <Modal open title={isNew ? 'Add task' : 'Edit task'} description={`In ${sectionTitle}`} size="lg" onClose={onClose}>
      <form className="flex flex-col gap-3" noValidate onSubmit={submit}>
        <div className="grid gap-x-3 sm:grid-cols-[1fr_12rem]">
          <TextField label="Task title" {...text('title')} maxLength={200} autoComplete="off" />
          <SelectField
            label="Task type"
            id="task-type"
            value={form.type}
            error={errors.type}
            onChange={(value) => setForm((current) => ({ ...current, type: value as TaskType }))}
            options={TASK_TYPES.map((type) => ({ value: type, label: TASK_TYPE_LABELS[type] }))}
          />
        </div>
        <TextAreaField label="Task description (optional)" {...text('description')} rows={2} maxLength={5000} />

        {form.type === 'resource' && (
          <fieldset className="fieldset gap-3 rounded-box border border-base-300 p-3">
            <legend className="fieldset-legend">Resource</legend>
            <TextField
              label="Resource URL"
              hint="A link to a page, document or tool, starting with https://"
              {...text('resourceUrl')}
              type="url"
              inputMode="url"
              placeholder="https://"
            />
            <div className="grid gap-3 sm:grid-cols-2">
              <TextField
                label="Video URL"
                hint="YouTube, Vimeo or Loom links play in the app"
                {...text('videoUrl')}
                type="url"
                inputMode="url"
                placeholder="https://www.youtube.com/watch?v=..."
              />
              <TextField label="Video title" {...text('videoTitle')} maxLength={200} />
            </div>
            <div className="flex flex-col gap-2">
              <h3 className="text-sm font-medium">Attachments</h3>
              {form.attachments.length === 0 && <p className="text-sm text-base-content/70">No attachments. Add links to files the new hire should open.</p>}
              <ol className="flex flex-col gap-3">
                {form.attachments.map((attachment, index) => {
                  const n = index + 1;
                  const base = `attachments.${index}`;
                  return (
                    <li key={attachment.id} className="grid gap-2 rounded-box bg-base-200 p-2 sm:grid-cols-2">
                      <TextField
                        label={`Attachment ${n} name`}
                        id={`attachment-${index}-name`}
                        error={errors[`${base}.name`]}
                        value={attachment.name}
                        maxLength={200}
                        onChange={(name) => updateAttachment(index, { name })}
                      />
                      <TextField
                        label={`Attachment ${n} URL`}
                        id={`attachment-${index}-url`}
                        error={errors[`${base}.url`]}
                        type="url"
                        inputMode="url"
                        placeholder="https://"
                        value={attachment.url}
                        onChange={(url) => updateAttachment(index, { url })}
                      />
                      <SelectField
                        label={`Attachment ${n} type`}
                        id={`attachment-${index}-type`}
                        value={attachment.type}
                        onChange={(type) => updateAttachment(index, { type: type as AttachmentType })}
                        options={ATTACHMENT_TYPES}
                      />
                      <div className="flex items-end gap-2">
                        <div className="flex-1">
                          <TextField
                            label={`Attachment ${n} size (MB)`}
                            id={`attachment-${index}-size`}
                            error={errors[`${base}.size`]}
                            type="number"
                            inputMode="decimal"
                            min={0}
                            step="0.01"
                            value={attachment.sizeMb}
                            onChange={(sizeMb) => updateAttachment(index, { sizeMb })}
                          />
                        </div>
                        <button
                          type="button"
                          className="btn btn-ghost btn-square mb-1"
                          aria-label={`Remove attachment ${n}`}
                          onClick={() => setForm((current) => ({ ...current, attachments: current.attachments.filter((_, i) => i !== index) }))}
                        >
                          <X className="size-4" aria-hidden="true" />
                        </button>
                      </div>
                    </li>
                  );
                })}
              </ol>
              <button
                type="button"
                className="btn btn-sm btn-outline w-fit"
                onClick={() => setForm((current) => ({ ...current, attachments: [...current.attachments, { id: newKey(), name: '', url: '', type: 'document', sizeMb: '' }] }))}
              >
                <Plus className="size-4" aria-hidden="true" /> Add attachment
              </button>
            </div>
          </fieldset>
        )}

        {form.type === 'introduction' && (
          <fieldset className="fieldset gap-3 rounded-box border border-base-300 p-3">
            <legend className="fieldset-legend">Person to meet</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              <TextField label="Person name" {...text('personName')} maxLength={200} autoComplete="off" />
              <TextField label="Person role" {...text('personRole')} maxLength={200} autoComplete="off" />
            </div>
            <div className="flex items-end gap-3">
              <div className="flex-1">
                <TextField label="Photo URL" {...text('personPhoto')} type="url" inputMode="url" placeholder="https://" />
              </div>
              {isHttpUrl(form.personPhoto.trim()) && <img src={form.personPhoto.trim()} alt="" className="size-12 rounded-full object-cover" referrerPolicy="no-referrer" />}
            </div>
          </fieldset>
        )}

        {form.type === 'meeting' && (
          <fieldset className="fieldset gap-3 rounded-box border border-base-300 p-3">
            <legend className="fieldset-legend">Meeting</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              <TextField label="Meeting title" {...text('meetingTitle')} maxLength={200} />
              <TextField label="Date and time" {...text('meetingDate')} type="datetime-local" />
            </div>
            <TextField label="Attendees" hint="Separate names with commas, e.g. Ravi Perera, Anu Silva" {...text('meetingAttendees')} autoComplete="off" />
          </fieldset>
        )}

        {form.type === 'checklist' && (
          <fieldset className="fieldset gap-2 rounded-box border border-base-300 p-3">
            <legend className="fieldset-legend">Checklist items</legend>
            {form.checklistItems.length === 0 && <p className="text-sm text-base-content/70">No items. Add the steps the new hire ticks off.</p>}
            <ol className="flex flex-col gap-2">
              {form.checklistItems.map((item, index) => (
                <li key={item.id} className="flex items-start gap-2">
                  <div className="flex-1">
                    <label htmlFor={`checklist-${index}`} className="sr-only">
                      Checklist item {index + 1}
                    </label>
                    <input
                      id={`checklist-${index}`}
                      className={`input w-full ${errors[`checklistItems.${index}.text`] ? 'input-error' : ''}`}
                      value={item.text}
                      maxLength={500}
                      placeholder={`Item ${index + 1}`}
                      onChange={(event) => updateItem(index, event.target.value)}
                      {...describedBy(`checklist-${index}`, errors[`checklistItems.${index}.text`])}
                    />
                    {errors[`checklistItems.${index}.text`] && (
                      <p id={errorId(`checklist-${index}`)} className="text-sm text-error" role="alert">
                        {errors[`checklistItems.${index}.text`]}
                      </p>
                    )}
                  </div>
                  <button
                    type="button"
                    className="btn btn-ghost btn-square"
                    aria-label={`Remove checklist item ${index + 1}`}
                    onClick={() => setForm((current) => ({ ...current, checklistItems: current.checklistItems.filter((_, i) => i !== index) }))}
                  >
                    <X className="size-4" aria-hidden="true" />
                  </button>
                </li>
              ))}
            </ol>
            <button
              type="button"
              className="btn btn-sm btn-outline w-fit"
              onClick={() => setForm((current) => ({ ...current, checklistItems: [...current.checklistItems, { id: newKey(), text: '' }] }))}
            >
              <Plus className="size-4" aria-hidden="true" /> Add item
            </button>
          </fieldset>
        )}

        <DialogActions
          className="sticky bottom-0 mt-0 bg-base-100 pt-3"
          onCancel={onClose}
          confirm={<PendingButton type="submit">{isNew ? 'Add task' : 'Update task'}</PendingButton>}
        />
      </form>
    </Modal>
  );
}
