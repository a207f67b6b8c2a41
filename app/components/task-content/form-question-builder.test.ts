// @vitest-environment node
// The question builder of a form task: its edits (action-content.ts), and where TaskInputSchema's
// messages show in its markup (server rendering: no DOM needed).
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../../../shared/field-errors.ts';
import { CHOICE_OPTIONS_MESSAGE, FormQuestionsSchema } from '../../../shared/forms.ts';
import { TaskInputSchema } from '../../../shared/templates.ts';
import {
  actionContentToInput,
  addOption,
  changeQuestionKind,
  emptyActionContent,
  errorsAfterQuestionEdit,
  move,
  newQuestion,
  removeOption,
  removeQuestion,
  updateOption,
  updateQuestion,
  type DraftQuestion,
} from './action-content.ts';
import { FormQuestionBuilder } from './form-question-builder.tsx';

const question = (label: string, kind: DraftQuestion['kind'] = 'short_text'): DraftQuestion => ({ ...newQuestion(kind), label });
const optionTexts = (questions: DraftQuestion[], index: number) => questions[index]?.options.map((option) => option.text);
const sentQuestions = (questions: DraftQuestion[]) => actionContentToInput({ ...emptyActionContent(), formQuestions: questions }).formQuestions ?? [];

describe('editing questions', () => {
  it('gives each question its own id, kept through edits and moves', () => {
    const questions = [question('Name'), question('Shirt size', 'single_choice')];
    const [first, second] = questions;
    expect(first?.id).not.toBe(second?.id);
    const moved = move(updateQuestion(questions, 0, { label: 'Full name' }), 0, 1);
    expect(moved.map((q) => [q.id, q.label])).toEqual([
      [second?.id, 'Shirt size'],
      [first?.id, 'Full name'],
    ]);
  });

  it('adds, edits and removes the options of a choice', () => {
    let questions = [question('Shirt size', 'single_choice')];
    expect(optionTexts(questions, 0)).toEqual(['', '']);
    questions = updateOption(updateOption(questions, 0, 0, 'S'), 0, 1, 'M');
    questions = updateOption(addOption(questions, 0), 0, 2, 'L');
    expect(optionTexts(questions, 0)).toEqual(['S', 'M', 'L']);
    questions = removeOption(questions, 0, 1);
    expect(optionTexts(questions, 0)).toEqual(['S', 'L']);
    expect(sentQuestions(questions)[0]?.options).toEqual(['S', 'L']);
  });

  it('sends no options for a question switched away from a choice, and restores them when switched back', () => {
    const choice = updateOption(updateOption([question('Lunch', 'multiple_choice')], 0, 0, 'Fish'), 0, 1, 'Rice');
    const text = changeQuestionKind(choice, 0, 'long_text');
    expect(sentQuestions(text)[0]?.options).toBeNull();
    expect(v.safeParse(FormQuestionsSchema, sentQuestions(text)).success).toBe(true);
    expect(optionTexts(changeQuestionKind(text, 0, 'single_choice'), 0)).toEqual(['Fish', 'Rice']);
  });

  it('gives a question switched to a choice two blank options to fill in', () => {
    expect(optionTexts(changeQuestionKind([question('Team')], 0, 'single_choice'), 0)).toEqual(['', '']);
  });

  it('moves a message with its question, and drops those of a removed question or an edited control', () => {
    const questions = [question('A'), question('', 'single_choice'), question('')];
    const errors = {
      'formQuestions.1.options': 'Two options',
      'formQuestions.2.label': 'Question is required',
      formQuestions: 'Add at least one question',
      title: 'Task title is required',
    };
    const moved = move(questions, 1, -1);
    expect(errorsAfterQuestionEdit(errors, questions, moved, [])).toEqual({
      'formQuestions.0.options': 'Two options',
      'formQuestions.2.label': 'Question is required',
      title: 'Task title is required',
    });
    const removed = removeQuestion(questions, 1);
    expect(errorsAfterQuestionEdit(errors, questions, removed, [])).toEqual({ 'formQuestions.1.label': 'Question is required', title: 'Task title is required' });
    expect(errorsAfterQuestionEdit(errors, questions, questions, ['formQuestions.2.label'])).toEqual({ 'formQuestions.1.options': 'Two options', title: 'Task title is required' });
  });
});

describe('the question builder', () => {
  /** The text of the message with this id, shown as an alert. */
  const messageOf = (html: string, id: string) => new RegExp(`<p id="${id}"[^>]*role="alert">([^<]*)</p>`).exec(html)?.[1];

  function render(questions: DraftQuestion[], errors: Record<string, string>) {
    return renderToStaticMarkup(createElement(FormQuestionBuilder, { questions, errorAt: (path: string) => errors[path], onChange: () => undefined }));
  }

  function schemaErrors(questions: DraftQuestion[]) {
    const result = v.safeParse(TaskInputSchema, { title: 'Form', type: 'form', ...actionContentToInput({ ...emptyActionContent(), formQuestions: questions }) });
    return result.success ? {} : fieldErrors(result.issues);
  }

  it('shows a question’s message under that question’s control, wired to it', () => {
    // Question 2 has no text and one option only.
    const flat = removeOption(updateOption([question('Name'), question('', 'single_choice')], 1, 0, 'Only one'), 1, 1);
    const errors = schemaErrors(flat);
    expect(errors).toMatchObject({ 'formQuestions.1.label': 'Question is required', 'formQuestions.1.options': CHOICE_OPTIONS_MESSAGE });
    const html = render(flat, errors);
    const second = flat[1]!.id;
    // The text input of question 2 points at the message right after it.
    expect(html).toMatch(new RegExp(`id="question-${second}-label"[^>]*aria-invalid="true" aria-describedby="question-${second}-label-error"`));
    expect(messageOf(html, `question-${second}-label-error`)).toBe('Question is required');
    expect(messageOf(html, `question-${second}-options-error`)).toBe(CHOICE_OPTIONS_MESSAGE);
    // Question 1 is fine: nothing of it is marked.
    expect(html).not.toContain(`question-${flat[0]!.id}-label-error`);
  });

  it('shows a blank option’s message under that option', () => {
    const questions = updateOption([question('Shirt size', 'single_choice')], 0, 0, 'S');
    const html = render(questions, schemaErrors(questions));
    const id = questions[0]!.id;
    expect(messageOf(html, `question-${id}-option-1-error`)).toBe('Options cannot be blank');
    expect(html).not.toContain(`question-${id}-option-0-error`);
  });

  it('shows a form with no questions its message at the Add question button', () => {
    const html = render([], schemaErrors([]));
    expect(html).toMatch(/id="form-questions-add"[^>]*aria-describedby="form-questions-add-error"/);
    expect(messageOf(html, 'form-questions-add-error')).toBe('Add at least one question');
  });

  it('labels every control of a question by its number', () => {
    const html = render([question('Name'), question('Shirt size', 'single_choice')], {});
    for (const label of [
      'Question 2 text',
      'Question 2 kind',
      'Question 2 help text (optional)',
      'Question 2 option 1',
      'Move question 2 up',
      'Remove question 2',
      'Remove option 2 of question 2',
    ]) {
      expect(html).toContain(label);
    }
  });
});
