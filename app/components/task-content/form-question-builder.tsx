// The questions of a form task, as an admin or manager writes them: each with its kind, text, help and
// whether it must be answered, a choice with its options; moved, removed and added in place. Messages
// come from TaskInputSchema by path ('formQuestions.2.label') and show under the control they are about.
import { ArrowDown, ArrowUp, Plus, Trash2, X } from 'lucide-react';
import { FORM_LIMITS, FORM_QUESTION_KIND_LABELS, FORM_QUESTION_KINDS, hasOptions, type FormQuestionKind } from '../../../shared/forms.ts';
import { describedBy, errorId, SelectField, TextField } from '../forms/fields.tsx';
import { addOption, changeQuestionKind, move, newQuestion, removeOption, removeQuestion, updateOption, updateQuestion, type DraftQuestion } from './action-content.ts';

export type FormQuestionBuilderProps = {
  questions: DraftQuestion[];
  /** The message at an issue path, if any. */
  errorAt: (path: string) => string | undefined;
  /** The new list, and the paths of the controls edited (their messages no longer hold). */
  onChange: (questions: DraftQuestion[], cleared: string[]) => void;
};

const KIND_OPTIONS = FORM_QUESTION_KINDS.map((kind) => ({ value: kind, label: FORM_QUESTION_KIND_LABELS[kind] }));

/** After React has drawn it: the control the person goes on with (a new question's text, a new option). */
function focusSoon(id: string) {
  requestAnimationFrame(() => document.getElementById(id)?.focus());
}

export function FormQuestionBuilder({ questions, errorAt, onChange }: FormQuestionBuilderProps) {
  const listError = errorAt('formQuestions');
  const addId = 'form-questions-add';

  function addQuestion() {
    const question = newQuestion();
    onChange([...questions, question], []);
    focusSoon(`question-${question.id}-label`);
  }

  return (
    <div className="flex flex-col gap-3">
      {questions.length === 0 && <p className="text-sm text-base-content/70">No questions yet. Add what the new hire should answer, such as their bank details.</p>}
      <ol className="flex flex-col gap-3">
        {questions.map((question, index) => (
          <QuestionEditor key={question.id} question={question} index={index} count={questions.length} questions={questions} errorAt={errorAt} onChange={onChange} />
        ))}
      </ol>
      <div>
        <button
          type="button"
          id={addId}
          className="btn btn-sm btn-outline w-fit"
          disabled={questions.length >= FORM_LIMITS.questions}
          onClick={addQuestion}
          {...describedBy(addId, listError)}
        >
          <Plus className="size-4" aria-hidden="true" /> Add question
        </button>
        {listError && (
          <p id={errorId(addId)} className="mt-1 text-sm text-error" role="alert">
            {listError}
          </p>
        )}
      </div>
    </div>
  );
}

type QuestionEditorProps = {
  question: DraftQuestion;
  index: number;
  count: number;
  questions: DraftQuestion[];
  errorAt: (path: string) => string | undefined;
  onChange: FormQuestionBuilderProps['onChange'];
};

