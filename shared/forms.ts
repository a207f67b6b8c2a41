// Form tasks (issue 19): the questions an admin writes in the template editor, and the answers a new
// hire gives. `formAnswersSchema(questions)` is the one validation of answers: the form on the device
// and the server's `form.submit` both run it, so an answer the screen accepted is never refused later
// for a reason the person was not shown.
import * as v from 'valibot';

export const FORM_QUESTION_KINDS = ['short_text', 'long_text', 'single_choice', 'multiple_choice', 'date', 'yes_no'] as const;
export type FormQuestionKind = (typeof FORM_QUESTION_KINDS)[number];

export const FORM_QUESTION_KIND_LABELS: Record<FormQuestionKind, string> = {
  short_text: 'Short text',
  long_text: 'Long text',
  single_choice: 'Single choice',
  multiple_choice: 'Multiple choice',
  date: 'Date',
  yes_no: 'Yes / no',
};

export const FORM_LIMITS = {
  questions: 50,
  label: 300,
  help: 1000,
  options: 30,
  option: 200,
  shortAnswer: 500,
  longAnswer: 5000,
} as const;

export function hasOptions(kind: FormQuestionKind): kind is 'single_choice' | 'multiple_choice' {
  return kind === 'single_choice' || kind === 'multiple_choice';
}

export const CHOICE_OPTIONS_MESSAGE = 'A choice question needs at least two different options';

export const FormQuestionSchema = v.pipe(
  v.object({
    /** Made by the editor; answers are keyed by it, so it stays when the question is reworded. */
    id: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
    kind: v.picklist(FORM_QUESTION_KINDS, 'Choose the kind of question'),
    label: v.pipe(
      v.string('Question is required'),
      v.trim(),
      v.minLength(1, 'Question is required'),
      v.maxLength(FORM_LIMITS.label, `Question must be at most ${FORM_LIMITS.label} characters`),
    ),
    help: v.nullish(
      v.pipe(
        v.string(),
        v.trim(),
        v.maxLength(FORM_LIMITS.help, `Help text must be at most ${FORM_LIMITS.help} characters`),
        v.transform((text): string | null => text || null),
      ),
      null,
    ),
    required: v.optional(v.boolean(), false),
    options: v.nullish(
      v.pipe(
        v.array(
          v.pipe(v.string(), v.trim(), v.minLength(1, 'Options cannot be blank'), v.maxLength(FORM_LIMITS.option, `Options must be at most ${FORM_LIMITS.option} characters`)),
        ),
        v.maxLength(FORM_LIMITS.options, `A question can have at most ${FORM_LIMITS.options} options`),
      ),
      null,
    ),
  }),
  v.forward(
    v.partialCheck([['kind'], ['options']], (question) => !hasOptions(question.kind) || new Set(question.options ?? []).size >= 2, CHOICE_OPTIONS_MESSAGE),
    ['options'],
  ),
  // Only choice questions keep options, so a kind switch in the editor leaves none hidden behind.
  v.transform((question) => ({ ...question, options: hasOptions(question.kind) ? [...new Set(question.options)] : null })),
);
export type FormQuestion = v.InferOutput<typeof FormQuestionSchema>;

export const FormQuestionsSchema = v.pipe(
  v.array(FormQuestionSchema),
  v.maxLength(FORM_LIMITS.questions, `A form can have at most ${FORM_LIMITS.questions} questions`),
  v.check((questions) => new Set(questions.map((question) => question.id)).size === questions.length, 'Each question needs its own id'),
);

/** One answer: text and dates as text ('YYYY-MM-DD'), a multiple choice as the chosen options, yes/no as a boolean. */
export type FormAnswerValue = string | string[] | boolean | null;
/** A form's answers by question id. */
export type FormAnswers = Record<string, FormAnswerValue>;

export const REQUIRED_ANSWER_MESSAGE = 'This question needs an answer';
export const CHOICE_ANSWER_MESSAGE = 'Choose one of the options';
export const DATE_ANSWER_MESSAGE = 'Enter a valid date';

function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

const blankToNull = v.transform((text: string): string | null => text || null);

function answerSchema(question: FormQuestion) {
  const options = question.options ?? [];
  switch (question.kind) {
    case 'short_text':
    case 'long_text': {
      const max = question.kind === 'short_text' ? FORM_LIMITS.shortAnswer : FORM_LIMITS.longAnswer;
      return v.nullish(v.pipe(v.string(REQUIRED_ANSWER_MESSAGE), v.trim(), v.maxLength(max, `Answers must be at most ${max} characters`), blankToNull), null);
    }
    case 'single_choice':
      return v.nullish(v.pipe(v.string(CHOICE_ANSWER_MESSAGE), blankToNull, v.nullable(v.picklist(options, CHOICE_ANSWER_MESSAGE))), null);
    case 'multiple_choice':
      return v.nullish(
        v.pipe(
          v.array(v.unknown(), CHOICE_ANSWER_MESSAGE),
          // Checked as a whole, so the path is the question's id (not one of its items).
          v.check((chosen) => chosen.every((option) => typeof option === 'string' && options.includes(option)), CHOICE_ANSWER_MESSAGE),
          // Kept in the order the question lists them, once each.
          v.transform((chosen): string[] | null => (chosen.length ? options.filter((option) => chosen.includes(option)) : null)),
        ),
        null,
      );
    case 'date':
      return v.nullish(v.pipe(v.string(DATE_ANSWER_MESSAGE), v.trim(), blankToNull, v.nullable(v.pipe(v.string(), v.check(isCalendarDate, DATE_ANSWER_MESSAGE)))), null);
    case 'yes_no':
      return v.nullish(v.boolean(REQUIRED_ANSWER_MESSAGE), null);
  }
}

/**
 * The answers to these questions: each checked by its kind, a required one present, unknown keys dropped.
 * An issue's path is the question's id, so the form shows it under that question.
 */
export function formAnswersSchema(questions: readonly FormQuestion[]) {
  const entries = Object.fromEntries(
    questions.map((question) => {
      const answer = answerSchema(question);
      return [
        question.id,
        question.required
          ? v.pipe(
              answer,
              v.check((value) => value !== null, REQUIRED_ANSWER_MESSAGE),
            )
          : answer,
      ];
    }),
  );
  return v.pipe(
    v.object(entries),
    v.transform((answers) => answers as FormAnswers),
  );
}

/** An answer as words: for the Responses view and the CSV export. Unanswered is ''. */
export function formAnswerText(question: Pick<FormQuestion, 'kind'>, value: FormAnswerValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (question.kind === 'yes_no') return value === true ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.join('; ');
  return String(value);
}

/** Answers typed so far on this device (a draft), before they are checked: text, chosen options, yes/no. */
export type FormDraftAnswers = Record<string, FormAnswerValue | undefined>;
