// Form tasks through the real sync push (issue 19): a submission completes the task once, with its
// plan's counters, and every refusal reaches the device as a rejected mutation with its reason.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { FormQuestion } from '../../shared/forms.ts';
import type { PlanDetails } from '../../shared/onboarding.ts';
import type { PullResponse, PushResponse, SyncTask } from '../../shared/sync.ts';
import { ACTION_TASK_TICK_MESSAGES } from '../../shared/tasks.ts';
import { createTeamMember } from '../auth/auth.queries.ts';
import { transaction } from '../db/client.ts';
import type { AppError } from '../lib/app-error.ts';
import { expectCountersMatchRecount } from '../stats/counter-recount.ts';
import { createTestContext, TEST_PASSWORD_HASH, type TestContext } from '../test/harness.ts';
import { FORM_ALREADY_SUBMITTED_MESSAGE, FORM_ASSIGNEE_ONLY_MESSAGE, NOT_A_FORM_MESSAGE, submitForm } from './forms.queries.ts';

type Company = Awaited<ReturnType<TestContext['createCompany']>>;

const QUESTIONS: FormQuestion[] = [
  { id: 'q-iban', kind: 'short_text', label: 'Bank account (IBAN)', help: null, required: true, options: null },
  { id: 'q-shirt', kind: 'single_choice', label: 'T-shirt size', help: null, required: false, options: ['S', 'M', 'L'] },
  { id: 'q-start', kind: 'date', label: 'First day in the office', help: null, required: false, options: null },
];

const GOOD_ANSWERS = { 'q-iban': '  DE89 3704 0044 0532 0130 00 ', 'q-shirt': 'M', 'q-start': '2026-03-02', 'q-unknown': 'dropped' };