function QuestionEditor({ question, index, count, questions, errorAt, onChange }: QuestionEditorProps) {
  const n = index + 1;
  const path = `formQuestions.${index}`;
  const id = (part: string) => `question-${question.id}-${part}`;
  const optionsError = errorAt(`${path}.options`);

  function addOptionRow() {
    onChange(addOption(questions, index), [`${path}.options`]);
    focusSoon(id(`option-${question.options.length}`));
  }

  return (
    <li className="flex flex-col gap-1 rounded-box bg-base-200 p-3">
      <div className="flex items-center gap-2">
        <h4 className="flex-1 text-sm font-semibold">Question {n}</h4>
        <button
          type="button"
          className="btn btn-ghost btn-sm btn-square"
          aria-label={`Move question ${n} up`}
          title="Move up"
          disabled={index === 0}
          onClick={() => onChange(move(questions, index, -1), [])}
        >
          <ArrowUp className="size-4" aria-hidden="true" />
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-sm btn-square"
          aria-label={`Move question ${n} down`}
          title="Move down"
          disabled={index === count - 1}
          onClick={() => onChange(move(questions, index, 1), [])}
        >
          <ArrowDown className="size-4" aria-hidden="true" />
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-sm btn-square text-error"
          aria-label={`Remove question ${n}`}
          title="Remove question"
          onClick={() => onChange(removeQuestion(questions, index), [])}
        >
          <Trash2 className="size-4" aria-hidden="true" />
        </button>
      </div>
      <div className="grid gap-x-3 sm:grid-cols-[1fr_11rem]">
        <TextField
          label={`Question ${n} text`}
          id={id('label')}
          value={question.label}
          error={errorAt(`${path}.label`)}
          maxLength={FORM_LIMITS.label}
          autoComplete="off"
          placeholder="e.g. Your bank account number"
          onChange={(label) => onChange(updateQuestion(questions, index, { label }), [`${path}.label`])}
        />
        <SelectField
          label={`Question ${n} kind`}
          id={id('kind')}
          value={question.kind}
          error={errorAt(`${path}.kind`)}
          options={KIND_OPTIONS}
          onChange={(kind) => onChange(changeQuestionKind(questions, index, kind as FormQuestionKind), [`${path}.kind`, `${path}.options`])}
        />
      </div>
      <TextField
        label={`Question ${n} help text (optional)`}
        id={id('help')}
        value={question.help}
        error={errorAt(`${path}.help`)}
        maxLength={FORM_LIMITS.help}
        autoComplete="off"
        placeholder="A hint shown under the question"
        onChange={(help) => onChange(updateQuestion(questions, index, { help }), [`${path}.help`])}
      />
      <label className="label w-fit cursor-pointer gap-2 py-1 text-sm text-base-content">
        <input
          type="checkbox"
          className="checkbox checkbox-sm"
          checked={question.required}
          onChange={(event) => onChange(updateQuestion(questions, index, { required: event.target.checked }), [])}
        />
        Required<span className="sr-only"> (question {n})</span>
      </label>
      {hasOptions(question.kind) && (
        <fieldset className="flex flex-col gap-2" {...describedBy(id('options'), optionsError)}>
          <legend className="mb-1 text-sm font-semibold">Question {n} options</legend>
          <ol className="flex flex-col gap-2">
            {question.options.map((option, optionIndex) => {
              const optionId = id(`option-${optionIndex}`);
              const optionError = errorAt(`${path}.options.${optionIndex}`);
              return (
                <li key={option.key} className="flex items-start gap-2">
                  <div className="flex-1">
                    <label htmlFor={optionId} className="sr-only">
                      Question {n} option {optionIndex + 1}
                    </label>
                    <input
                      id={optionId}
                      className={`input input-sm w-full ${optionError ? 'input-error' : ''}`}
                      value={option.text}
                      maxLength={FORM_LIMITS.option}
                      placeholder={`Option ${optionIndex + 1}`}
                      autoComplete="off"
                      onChange={(event) => onChange(updateOption(questions, index, optionIndex, event.target.value), [`${path}.options`])}
                      {...describedBy(optionId, optionError)}
                    />
                    {optionError && (
                      <p id={errorId(optionId)} className="text-sm text-error" role="alert">
                        {optionError}
                      </p>
                    )}
                  </div>
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm btn-square"
                    aria-label={`Remove option ${optionIndex + 1} of question ${n}`}
                    title="Remove option"
                    onClick={() => onChange(removeOption(questions, index, optionIndex), [`${path}.options`])}
                  >
                    <X className="size-4" aria-hidden="true" />
                  </button>
                </li>
              );
            })}
          </ol>
          <button type="button" className="btn btn-xs btn-ghost w-fit text-primary" disabled={question.options.length >= FORM_LIMITS.options} onClick={addOptionRow}>
            <Plus className="size-3" aria-hidden="true" /> Add option<span className="sr-only"> to question {n}</span>
          </button>
          {optionsError && (
            <p id={errorId(id('options'))} className="text-sm text-error" role="alert">
              {optionsError}
            </p>
          )}
        </fieldset>
      )}
    </li>
  );
}
