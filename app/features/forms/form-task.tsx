// A form task in its details (issue 19): the new hire fills it in, offline too (the draft stays on the
// device), and submits it through the sync engine, which completes the task. Once submitted, or where
// it is only looked at (canAct false: a plan preview), it shows read-only.
import { useLiveQuery } from 'dexie-react-hooks';
import { CheckCircle2, CloudOff, Send, TriangleAlert } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { FORM_LIMITS, formAnswerText, type FormAnswerValue, type FormQuestion } from '../../../shared/forms.ts';
import type { OnboardingTask } from '../../../shared/onboarding.ts';
import { useOnline } from '../../components/pwa/use-online.ts';
import { PendingButton } from '../../components/ui/pending-button.tsx';
import { useSignedInUser } from '../../lib/api/get-current-user.ts';
import { formatDate, formatDay } from '../../lib/format.ts';
import { notify, notifyError } from '../../lib/notify.ts';
import type { SyncEngine } from '../../sync/engine.ts';
import { useSyncEngine } from '../../sync/hooks.ts';
import { checkAnswers } from './form-draft.ts';
import { useFormDraft } from './use-form-draft.ts';

/** The task action slot's props (features/onboarding/task-action-slot.ts), restated: a feature never imports another. */
export type FormTaskProps = { task: OnboardingTask; canAct: boolean };

export function FormTask({ task, canAct }: FormTaskProps) {
  const engine = useSyncEngine(useSignedInUser());
  const questions = task.formQuestions ?? [];
  if (questions.length === 0) return <p className="text-base-content/70">This form has no questions yet.</p>;
  if (task.isCompleted && task.formAnswers) return <SubmittedAnswers task={task} questions={questions} engine={engine} />;
  if (!canAct || !engine) return <QuestionsPreview task={task} questions={questions} />;
  return <FillForm task={task} questions={questions} engine={engine} />;
}

/** Whether the device holds a change of this task that the server has not confirmed yet. */
function useWaitingToSync(engine: SyncEngine | null, taskId: string): boolean {
  return useLiveQuery(async () => (engine ? (await engine.db.tasks.get(taskId))?.base !== undefined : false), [engine, taskId], false);
}

