// @vitest-environment node
// The editor's draft of a template and what it sends (template-draft.ts): a form, a policy and an
// upload task come back from a save exactly as they were written.
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { EMPTY_TASK_CONTENT, TaskInputSchema, type TaskContent, type TemplateDetails, type TemplateTask } from '../../../shared/templates.ts';
import { draftFromTemplate, draftToInput, emptyTask, taskToInput } from './template-draft.ts';

const POLICY_FILE = { id: '0b7f3c52-2f0e-4f4e-9d4a-3a1c2b9e8d10', name: 'code-of-conduct.pdf', size: 48_213, sha256: 'a'.repeat(64) };

function content(patch: Partial<TaskContent>): TaskContent {
  return { ...EMPTY_TASK_CONTENT, title: 'Task', ...patch };
}

const TASKS: TaskContent[] = [
  content({
    title: 'Your bank details',
    type: 'form',
    formQuestions: [
      { id: 'q-bank', kind: 'short_text', label: 'Account number', help: 'As on your bank card', required: true, options: null },
      { id: 'q-shirt', kind: 'single_choice', label: 'T-shirt size', help: null, required: true, options: ['S', 'M', 'L'] },
      { id: 'q-food', kind: 'multiple_choice', label: 'Lunch', help: null, required: false, options: ['Vegetarian', 'Vegan'] },
      { id: 'q-start', kind: 'date', label: 'First day you can start', help: null, required: false, options: null },
    ],
  }),
  content({ title: 'Read the code of conduct', type: 'acknowledgement', policyText: 'Be kind.\n\nBe on time.' }),
  content({ title: 'Accept the travel policy', type: 'acknowledgement', policyFile: POLICY_FILE }),
  content({ title: 'Upload your photo ID', description: 'A passport or a driving licence.', type: 'upload', uploadKinds: ['image'] }),
];

function template(tasks: TaskContent[]): TemplateDetails {
  return {
    id: 'template',
    companyId: 'company',
    title: 'Onboarding',
    description: null,
    duration: 30,
    isActive: true,
    kind: 'onboarding',
    businessDays: false,
    createdBy: null,
    creatorName: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    version: 1,
    sections: [
      {
        id: 'section',
        templateId: 'template',
        title: 'Week 1',
        description: null,
        dayStart: 1,
        dayEnd: 7,
        order: 0,
        tasks: tasks.map((task, order): TemplateTask => ({ ...task, id: `task-${order}`, sectionId: 'section', order })),
      },
    ],
  };
}

describe('a template draft of form, policy and upload tasks', () => {
  it('sends each task back as it was loaded', () => {
    const sent = draftToInput(draftFromTemplate(template(TASKS))).sections?.[0]?.tasks ?? [];
    expect(sent.map(({ id: _id, ...task }) => v.parse(TaskInputSchema, task))).toEqual(TASKS);
  });

  it('starts a new upload task taking PDFs and images, done by the new hire', () => {
    const task = emptyTask('upload');
    expect(task.uploadKinds).toEqual(['pdf', 'image']);
    expect(v.parse(TaskInputSchema, { ...taskToInput(task), title: 'Upload your ID' })).toMatchObject({ uploadKinds: ['pdf', 'image'], assigneeKind: 'new_hire' });
  });

  it('sends a PDF in place of the policy text written before it was attached', () => {
    const [draft] = draftFromTemplate(template([TASKS[1]!])).sections[0]!.tasks;
    const withPdf = { ...draft!, policyFile: POLICY_FILE };
    expect(v.parse(TaskInputSchema, taskToInput(withPdf))).toMatchObject({ policyText: null, policyFile: POLICY_FILE });
  });

  it('sends no questions, policy or file types for a task switched to another type', () => {
    const [form] = draftFromTemplate(template([TASKS[0]!])).sections[0]!.tasks;
    const parsed = v.parse(TaskInputSchema, taskToInput({ ...form!, type: 'checklist' }));
    expect(parsed).toMatchObject({ formQuestions: null, policyText: null, policyFile: null, uploadKinds: null });
  });

  it('names the question a mistake is in, by its place in the form', () => {
    const [form] = draftFromTemplate(template([TASKS[0]!])).sections[0]!.tasks;
    const questions = form!.formQuestions.map((question, index) => (index === 1 ? { ...question, label: ' ', options: question.options.slice(0, 1) } : question));
    const result = v.safeParse(TaskInputSchema, taskToInput({ ...form!, formQuestions: questions }));
    expect(result.success).toBe(false);
    const paths = (result.issues ?? []).map((issue) => issue.path?.map((step) => step.key).join('.'));
    expect(paths).toContain('formQuestions.1.label');
  });

  it('refuses a form without questions, and a form done by anyone but the new hire', () => {
    const result = v.safeParse(TaskInputSchema, taskToInput({ ...emptyTask('form'), title: 'Form', assigneeKind: 'manager' }));
    const paths = (result.issues ?? []).map((issue) => issue.path?.map((step) => step.key).join('.'));
    expect(paths).toEqual(expect.arrayContaining(['formQuestions', 'assigneeKind']));
  });
});
