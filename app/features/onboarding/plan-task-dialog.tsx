// Add or edit one task of one person's plan (live plans): what it says, who does it, its window and
// section. Checked with the API's own PlanTaskInputSchema. A task's links, checklist items and meeting
// details are kept as they are: those are a template's work, this dialog changes the plan's shape. A
// form's questions, a policy and what an upload takes are what such a task asks of this new hire, so
// they are written here, with the template editor's own fields (components/task-content).
import { ListPlus, Save } from 'lucide-react';
import { useId, useMemo, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { ASSIGNEE_KIND_LABELS, ASSIGNEE_KINDS, type AssigneeKind } from '../../../shared/assignees.ts';
import { displayName } from '../../../shared/auth.ts';
import type { OnboardingTask, PlanDetails } from '../../../shared/onboarding.ts';
import { PlanTaskInputSchema, type PlanTaskInput } from '../../../shared/onboarding-requests.ts';
import { dateOfDay } from '../../../shared/plan-calendar.ts';
import { isActionTask, TASK_TYPE_LABELS, TASK_TYPES, type ActionTaskType, type TaskType } from '../../../shared/tasks.ts';
import { EMPTY_TASK_CONTENT, pickTaskContent, TEMPLATE_DEFAULTS, type TaskInputRaw } from '../../../shared/templates.ts';
import { SelectField, TextAreaField, TextField } from '../../components/forms/fields.tsx';
import { useForm } from '../../components/forms/use-form.ts';
import {
  ACTION_DESCRIPTION_HINTS,
  actionContentFromTask,
  actionContentToInput,
  emptyActionContent,
  type ActionContentDraft,
} from '../../components/task-content/action-content.ts';
import { ActionTaskFields } from '../../components/task-content/action-task-fields.tsx';
import { NewHireAssignee } from '../../components/task-content/new-hire-assignee.tsx';
import { POLICY_UPLOAD_PENDING_MESSAGE } from '../../components/task-content/policy-fields.tsx';
import { DialogActions, Modal } from '../../components/ui/modal.tsx';
import { PendingButton } from '../../components/ui/pending-button.tsx';
import { useTeamMembers } from '../../lib/api/get-team-members.ts';
import { useUploadPolicyFile } from '../../lib/api/upload-policy-file.ts';
import { formatDay } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { useAddPlanTask } from './api/add-plan-task.ts';
import { useUpdatePlanTask } from './api/update-plan-task.ts';
import { usePlanWriteError } from './plan-write-error.ts';

type PlanTaskFields = {
  title: string;
  description: string;
  type: string;
  assigneeKind: string;
  assigneePersonId: string;
  sectionTitle: string;
  dayStart: string;
  dayEnd: string;
  releaseDaysBefore: string;
};

const required = (message: string) => v.pipe(v.string(), v.trim(), v.nonEmpty(message));
const wholeNumber = (text: string) => (text.trim() === '' ? null : Number(text));

/** The form's text values, read into the request; `kept` carries the content the text fields do not hold. */
function planTaskFormSchema(kept: TaskInputRaw) {
  return v.pipe(
    v.object({
      title: v.string(),
      description: v.string(),
      type: v.string(),
      assigneeKind: v.string(),
      assigneePersonId: v.string(),
      sectionTitle: v.string(),
      dayStart: required('Enter the start day'),
      dayEnd: required('Enter the end day'),
      releaseDaysBefore: v.string(),
    }),
    v.transform((fields): unknown => ({
      ...kept,
      title: fields.title,
      description: fields.description,
      type: fields.type,
      assigneeKind: fields.assigneeKind,
      assigneePersonId: fields.assigneePersonId || null,
      sectionTitle: fields.sectionTitle,
      dayStart: Number(fields.dayStart),
      dayEnd: Number(fields.dayEnd),
      releaseDaysBefore: wholeNumber(fields.releaseDaysBefore),
    })),
    // The request's own schema checks what the text became (its type and kind picklists included).
    PlanTaskInputSchema as v.GenericSchema<unknown, PlanTaskInput>,
  );
}

/** The type chosen, when it is one of the new hire's forms, policies or uploads. */
function actionTypeOf(type: string): ActionTaskType | null {
  return (TASK_TYPES as readonly string[]).includes(type) && isActionTask(type as TaskType) ? (type as ActionTaskType) : null;
}

function fieldsOf(task: OnboardingTask | null, defaults: { sectionTitle: string; dayStart: number; dayEnd: number }): PlanTaskFields {
  return {
    title: task?.title ?? '',
    description: task?.description ?? '',
    type: task?.type ?? 'checklist',
    assigneeKind: task?.assigneeKind ?? 'new_hire',
    assigneePersonId: task?.assigneePersonId ?? '',
    sectionTitle: task ? (task.sectionTitle ?? '') : defaults.sectionTitle,
    dayStart: String(task?.dayStart ?? defaults.dayStart),
    dayEnd: String(task?.dayEnd ?? defaults.dayEnd),
    releaseDaysBefore: task?.releaseDaysBefore == null ? '' : String(task.releaseDaysBefore),
  };
}

export type PlanTaskDialogProps = {
  plan: PlanDetails;
  /** The task to edit; null adds one. */
  task: OnboardingTask | null;
  onClose: () => void;
};

export function PlanTaskDialog({ plan, task, onClose }: PlanTaskDialogProps) {
  return (
    <Modal open size="lg" title={task ? 'Edit task' : 'Add task'} description={`${displayName(plan.newHire)}’s plan only: the template stays as it is.`} onClose={onClose}>
      <PlanTaskForm plan={plan} task={task} onDone={onClose} />
    </Modal>
  );
}

/** Who a kind points at on this plan, as the hint under the picker says it. */
function assigneeOnPlan(plan: PlanDetails, kind: AssigneeKind): string | null {
  switch (kind) {
    case 'new_hire':
      return displayName(plan.newHire);
    case 'manager':
      return plan.manager ? displayName(plan.manager) : 'Nobody yet: this plan has no manager';
    case 'buddy':
      return plan.buddy ? displayName(plan.buddy) : 'Nobody yet: this plan has no buddy';
    case 'hr':
      return 'The company’s HR admin';
    case 'person':
      return null;
  }
}

function PlanTaskForm({ plan, task, onDone }: { plan: PlanDetails; task: OnboardingTask | null; onDone: () => void }) {
  const sectionListId = useId();
  const last = plan.tasks.at(-1);
  const [content, setContent] = useState<ActionContentDraft>(() => (task ? actionContentFromTask(task) : emptyActionContent()));
  const schema = useMemo(() => planTaskFormSchema({ ...(task ? pickTaskContent(task) : EMPTY_TASK_CONTENT), ...actionContentToInput(content) }), [task, content]);
  const form = useForm<PlanTaskFields>(
    schema,
    fieldsOf(task, { sectionTitle: last?.sectionTitle ?? '', dayStart: last?.dayStart ?? TEMPLATE_DEFAULTS.dayStart, dayEnd: last?.dayEnd ?? TEMPLATE_DEFAULTS.dayEnd }),
  );
  const people = useTeamMembers();
  const policyUpload = useUploadPolicyFile();
  // Set when a save was tried while the policy's PDF was still uploading.
  const [savedDuringUpload, setSavedDuringUpload] = useState(false);
  const add = useAddPlanTask(plan.id);
  const update = useUpdatePlanTask(plan.id);
  const pending = add.isPending || update.isPending;
  const onError = usePlanWriteError(form.showServerIssues, task ? 'Failed to update the task. Please try again.' : 'Failed to add the task. Please try again.');

  const sections = [...new Set(plan.tasks.map((planTask) => planTask.sectionTitle).filter((title): title is string => Boolean(title)))];
  const kind = form.values.assigneeKind as AssigneeKind;
  const actionType = actionTypeOf(form.values.type);
  const contentError = (path: string) =>
    path === 'policyFile' && savedDuringUpload && policyUpload.isPending
      ? POLICY_UPLOAD_PENDING_MESSAGE
      : // useForm keeps every issue by its path; the content's paths are not among the text fields'.
        form.error(path as keyof PlanTaskFields);
  const whoOnPlan = assigneeOnPlan(plan, kind);
  const taskWindow = windowDates(plan, form.values.dayStart, form.values.dayEnd);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (actionType === 'acknowledgement' && policyUpload.isPending) {
      setSavedDuringUpload(true);
      return;
    }
    const input: PlanTaskInput | null = form.submit(schema);
    if (!input) return;
    const done = {
      onSuccess: () => {
        notify.success(task ? 'Task updated' : 'Task added', `On ${displayName(plan.newHire)}’s plan only.`);
        onDone();
      },
      onError,
    };
    if (task) update.mutate({ taskId: task.id, input }, done);
    else add.mutate(input, done);
  }

  return (
    <form className="flex flex-col gap-1" onSubmit={onSubmit} noValidate>
      <div className="grid gap-x-3 sm:grid-cols-[1fr_12rem]">
        <TextField label="Task title" {...form.field('title')} maxLength={200} autoComplete="off" hint="Placeholders such as {{first_name}} are filled in for this person." />
        <SelectField
          label="Task type"
          {...form.field('type')}
          onChange={(type) => {
            form.set('type', type);
            // A form, a policy or an upload is done by the new hire: the schema refuses anyone else.
            if (actionTypeOf(type)) {
              form.set('assigneeKind', 'new_hire');
              form.set('assigneePersonId', '');
            }
          }}
          options={TASK_TYPES.map((type) => ({ value: type, label: TASK_TYPE_LABELS[type] }))}
        />
      </div>
      <TextAreaField label="Description (optional)" hint={actionType ? ACTION_DESCRIPTION_HINTS[actionType] : undefined} {...form.field('description')} rows={2} maxLength={5000} />
      {actionType ? (
        <NewHireAssignee />
      ) : (
        <div className="grid gap-x-3 sm:grid-cols-2">
          <SelectField
            label="Who does it"
            {...form.field('assigneeKind')}
            hint={whoOnPlan ?? undefined}
            options={ASSIGNEE_KINDS.map((value) => ({ value, label: ASSIGNEE_KIND_LABELS[value] }))}
          />
          {kind === 'person' && (
            <SelectField
              label="Person"
              {...form.field('assigneePersonId')}
              placeholder={people.isPending ? 'Loading people…' : 'Choose a person'}
              options={(people.data ?? []).map((person) => ({ value: person.id, label: displayName(person) }))}
            />
          )}
        </div>
      )}
      <div className="grid grid-cols-2 gap-x-3">
        <TextField label="Start day" type="number" inputMode="numeric" step={1} {...form.field('dayStart')} />
        <TextField label="End day" type="number" inputMode="numeric" step={1} {...form.field('dayEnd')} />
      </div>
      <p className="text-xs text-base-content/70" aria-live="polite">
        Day 1 is the start date ({formatDay(plan.startDate)}), day -1 the day before.
        {taskWindow && ` This task opens ${formatDay(taskWindow.opensOn)} and is due ${formatDay(taskWindow.dueDate)}.`}
      </p>
      <div className="grid gap-x-3 sm:grid-cols-2">
        <TextField label="Section (optional)" {...form.field('sectionTitle')} list={sectionListId} maxLength={200} autoComplete="off" />
        <TextField
          label="Release to the new hire (optional)"
          hint="Days before it opens; empty shows it from the start."
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          placeholder="Always"
          {...form.field('releaseDaysBefore')}
        />
      </div>
      <datalist id={sectionListId}>
        {sections.map((title) => (
          <option key={title} value={title} />
        ))}
      </datalist>
      {actionType && (
        <ActionTaskFields
          type={actionType}
          content={content}
          policyUpload={policyUpload}
          errorAt={contentError}
          onChange={(patch) => setContent((current) => ({ ...current, ...patch }))}
        />
      )}
      <DialogActions
        onCancel={onDone}
        cancelDisabled={pending}
        confirm={
          <PendingButton type="submit" pending={pending} icon={task ? <Save className="size-4" aria-hidden="true" /> : <ListPlus className="size-4" aria-hidden="true" />}>
            {task ? 'Save task' : 'Add task'}
          </PendingButton>
        }
      />
    </form>
  );
}

/** The dates a window stands for on this plan, once both days are whole, non-zero and in order. */
function windowDates(plan: PlanDetails, dayStartText: string, dayEndText: string): { opensOn: string; dueDate: string } | null {
  const dayStart = Number(dayStartText);
  const dayEnd = Number(dayEndText);
  if (!dayStartText.trim() || !dayEndText.trim() || !Number.isInteger(dayStart) || !Number.isInteger(dayEnd) || dayStart === 0 || dayEnd === 0 || dayStart > dayEnd) return null;
  return { opensOn: dateOfDay(plan, dayStart), dueDate: dateOfDay(plan, dayEnd) };
}
