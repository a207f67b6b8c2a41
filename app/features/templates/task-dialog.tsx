// Add or edit one task, showing the fields of its type; checked with the API's own task schema.
import { Plus, X } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { TASK_TYPE_LABELS, TASK_TYPES, type TaskType } from '../../../shared/tasks.ts';
import { isHttpUrl, TaskInputSchema } from '../../../shared/templates.ts';
import { Field } from './section-dialog.tsx';
import { errorsByPath, newKey, taskToInput, type AttachmentType, type DraftTask } from './template-draft.ts';

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

type TextField = Exclude<keyof DraftTask, 'key' | 'type' | 'attachments' | 'checklistItems'>;

export function TaskDialog({ task, isNew, sectionTitle, onSave, onClose }: TaskDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const [form, setForm] = useState<DraftTask>(task);
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    ref.current?.showModal();
  }, []);

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = v.safeParse(TaskInputSchema, taskToInput(form));
    const found = result.success ? {} : errorsByPath(result.issues);
    setErrors(found);
    if (result.success) onSave(form);
  }

  const text = (name: TextField) => ({
    id: `task-${name}`,
    value: form[name],
    onChange: (event: { target: { value: string } }) => setForm((current) => ({ ...current, [name]: event.target.value })),
    'aria-invalid': Boolean(errors[name]),
    'aria-describedby': errors[name] ? `task-${name}-error` : undefined,
  });
  const inputClass = (name: string) => `input w-full ${errors[name] ? 'input-error' : ''}`;

  const updateAttachment = (index: number, patch: Partial<DraftTask['attachments'][number]>) =>
    setForm((current) => ({ ...current, attachments: current.attachments.map((item, i) => (i === index ? { ...item, ...patch } : item)) }));
  const updateItem = (index: number, value: string) =>
    setForm((current) => ({ ...current, checklistItems: current.checklistItems.map((item, i) => (i === index ? { ...item, text: value } : item)) }));

  return (
    <dialog ref={ref} className="modal modal-bottom sm:modal-middle" aria-labelledby="task-dialog-title" onCancel={(event) => { event.preventDefault(); onClose(); }}>
      <form className="modal-box flex max-h-[90dvh] flex-col gap-3 sm:max-w-2xl" noValidate onSubmit={submit}>
        <div>
          <h2 id="task-dialog-title" className="text-lg font-bold">
            {isNew ? 'Add task' : 'Edit task'}
          </h2>
          <p className="text-sm text-base-content/60">In {sectionTitle}</p>
        </div>
        <div className="grid gap-3 sm:grid-cols-[1fr_12rem]">
          <Field label="Task title" id="task-title" error={errors.title}>
            <input {...text('title')} className={inputClass('title')} maxLength={200} autoComplete="off" />
          </Field>
          <Field label="Task type" id="task-type" error={errors.type}>
            <select id="task-type" className="select w-full" value={form.type} onChange={(event) => setForm((current) => ({ ...current, type: event.target.value as TaskType }))}>
              {TASK_TYPES.map((type) => (
                <option key={type} value={type}>
                  {TASK_TYPE_LABELS[type]}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <Field label="Task description (optional)" id="task-description" error={errors.description}>
          <textarea {...text('description')} className="textarea w-full" rows={2} maxLength={5000} />
        </Field>

        {form.type === 'resource' && (
          <fieldset className="fieldset gap-3 rounded-box border border-base-300 p-3">
            <legend className="fieldset-legend">Resource</legend>
            <Field label="Resource URL" id="task-resourceUrl" error={errors.resourceUrl} hint="A link to a page, document or tool, starting with https://">
              <input {...text('resourceUrl')} type="url" inputMode="url" className={inputClass('resourceUrl')} placeholder="https://" />
            </Field>
            <div className="grid gap-3 sm:grid-cols-2">
              <Field label="Video URL" id="task-videoUrl" error={errors.videoUrl} hint="YouTube, Vimeo or Loom links play in the app">
                <input {...text('videoUrl')} type="url" inputMode="url" className={inputClass('videoUrl')} placeholder="https://www.youtube.com/watch?v=..." />
              </Field>
              <Field label="Video title" id="task-videoTitle" error={errors.videoTitle}>
                <input {...text('videoTitle')} className={inputClass('videoTitle')} maxLength={200} />
              </Field>
            </div>
            <div className="flex flex-col gap-2">
              <h3 className="text-sm font-medium">Attachments</h3>
              {form.attachments.length === 0 && <p className="text-sm text-base-content/60">No attachments. Add links to files the new hire should open.</p>}
              <ol className="flex flex-col gap-3">
                {form.attachments.map((attachment, index) => {
                  const n = index + 1;
                  const base = `attachments.${index}`;
                  return (
                    <li key={attachment.id} className="grid gap-2 rounded-box bg-base-200 p-2 sm:grid-cols-2">
                      <Field label={`Attachment ${n} name`} id={`attachment-${index}-name`} error={errors[`${base}.name`]}>
                        <input id={`attachment-${index}-name`} className={inputClass(`${base}.name`)} value={attachment.name} maxLength={200} onChange={(event) => updateAttachment(index, { name: event.target.value })} />
                      </Field>
                      <Field label={`Attachment ${n} URL`} id={`attachment-${index}-url`} error={errors[`${base}.url`]}>
                        <input id={`attachment-${index}-url`} type="url" inputMode="url" placeholder="https://" className={inputClass(`${base}.url`)} value={attachment.url} onChange={(event) => updateAttachment(index, { url: event.target.value })} />
                      </Field>
                      <Field label={`Attachment ${n} type`} id={`attachment-${index}-type`}>
                        <select id={`attachment-${index}-type`} className="select w-full" value={attachment.type} onChange={(event) => updateAttachment(index, { type: event.target.value as AttachmentType })}>
                          {ATTACHMENT_TYPES.map((option) => (
                            <option key={option.value} value={option.value}>
                              {option.label}
                            </option>
                          ))}
                        </select>
                      </Field>
                      <div className="flex items-end gap-2">
                        <div className="flex-1">
                          <Field label={`Attachment ${n} size (MB)`} id={`attachment-${index}-size`} error={errors[`${base}.size`]}>
                            <input id={`attachment-${index}-size`} type="number" inputMode="decimal" min={0} step="0.01" className={inputClass(`${base}.size`)} value={attachment.sizeMb} onChange={(event) => updateAttachment(index, { sizeMb: event.target.value })} />
                          </Field>
                        </div>
                        <button type="button" className="btn btn-ghost btn-square" aria-label={`Remove attachment ${n}`} onClick={() => setForm((current) => ({ ...current, attachments: current.attachments.filter((_, i) => i !== index) }))}>
                          <X className="size-4" aria-hidden="true" />
                        </button>
                      </div>
                    </li>
                  );
                })}
              </ol>
              <button type="button" className="btn btn-sm btn-outline w-fit" onClick={() => setForm((current) => ({ ...current, attachments: [...current.attachments, { id: newKey(), name: '', url: '', type: 'document', sizeMb: '' }] }))}>
                <Plus className="size-4" aria-hidden="true" /> Add attachment
              </button>
            </div>
          </fieldset>
        )}

        {form.type === 'introduction' && (
          <fieldset className="fieldset gap-3 rounded-box border border-base-300 p-3">
            <legend className="fieldset-legend">Person to meet</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              <Field label="Person name" id="task-personName" error={errors.personName}>
                <input {...text('personName')} className={inputClass('personName')} maxLength={200} autoComplete="off" />
              </Field>
              <Field label="Person role" id="task-personRole" error={errors.personRole}>
                <input {...text('personRole')} className={inputClass('personRole')} maxLength={200} autoComplete="off" />
              </Field>
            </div>
            <div className="flex items-end gap-3">
              <div className="flex-1">
                <Field label="Photo URL" id="task-personPhoto" error={errors.personPhoto}>
                  <input {...text('personPhoto')} type="url" inputMode="url" placeholder="https://" className={inputClass('personPhoto')} />
                </Field>
              </div>
              {isHttpUrl(form.personPhoto.trim()) && <img src={form.personPhoto.trim()} alt="" className="size-12 rounded-full object-cover" referrerPolicy="no-referrer" />}
            </div>
          </fieldset>
        )}

        {form.type === 'meeting' && (
          <fieldset className="fieldset gap-3 rounded-box border border-base-300 p-3">
            <legend className="fieldset-legend">Meeting</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              <Field label="Meeting title" id="task-meetingTitle" error={errors.meetingTitle}>
                <input {...text('meetingTitle')} className={inputClass('meetingTitle')} maxLength={200} />
              </Field>
              <Field label="Date and time" id="task-meetingDate" error={errors.meetingDate}>
                <input {...text('meetingDate')} type="datetime-local" className={inputClass('meetingDate')} />
              </Field>
            </div>
            <Field label="Attendees" id="task-meetingAttendees" error={errors.meetingAttendees} hint="Separate names with commas, e.g. Ravi Perera, Anu Silva">
              <input {...text('meetingAttendees')} className={inputClass('meetingAttendees')} autoComplete="off" />
            </Field>
          </fieldset>
        )}

        {form.type === 'checklist' && (
          <fieldset className="fieldset gap-2 rounded-box border border-base-300 p-3">
            <legend className="fieldset-legend">Checklist items</legend>
            {form.checklistItems.length === 0 && <p className="text-sm text-base-content/60">No items. Add the steps the new hire ticks off.</p>}
            <ol className="flex flex-col gap-2">
              {form.checklistItems.map((item, index) => (
                <li key={item.id} className="flex items-start gap-2">
                  <div className="flex-1">
                    <label htmlFor={`checklist-${index}`} className="sr-only">
                      Checklist item {index + 1}
                    </label>
                    <input id={`checklist-${index}`} className={inputClass(`checklistItems.${index}.text`)} value={item.text} maxLength={500} placeholder={`Item ${index + 1}`} onChange={(event) => updateItem(index, event.target.value)} />
                    {errors[`checklistItems.${index}.text`] && <p className="text-sm text-error">{errors[`checklistItems.${index}.text`]}</p>}
                  </div>
                  <button type="button" className="btn btn-ghost btn-square" aria-label={`Remove checklist item ${index + 1}`} onClick={() => setForm((current) => ({ ...current, checklistItems: current.checklistItems.filter((_, i) => i !== index) }))}>
                    <X className="size-4" aria-hidden="true" />
                  </button>
                </li>
              ))}
            </ol>
            <button type="button" className="btn btn-sm btn-outline w-fit" onClick={() => setForm((current) => ({ ...current, checklistItems: [...current.checklistItems, { id: newKey(), text: '' }] }))}>
              <Plus className="size-4" aria-hidden="true" /> Add item
            </button>
          </fieldset>
        )}

        <div className="modal-action sticky bottom-0 mt-0 bg-base-100 pt-2">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary">
            {isNew ? 'Add task' : 'Update task'}
          </button>
        </div>
      </form>
    </dialog>
  );
}