function SubmittedAnswers({ task, questions, engine }: { task: OnboardingTask; questions: FormQuestion[]; engine: SyncEngine | null }) {
  const waiting = useWaitingToSync(engine, task.id);
  const answers = task.formAnswers ?? {};
  return (
    <section className="space-y-3" aria-label="Submitted answers">
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <span className="inline-flex items-center gap-1.5 font-medium text-success">
          <CheckCircle2 className="size-4" aria-hidden="true" />
          {task.formSubmittedAt ? `Submitted ${formatDate(task.formSubmittedAt)}` : 'Submitted'}
        </span>
        {waiting && (
          <span className="inline-flex items-center gap-1 text-info">
            <CloudOff className="size-4" aria-hidden="true" /> Saved on this device, waiting to sync
          </span>
        )}
      </p>
      <dl className="divide-y divide-base-200 rounded-box border border-base-200">
        {questions.map((question) => {
          const answer = answers[question.id];
          // A date reads in the person's own words here; the export keeps it as written.
          const text = question.kind === 'date' && typeof answer === 'string' ? formatDay(answer, { dateStyle: 'long' }) : formAnswerText(question, answer);
          return (
            <div key={question.id} className="px-3 py-2">
              <dt className="text-xs font-medium text-base-content/70">{question.label}</dt>
              <dd className={`whitespace-pre-line break-words ${text ? '' : 'text-base-content/60 italic'}`}>{text || 'Not answered'}</dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}

/** The questions without controls: what the new hire will be asked. */
function QuestionsPreview({ task, questions }: { task: OnboardingTask; questions: FormQuestion[] }) {
  return (
    <section className="space-y-2" aria-label="Form questions">
      <p className="text-base-content/70">{task.formAnswers ? 'Reopened: the new hire is asked to submit this form again.' : 'The new hire fills in this form:'}</p>
      <ol className="list-decimal space-y-1.5 pl-5">
        {questions.map((question) => (
          <li key={question.id}>
            <span className="font-medium">{question.label}</span>
            {question.required && <RequiredMark />}
            {question.help && <span className="block text-xs text-base-content/70">{question.help}</span>}
          </li>
        ))}
      </ol>
    </section>
  );
}

function RequiredMark() {
  return (
    <>
      <span className="ml-0.5 text-error" aria-hidden="true">
        *
      </span>
      <span className="sr-only"> (required)</span>
    </>
  );
}

/** The id of a question's first control: the one focused when its answer is refused. */
const controlId = (formId: string, questionId: string) => `${formId}-${questionId}`;

function FillForm({ task, questions, engine }: { task: OnboardingTask; questions: FormQuestion[]; engine: SyncEngine }) {
  const formId = useId();
  // A form staff reopened starts from the answers given before, until something is typed on this device.
  const draft = useFormDraft(engine.db, task.id, task.formAnswers);
  const online = useOnline();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);
  const anyRequired = questions.some((question) => question.required);

  const { answers } = draft;
  if (!answers) return <span className="loading loading-spinner loading-sm" aria-label="Loading the form" />;

  const change = (questionId: string, value: FormAnswerValue | undefined) => {
    draft.setAnswer(questionId, value);
    if (errors[questionId]) setErrors(({ [questionId]: _fixed, ...others }) => others);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkAnswers(questions, answers);
    if (!checked.ok) {
      setErrors(checked.errors);
      const first = questions.find((question) => checked.errors[question.id]);
      if (first) document.getElementById(controlId(formId, first.id))?.focus();
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      const { outcome } = await engine.mutate('form.submit', { taskId: task.id, answers: checked.answers, submittedAt: new Date().toISOString() });
      await draft.discard();
      const result = await outcome;
      if (result === 'applied') notify.success('Form submitted', 'Thank you! Your answers have been sent.');
      else if (result === 'queued') notify.info('Saved on this device — will sync when online', 'Your answers are sent as soon as you are back online.');
    } catch (error) {
      notifyError(error, 'Could not submit the form');
    } finally {
      setSubmitting(false);
    }
  };

  const errorCount = Object.keys(errors).length;
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4" aria-label={`Form: ${task.title}`}>
      {anyRequired && (
        <p className="text-xs text-base-content/70">
          Questions marked <span className="text-error">*</span> need an answer.
        </p>
      )}
      {questions.map((question) => (
        <QuestionField
          key={question.id}
          id={controlId(formId, question.id)}
          question={question}
          value={answers[question.id]}
          error={errors[question.id]}
          onChange={(value) => change(question.id, value)}
        />
      ))}
      <div className="space-y-2 border-t border-base-200 pt-3">
        {errorCount > 0 && (
          <p role="alert" className="flex items-center gap-1.5 text-sm text-error">
            <TriangleAlert className="size-4 shrink-0" aria-hidden="true" />
            {errorCount === 1 ? 'One answer needs your attention.' : `${errorCount} answers need your attention.`}
          </p>
        )}
        {!online && (
          <p className="flex items-start gap-1.5 text-sm text-info">
            <CloudOff className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            You are offline. Submitting saves your answers on this device; they are sent when you are back online.
          </p>
        )}
        <div className="flex flex-wrap items-center gap-3">
          <PendingButton type="submit" pending={submitting} className="max-sm:btn-block" icon={<Send className="size-4" aria-hidden="true" />}>
            Submit form
          </PendingButton>
          <span className="text-xs text-base-content/70" aria-live="polite">
            {draft.savedOnDevice ? 'Draft saved on this device' : ''}
          </span>
        </div>
      </div>
    </form>
  );
}

type QuestionFieldProps = {
  id: string;
  question: FormQuestion;
  value: FormAnswerValue | undefined;
  error: string | undefined;
  onChange: (value: FormAnswerValue | undefined) => void;
};

function QuestionField({ id, question, value, error, onChange }: QuestionFieldProps) {
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  const describedBy = [question.help ? helpId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const aria = { 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined, 'aria-required': question.required || undefined } as const;
  const label = (
    <>
      {question.label}
      {question.required && <RequiredMark />}
    </>
  );
  const help = question.help && (
    <p id={helpId} className="text-xs whitespace-pre-line text-base-content/70">
      {question.help}
    </p>
  );
  const message = error && (
    <p id={errorId} className="flex items-center gap-1 text-sm text-error">
      <TriangleAlert className="size-3.5 shrink-0" aria-hidden="true" /> {error}
    </p>
  );
  const text = typeof value === 'string' ? value : '';

  switch (question.kind) {
    case 'short_text':
    case 'long_text':
    case 'date':
      return (
        <div className="fieldset gap-1 py-0">
          <label htmlFor={id} className="fieldset-legend py-0 text-sm">
            <span>{label}</span>
          </label>
          {help}
          {question.kind === 'long_text' ? (
            <textarea
              id={id}
              className={`textarea min-h-24 w-full ${error ? 'textarea-error' : ''}`}
              value={text}
              maxLength={FORM_LIMITS.longAnswer}
              onChange={(event) => onChange(event.target.value)}
              {...aria}
            />
          ) : (
            <input
              id={id}
              type={question.kind === 'date' ? 'date' : 'text'}
              className={`input w-full ${question.kind === 'date' ? 'sm:max-w-56' : ''} ${error ? 'input-error' : ''}`}
              value={text}
              maxLength={question.kind === 'short_text' ? FORM_LIMITS.shortAnswer : undefined}
              onChange={(event) => onChange(event.target.value)}
              {...aria}
            />
          )}
          {message}
        </div>
      );
    case 'single_choice':
    case 'yes_no': {
      const choices: { label: string; value: string | boolean }[] =
        question.kind === 'yes_no'
          ? [
              { label: 'Yes', value: true },
              { label: 'No', value: false },
            ]
          : (question.options ?? []).map((option) => ({ label: option, value: option }));
      return (
        <ChoiceGroup label={label} help={help} message={message} aria={aria} inline={question.kind === 'yes_no'}>
          {choices.map((choice, index) => (
            <Choice key={String(choice.value)} id={index === 0 ? id : undefined} type="radio" name={id} checked={value === choice.value} onChange={() => onChange(choice.value)}>
              {choice.label}
            </Choice>
          ))}
        </ChoiceGroup>
      );
    }
    case 'multiple_choice': {
      const chosen = Array.isArray(value) ? value : [];
      return (
        <ChoiceGroup label={label} help={help} message={message} aria={aria}>
          {(question.options ?? []).map((option, index) => (
            <Choice
              key={option}
              id={index === 0 ? id : undefined}
              type="checkbox"
              checked={chosen.includes(option)}
              onChange={(checked) => onChange(checked ? [...chosen, option] : chosen.filter((each) => each !== option))}
            >
              {option}
            </Choice>
          ))}
        </ChoiceGroup>
      );
    }
  }
}

function ChoiceGroup({
  label,
  help,
  message,
  aria,
  inline = false,
  children,
}: {
  label: ReactNode;
  help: ReactNode;
  message: ReactNode;
  aria: { 'aria-describedby'?: string; 'aria-invalid'?: true; 'aria-required'?: true };
  inline?: boolean;
  children: ReactNode;
}) {
  // aria-required is not allowed on a group; the legend says it (the required mark).
  const { 'aria-required': _required, ...groupAria } = aria;
  return (
    <fieldset className="fieldset gap-1 py-0" {...groupAria}>
      <legend className="fieldset-legend py-0 text-sm">
        <span>{label}</span>
      </legend>
      {help}
      <div className={inline ? 'flex flex-wrap gap-x-6' : 'flex flex-col'}>{children}</div>
      {message}
    </fieldset>
  );
}

function Choice({
  id,
  type,
  name,
  checked,
  onChange,
  children,
}: {
  id?: string;
  type: 'radio' | 'checkbox';
  name?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  return (
    // A whole row to tap on a phone, not just the small control.
    <label className="flex min-h-10 cursor-pointer items-center gap-3 text-sm sm:min-h-8">
      <input
        id={id}
        type={type}
        name={name}
        className={type === 'radio' ? 'radio radio-primary radio-sm' : 'checkbox checkbox-primary checkbox-sm'}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span className="break-words">{children}</span>
    </label>
  );
}
