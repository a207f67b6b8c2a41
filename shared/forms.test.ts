// The one check of a form's questions and answers (issue 19), run by the form on the device and by the
// server's form.submit alike.
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { fieldErrors } from './field-errors.ts';
import {
  CHOICE_ANSWER_MESSAGE,
  CHOICE_OPTIONS_MESSAGE,
  DATE_ANSWER_MESSAGE,
  FORM_LIMITS,
  formAnswersSchema,
  formAnswerText,
  FormQuestionSchema,
  FormQuestionsSchema,
  REQUIRED_ANSWER_MESSAGE,
  type FormQuestion,
  type FormQuestionKind,
} from './forms.ts';

const question = (kind: FormQuestionKind, fields: Partial<FormQuestion> = {}): FormQuestion => ({
  id: `q-${kind}`,
  kind,
  label: `A ${kind} question`,
  help: null,
  required: false,
  options: kind === 'single_choice' || kind === 'multiple_choice' ? ['Red', 'Green', 'Blue'] : null,
  ...fields,
});

const ALL_KINDS: FormQuestionKind[] = ['short_text', 'long_text', 'single_choice', 'multiple_choice', 'date', 'yes_no'];

/** The answers as the schema keeps them, or the message per question id. */
function check(questions: FormQuestion[], answers: unknown) {
  const result = v.safeParse(formAnswersSchema(questions), answers);
  return result.success ? { answers: result.output } : { errors: fieldErrors(result.issues) };
}

describe('form answers', () => {
  it('refuses a required question left unanswered, of every kind, blank text included', () => {
    const questions = ALL_KINDS.map((kind) => question(kind, { required: true }));
    const expected = Object.fromEntries(questions.map((each) => [each.id, REQUIRED_ANSWER_MESSAGE]));
    expect(check(questions, {})).toEqual({ errors: expected });
    expect(check(questions, { 'q-short_text': '   ', 'q-long_text': '', 'q-single_choice': '', 'q-multiple_choice': [], 'q-date': ' ', 'q-yes_no': null })).toEqual({
      errors: expected,
    });
  });

  it('takes an optional question left unanswered as null', () => {
    const questions = ALL_KINDS.map((kind) => question(kind));
    expect(check(questions, {})).toEqual({ answers: Object.fromEntries(questions.map((each) => [each.id, null])) });
  });

  it('keeps a full answer of every kind, text trimmed', () => {
    const questions = ALL_KINDS.map((kind) => question(kind, { required: true }));
    const answers = {
      'q-short_text': '  Kav  ',
      'q-long_text': 'Line one\nLine two',
      'q-single_choice': 'Green',
      'q-multiple_choice': ['Blue', 'Red'],
      'q-date': '2026-02-28',
      'q-yes_no': false,
    };
    expect(check(questions, answers)).toEqual({
      answers: { ...answers, 'q-short_text': 'Kav', 'q-multiple_choice': ['Red', 'Blue'] },
    });
  });

  it('keeps multiple choices in the order the question lists them, once each', () => {
    expect(check([question('multiple_choice')], { 'q-multiple_choice': ['Blue', 'Red', 'Blue'] })).toEqual({ answers: { 'q-multiple_choice': ['Red', 'Blue'] } });
  });

  it('refuses a choice that is not one of the options', () => {
    expect(check([question('single_choice')], { 'q-single_choice': 'Purple' })).toEqual({ errors: { 'q-single_choice': CHOICE_ANSWER_MESSAGE } });
    expect(check([question('multiple_choice')], { 'q-multiple_choice': ['Red', 'Purple'] })).toMatchObject({ errors: { 'q-multiple_choice': CHOICE_ANSWER_MESSAGE } });
    expect(check([question('multiple_choice')], { 'q-multiple_choice': 'Red' })).toEqual({ errors: { 'q-multiple_choice': CHOICE_ANSWER_MESSAGE } });
  });

  it('refuses a date that is no calendar day', () => {
    for (const bad of ['2026-02-30', '2026-13-01', '26-01-01', '2026-1-5', 'tomorrow', '2026-01-05T10:00:00Z']) {
      expect(check([question('date')], { 'q-date': bad }), bad).toEqual({ errors: { 'q-date': DATE_ANSWER_MESSAGE } });
    }
    expect(check([question('date')], { 'q-date': '2028-02-29' })).toEqual({ answers: { 'q-date': '2028-02-29' } });
  });

  it('refuses an answer of the wrong type', () => {
    expect(check([question('yes_no')], { 'q-yes_no': 'yes' })).toEqual({ errors: { 'q-yes_no': REQUIRED_ANSWER_MESSAGE } });
    expect(check([question('short_text')], { 'q-short_text': 42 })).toEqual({ errors: { 'q-short_text': REQUIRED_ANSWER_MESSAGE } });
  });

  it('drops answers to questions the form does not ask', () => {
    expect(check([question('short_text')], { 'q-short_text': 'Hi', 'q-removed': 'old', __proto__: 'x' })).toEqual({ answers: { 'q-short_text': 'Hi' } });
  });

  it('limits the length of text answers', () => {
    expect(check([question('short_text')], { 'q-short_text': 'x'.repeat(FORM_LIMITS.shortAnswer) })).toHaveProperty('answers');
    expect(check([question('short_text')], { 'q-short_text': 'x'.repeat(FORM_LIMITS.shortAnswer + 1) })).toEqual({
      errors: { 'q-short_text': `Answers must be at most ${FORM_LIMITS.shortAnswer} characters` },
    });
    expect(check([question('long_text')], { 'q-long_text': 'x'.repeat(FORM_LIMITS.longAnswer + 1) })).toEqual({
      errors: { 'q-long_text': `Answers must be at most ${FORM_LIMITS.longAnswer} characters` },
    });
  });
});

