// Add or edit one task, showing the fields of its type, who does it and when the new hire sees it;
// checked with the API's own task schema. A form, a policy or an upload is the new hire's to do, and
// its own fields are the ones a plan's task dialog shows too (components/task-content).
import { Plus, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { ASSIGNEE_KIND_LABELS, ASSIGNEE_KINDS, type AssigneeKind } from '../../../shared/assignees.ts';
import { fieldErrors } from '../../../shared/field-errors.ts';
import { PLACEHOLDERS } from '../../../shared/placeholders.ts';
import { isActionTask, TASK_TYPE_LABELS, TASK_TYPES, type TaskType } from '../../../shared/tasks.ts';
import { isHttpUrl, TaskInputSchema } from '../../../shared/templates.ts';
import { describedBy, errorId, SelectField, TextAreaField, TextField } from '../../components/forms/fields.tsx';
import { ACTION_DESCRIPTION_HINTS, errorsAfterQuestionEdit, type ActionContentDraft } from '../../components/task-content/action-content.ts';
import { ActionTaskFields } from '../../components/task-content/action-task-fields.tsx';
import { NewHireAssignee } from '../../components/task-content/new-hire-assignee.tsx';
import { POLICY_UPLOAD_PENDING_MESSAGE } from '../../components/task-content/policy-fields.tsx';
import { DialogActions, Modal } from '../../components/ui/modal.tsx';
import { PendingButton } from '../../components/ui/pending-button.tsx';
import { useUploadPolicyFile } from '../../lib/api/upload-policy-file.ts';
import { newKey, taskToInput, type AttachmentType, type DraftTask } from './template-draft.ts';

/** Someone of the company a task can name. */
export type CompanyPerson = { id: string; name: string };

type TaskDialogProps = {
  task: DraftTask;
  isNew: boolean;
  sectionTitle: string;
  /** The company's people, for a task done by a named person; undefined while loading. */
  people: CompanyPerson[] | undefined;
  onSave: (task: DraftTask) => void;
  onClose: () => void;
};

const ATTACHMENT_TYPES: { value: AttachmentType; label: string }[] = [
  { value: 'document', label: 'Document' },
  { value: 'image', label: 'Image' },
  { value: 'video', label: 'Video' },
];

type TextName = Exclude<keyof DraftTask, 'key' | 'type' | 'attachments' | 'checklistItems' | 'assigneeKind' | 'formQuestions' | 'policyFile' | 'uploadKinds'>;

/** What each kind of assignee means once a plan is made from the template. */
const ASSIGNEE_HINTS: Record<AssigneeKind, string> = {
  new_hire: 'The person the plan is for.',
  manager: 'The manager of each plan. If the plan changes manager, the task moves with it.',
  buddy: 'The buddy of each plan; it waits for someone until the plan has a buddy.',
  hr: 'The admin who assigns the plan.',
  person: 'The same person on every plan, such as your IT lead.',
};

/** The fields a placeholder can go into. */
type PlaceholderField = 'title' | 'description';

export function TaskDialog({ task, isNew, sectionTitle, people, onSave, onClose }: TaskDialogProps) {
  const [form, setForm] = useState<DraftTask>(task);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // Where a clicked placeholder goes: the title or description last focused, at its cursor.
  const [placeholderTarget, setPlaceholderTarget] = useState<PlaceholderField>('title');
  const policyUpload = useUploadPolicyFile();

  function insertPlaceholder(name: string) {
    const field = placeholderTarget;
    const token = `{{${name}}}`;
    const control = document.getElementById(`task-${field}`) as HTMLInputElement | HTMLTextAreaElement | null;
    const value = form[field];
    const start = control?.selectionStart ?? value.length;
    const end = control?.selectionEnd ?? value.length;
    setForm((current) => ({ ...current, [field]: value.slice(0, start) + token + value.slice(end) }));
    setErrors(({ [field]: _fixed, ...rest }) => rest);
    // After React has written the new value: the cursor goes right after the placeholder.
    requestAnimationFrame(() => {
      control?.focus();
      control?.setSelectionRange(start + token.length, start + token.length);
    });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (form.type === 'acknowledgement' && policyUpload.isPending) {
      setErrors({ policyFile: POLICY_UPLOAD_PENDING_MESSAGE });
      return;
    }
    const result = v.safeParse(TaskInputSchema, taskToInput(form));
    setErrors(result.success ? {} : fieldErrors(result.issues));
    if (result.success) onSave(form);
  }

  const text = (name: TextName) => ({
    id: `task-${name}`,
    value: form[name],
    onChange: (value: string) => {
      setForm((current) => ({ ...current, [name]: value }));
      // A message about what was typed before no longer holds: the next Add or Update checks again.
      setErrors(({ [name]: _fixed, ...rest }) => rest);
    },
    error: errors[name],
  });

  function changeType(type: TaskType) {
    // A form, a policy or an upload is done by the new hire: the schema refuses anyone else.
    setForm((current) => ({ ...current, type, ...(isActionTask(type) ? { assigneeKind: 'new_hire', assigneePersonId: '' } : {}) }));
    setErrors(({ type: _fixed, assigneeKind: _held, ...rest }) => rest);
  }

  function changeContent(patch: Partial<ActionContentDraft>, cleared: string[]) {
    setForm((current) => ({ ...current, ...patch }));
    setErrors((current) => {
      const next = patch.formQuestions ? errorsAfterQuestionEdit(current, form.formQuestions, patch.formQuestions, cleared) : { ...current };
      for (const path of cleared) delete next[path];
      return next;
    });
  }

  const updateAttachment = (index: number, patch: Partial<DraftTask['attachments'][number]>) =>
    setForm((current) => ({ ...current, attachments: current.attachments.map((item, i) => (i === index ? { ...item, ...patch } : item)) }));
  const updateItem = (index: number, value: string) =>
    setForm((current) => ({ ...current, checklistItems: current.checklistItems.map((item, i) => (i === index ? { ...item, text: value } : item)) }));

  return (
    <Modal open title={isNew ? 'Add task' : 'Edit task'} description={`In ${sectionTitle}`} size="lg" onClose={onClose}>
      <form className="flex flex-col gap-3" noValidate onSubmit={submit}>
        <div className="grid gap-x-3 sm:grid-cols-[1fr_12rem]">
          <TextField label="Task title" {...text('title')} maxLength={200} autoComplete="off" onFocus={() => setPlaceholderTarget('title')} />
          <SelectField
            label="Task type"
            id="task-type"
            value={form.type}
            error={errors.type}
            onChange={(value) => changeType(value as TaskType)}
            options={TASK_TYPES.map((type) => ({ value: type, label: TASK_TYPE_LABELS[type] }))}
          />
        </div>
        <TextAreaField
          label="Task description (optional)"
          hint={isActionTask(form.type) ? ACTION_DESCRIPTION_HINTS[form.type] : undefined}
          {...text('description')}
          rows={2}
          maxLength={5000}
          onFocus={() => setPlaceholderTarget('description')}
        />
        <div className="-mt-2 flex flex-col gap-1" role="group" aria-labelledby="task-placeholders-label">
          <p id="task-placeholders-label" className="text-xs text-base-content/70">
            Placeholders, filled in for each person: click one to insert it into the {placeholderTarget === 'title' ? 'title' : 'description'}.
          </p>
          <div className="flex flex-wrap gap-1">
            {PLACEHOLDERS.map((name) => (
              <button
                key={name}
                type="button"
                className="btn btn-xs btn-soft font-mono"
                aria-label={`Insert {{${name}}} into the ${placeholderTarget === 'title' ? 'title' : 'description'}`}
                // Keeps the focus (and cursor) in the field being written.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => insertPlaceholder(name)}
              >
                {`{{${name}}}`}
              </button>
            ))}
          </div>
        </div>

        <fieldset className="fieldset gap-3 rounded-box border border-base-300 p-3">
          <legend className="fieldset-legend">Who and when</legend>
          {isActionTask(form.type) ? (
            <NewHireAssignee />
          ) : (
            <div className="grid gap-3 sm:grid-cols-2">
              <SelectField
                label="Who does it"
                id="task-assigneeKind"
                value={form.assigneeKind}
                error={errors.assigneeKind}
                hint={ASSIGNEE_HINTS[form.assigneeKind]}
                onChange={(value) =>
                  setForm((current) => ({ ...current, assigneeKind: value as AssigneeKind, assigneePersonId: value === 'person' ? current.assigneePersonId : '' }))
                }
                options={ASSIGNEE_KINDS.map((kind) => ({ value: kind, label: ASSIGNEE_KIND_LABELS[kind] }))}
              />
              {form.assigneeKind === 'person' && (
                <SelectField
                  label="Person"
                  {...text('assigneePersonId')}
                  disabled={!people}
                  placeholder={people ? 'Choose a person' : 'Loading people...'}
                  options={(people ?? []).map((person) => ({ value: person.id, label: person.name }))}
                />
              )}
            </div>
          )}
          <TextField
            label="Hold back until N days before its window (optional)"
            hint="Leave empty to show the task from the start. With 7, the new hire first sees it 7 days before its section's first day, so later tasks do not crowd the first week."
            {...text('releaseDaysBefore')}
            type="number"
            inputMode="numeric"
            min={0}
            placeholder="Show from the start"
          />
        </fieldset>

        {isActionTask(form.type) && <ActionTaskFields type={form.type} content={form} policyUpload={policyUpload} errorAt={(path) => errors[path]} onChange={changeContent} />}

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