describe('form.submit', () => {
  let ctx: TestContext;
  let acme: Company;
  let plan: PlanDetails;
  let formTask: PlanDetails['tasks'][number];
  let checklistTask: PlanDetails['tasks'][number];

  /** A template with a form and a checklist task through the REST API, assigned to `newHireId`. */
  async function assignFormPlan(company: Company, newHireId = company.newHire.id): Promise<PlanDetails> {
    const template = await ctx.request('/api/templates', {
      method: 'POST',
      cookie: company.cookies.admin,
      body: {
        title: 'Paperwork',
        duration: 14,
        sections: [
          {
            title: 'Week 1',
            dayStart: 1,
            dayEnd: 7,
            tasks: [
              { title: 'Your details', type: 'form', formQuestions: QUESTIONS },
              { title: 'Laptop', type: 'checklist' },
            ],
          },
        ],
      },
    });
    expect(template.status).toBe(201);
    const assigned = await ctx.request('/api/onboarding-plans', {
      method: 'POST',
      cookie: company.cookies.admin,
      body: { newHireId, templateId: template.body.id, startDate: '2026-03-02', managerId: company.manager.id },
    });
    expect(assigned.status).toBe(201);
    return assigned.body as PlanDetails;
  }

  beforeEach(async () => {
    ctx = await createTestContext();
    acme = await ctx.createCompany('Acme');
    plan = await assignFormPlan(acme);
    formTask = plan.tasks.find((task) => task.type === 'form')!;
    checklistTask = plan.tasks.find((task) => task.type === 'checklist')!;
  });

  const submission = (id: number, taskId: string, answers: Record<string, unknown> = GOOD_ANSWERS, submittedAt = '2026-03-03T09:30:00.000Z') => ({
    id,
    name: 'form.submit',
    args: { taskId, answers, submittedAt },
  });
  const push = async (cookie: string, mutations: unknown[], clientId: string = crypto.randomUUID()) => {
    const response = await ctx.request('/api/sync/push', { method: 'POST', cookie, body: { clientId, mutations } });
    expect(response.status).toBe(200);
    return response.body as PushResponse;
  };
  const taskOnDevice = async (cookie: string, taskId: string) => {
    const pulled = (await ctx.request(`/api/sync/pull?clientId=${crypto.randomUUID()}&cursor=0`, { cookie })).body as PullResponse;
    return pulled.tasks.find((task): task is SyncTask => task.id === taskId && !('deleted' in task));
  };
  const planAsStaff = async () => (await ctx.request(`/api/onboarding-plans/${plan.id}`, { cookie: acme.cookies.admin })).body as PlanDetails;

  it('stores the checked answers, completes the task and moves the plan counters, and pokes the plan', async () => {
    const publish = vi.spyOn(ctx.changes, 'publish');
    const result = await push(acme.cookies.newHire, [submission(1, formTask.id)]);
    expect(result.results).toEqual([{ id: 1, status: 'applied' }]);

    const task = await taskOnDevice(acme.cookies.newHire, formTask.id);
    // Trimmed, and the unknown key dropped: what the shared schema made of the answers.
    expect(task).toMatchObject({
      isCompleted: true,
      completedAt: '2026-03-03T09:30:00.000Z',
      formSubmittedAt: '2026-03-03T09:30:00.000Z',
      formAnswers: { 'q-iban': 'DE89 3704 0044 0532 0130 00', 'q-shirt': 'M', 'q-start': '2026-03-02' },
    });
    const details = await planAsStaff();
    expect(details.completedTasks).toBe(1);
    expect(details.newHireProgress.completedTasks).toBe(1);
    await expectCountersMatchRecount(ctx.db, acme.company.id);
    expect(publish).toHaveBeenCalledWith(expect.objectContaining({ companyId: acme.company.id, poke: expect.objectContaining({ topic: 'tasks', planId: plan.id }) }));
  });

  it('clamps a submission time from the future to the server’s now', async () => {
    const before = Date.now();
    await push(acme.cookies.newHire, [submission(1, formTask.id, GOOD_ANSWERS, '2999-01-01T00:00:00.000Z')]);
    const task = await taskOnDevice(acme.cookies.newHire, formTask.id);
    expect(Date.parse(task!.formSubmittedAt!)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(task!.formSubmittedAt!)).toBeLessThanOrEqual(Date.now());
  });

  it('applies a replayed push once, and refuses a second submission of the same form', async () => {
    const clientId = crypto.randomUUID();
    const body = [submission(1, formTask.id)];
    expect((await push(acme.cookies.newHire, body, clientId)).results).toEqual([{ id: 1, status: 'applied' }]);
    expect((await push(acme.cookies.newHire, body, clientId)).results).toEqual([{ id: 1, status: 'duplicate' }]);
    // Another device of the same person submitting again: refused, and the first answers stay.
    const again = await push(acme.cookies.newHire, [submission(1, formTask.id, { 'q-iban': 'other' })]);
    expect(again.results).toEqual([{ id: 1, status: 'rejected', message: FORM_ALREADY_SUBMITTED_MESSAGE }]);
    expect((await taskOnDevice(acme.cookies.newHire, formTask.id))?.formAnswers?.['q-iban']).toBe('DE89 3704 0044 0532 0130 00');
    expect((await planAsStaff()).completedTasks).toBe(1);
    await expectCountersMatchRecount(ctx.db, acme.company.id);
  });

  it('takes one of two devices submitting the same form at once, and refuses the other', async () => {
    const [one, two] = await Promise.all([
      push(acme.cookies.newHire, [submission(1, formTask.id)]),
      push(acme.cookies.newHire, [submission(1, formTask.id, { ...GOOD_ANSWERS, 'q-iban': 'other' })]),
    ]);
    expect([...one.results, ...two.results].map((result) => result.status).sort()).toEqual(['applied', 'rejected']);
    expect((await planAsStaff()).completedTasks).toBe(1);
    await expectCountersMatchRecount(ctx.db, acme.company.id);
  });

  it('rejects answers the questions refuse, naming the question, and leaves the task open', async () => {
    const missing = await push(acme.cookies.newHire, [submission(1, formTask.id, { 'q-shirt': 'M' })]);
    expect(missing.results).toEqual([{ id: 1, status: 'rejected', message: 'Bank account (IBAN): This question needs an answer' }]);
    const badDate = await push(acme.cookies.newHire, [submission(1, formTask.id, { 'q-iban': 'DE89', 'q-start': '2026-02-30' })]);
    expect(badDate.results[0]).toMatchObject({ status: 'rejected', message: 'First day in the office: Enter a valid date' });
    const badChoice = await push(acme.cookies.newHire, [submission(1, formTask.id, { 'q-iban': 'DE89', 'q-shirt': 'XXL' })]);
    expect(badChoice.results[0]).toMatchObject({ status: 'rejected', message: 'T-shirt size: Choose one of the options' });
    expect(await taskOnDevice(acme.cookies.newHire, formTask.id)).toMatchObject({ isCompleted: false, formAnswers: null, formSubmittedAt: null });
  });

  it('answers issues by question id', async () => {
    const error = await transaction(ctx.db, (tx) => submitForm(tx, acme.newHire, { taskId: formTask.id, answers: { 'q-start': 'soon' } })).catch((thrown: AppError) => thrown);
    expect(error).toMatchObject({ status: 400, code: 'validation_failed' });
    expect((error as AppError).issues).toEqual([
      { path: 'q-iban', message: 'This question needs an answer' },
      { path: 'q-start', message: 'Enter a valid date' },
    ]);
  });

  it('refuses another company’s form and another new hire’s form as not found', async () => {
    const globex = await ctx.createCompany('Globex');
    const globexPlan = await assignFormPlan(globex);
    const globexForm = globexPlan.tasks.find((task) => task.type === 'form')!;
    const colleague = await createTeamMember(ctx.db, {
      companyId: acme.company.id,
      email: `colleague-${crypto.randomUUID().slice(0, 6)}@acme.test`,
      fullName: 'Acme Colleague',
      role: 'new_hire',
      managerId: acme.manager.id,
      passwordHash: TEST_PASSWORD_HASH,
    });
    const colleagueForm = (await assignFormPlan(acme, colleague.id)).tasks.find((task) => task.type === 'form')!;

    const result = await push(acme.cookies.newHire, [submission(1, globexForm.id), submission(2, colleagueForm.id), submission(3, crypto.randomUUID())]);
    expect(result.results).toEqual([
      { id: 1, status: 'rejected', message: 'Task not found' },
      { id: 2, status: 'rejected', message: 'Task not found' },
      { id: 3, status: 'rejected', message: 'Task not found' },
    ]);
    expect(await taskOnDevice(globex.cookies.newHire, globexForm.id)).toMatchObject({ isCompleted: false, formAnswers: null });
  });

  it('refuses staff who see the plan with 403, and a task that is no form with 400', async () => {
    const asManager = await push(acme.cookies.manager, [submission(1, formTask.id)]);
    expect(asManager.results).toEqual([{ id: 1, status: 'rejected', message: FORM_ASSIGNEE_ONLY_MESSAGE }]);
    const status = await transaction(ctx.db, (tx) => submitForm(tx, acme.admin, { taskId: formTask.id, answers: GOOD_ANSWERS })).catch((thrown: AppError) => thrown.status);
    expect(status).toBe(403);

    const notAForm = await push(acme.cookies.newHire, [submission(1, checklistTask.id)]);
    expect(notAForm.results).toEqual([{ id: 1, status: 'rejected', message: NOT_A_FORM_MESSAGE }]);
  });

  it('refuses a tick of a form task, in the push and through REST, but lets staff reopen a submitted one', async () => {
    const tick = await push(acme.cookies.newHire, [{ id: 1, name: 'task.setCompleted', args: { taskId: formTask.id, isCompleted: true } }]);
    expect(tick.results).toEqual([{ id: 1, status: 'rejected', message: ACTION_TASK_TICK_MESSAGES.form }]);
    const rest = await ctx.request(`/api/onboarding-tasks/${formTask.id}`, { method: 'PATCH', cookie: acme.cookies.manager, body: { isCompleted: true } });
    expect(rest.status).toBe(400);
    expect(rest.body.message).toBe(ACTION_TASK_TICK_MESSAGES.form);

    await push(acme.cookies.newHire, [submission(1, formTask.id)]);
    const reopen = await ctx.request(`/api/onboarding-tasks/${formTask.id}`, { method: 'PATCH', cookie: acme.cookies.manager, body: { isCompleted: false } });
    expect(reopen.status).toBe(200);
    // Reopened, the form may be submitted again; the new answers replace the old.
    const again = await push(acme.cookies.newHire, [submission(1, formTask.id, { 'q-iban': 'NL91 ABNA 0417 1643 00' })]);
    expect(again.results).toEqual([{ id: 1, status: 'applied' }]);
    expect(await taskOnDevice(acme.cookies.newHire, formTask.id)).toMatchObject({
      isCompleted: true,
      formAnswers: { 'q-iban': 'NL91 ABNA 0417 1643 00', 'q-shirt': null, 'q-start': null },
    });
    await expectCountersMatchRecount(ctx.db, acme.company.id);
  });
});