describe('form questions', () => {
  it('needs two different options for a choice question, and keeps options only there', () => {
    const bad = v.safeParse(FormQuestionSchema, question('single_choice', { options: ['Same', 'Same'] }));
    expect(bad.success ? {} : fieldErrors(bad.issues)).toEqual({ options: CHOICE_OPTIONS_MESSAGE });
    expect(v.parse(FormQuestionSchema, question('short_text', { options: ['Left', 'Behind'] })).options).toBeNull();
    expect(v.parse(FormQuestionSchema, question('multiple_choice', { options: ['A', 'B', 'A'] })).options).toEqual(['A', 'B']);
  });

  it('limits a form to its number of questions, each with its own id', () => {
    const many = Array.from({ length: FORM_LIMITS.questions + 1 }, (_, index) => question('short_text', { id: `q${index}` }));
    expect(v.safeParse(FormQuestionsSchema, many).success).toBe(false);
    expect(v.safeParse(FormQuestionsSchema, many.slice(1)).success).toBe(true);
    expect(v.safeParse(FormQuestionsSchema, [question('date'), question('date')]).success).toBe(false);
  });

  it('limits labels, help and options', () => {
    expect(v.safeParse(FormQuestionSchema, question('short_text', { label: 'x'.repeat(FORM_LIMITS.label + 1) })).success).toBe(false);
    expect(v.safeParse(FormQuestionSchema, question('short_text', { help: 'x'.repeat(FORM_LIMITS.help + 1) })).success).toBe(false);
    const options = Array.from({ length: FORM_LIMITS.options + 1 }, (_, index) => `Option ${index}`);
    expect(v.safeParse(FormQuestionSchema, question('single_choice', { options })).success).toBe(false);
    expect(v.safeParse(FormQuestionSchema, question('single_choice', { options: options.slice(1) })).success).toBe(true);
  });
});

describe('formAnswerText', () => {
  it('words each kind of answer, and nothing for none', () => {
    expect(formAnswerText({ kind: 'yes_no' }, true)).toBe('Yes');
    expect(formAnswerText({ kind: 'yes_no' }, false)).toBe('No');
    expect(formAnswerText({ kind: 'multiple_choice' }, ['Red', 'Blue'])).toBe('Red; Blue');
    expect(formAnswerText({ kind: 'date' }, '2026-03-02')).toBe('2026-03-02');
    expect(formAnswerText({ kind: 'short_text' }, null)).toBe('');
    expect(formAnswerText({ kind: 'short_text' }, undefined)).toBe('');
  });
});
