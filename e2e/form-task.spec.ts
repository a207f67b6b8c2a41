// A form task on the new hire's phone (issue 19), offline: part of it typed, the draft still there after
// a reload, the missing answers refused under their questions, the form submitted offline and shown
// submitted (waiting to sync) after another reload; back online, the server has the answers and the
// task is completed.
import { expect, test } from '@playwright/test';
import { REQUIRED_ANSWER_MESSAGE, type FormQuestion } from '../shared/forms.ts';
import type { PlanDetails } from '../shared/onboarding.ts';
import { newHireWithTasks, signInByApi, signUpCompany, TEST_PASSWORD, waitForServiceWorkerControl } from './fixtures.ts';
import { reviewScreenshots } from './screenshots.ts';

// This spec is about the service worker (e2e/playwright.config.ts blocks it everywhere else).
test.use({ serviceWorkers: 'allow' });

const FORM_TITLE = 'Your details for HR';

const QUESTIONS: FormQuestion[] = [
  { id: 'preferred-name', kind: 'short_text', label: 'Preferred name', help: 'What should we call you?', required: true, options: null },
  { id: 'shirt', kind: 'single_choice', label: 'T-shirt size', help: null, required: true, options: ['S', 'M', 'L', 'XL'] },
  {
    id: 'days',
    kind: 'multiple_choice',
    label: 'Days in the office',
    help: 'Choose all that apply.',
    required: false,
    options: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
  },
  { id: 'birthday', kind: 'date', label: 'Birthday', help: null, required: false, options: null },
  { id: 'parking', kind: 'yes_no', label: 'Do you need a parking space?', help: null, required: true, options: null },
  { id: 'notes', kind: 'long_text', label: 'Anything else we should know?', help: null, required: false, options: null },
];

test('the new hire fills a form offline, keeps the draft across a reload, and the answers reach the server once online', async ({ browser }) => {
  const stamp = Date.now().toString(36);
  const adminContext = await signUpCompany(browser, { adminEmail: `form-admin-${stamp}@example.test`, companyName: 'Forms Co' });
  const admin = adminContext.request;
  const email = `form-nimal-${stamp}@example.test`;
  const { plan } = await newHireWithTasks(admin, email, [
    { title: FORM_TITLE, type: 'form', formQuestions: QUESTIONS },
    { title: 'Set up your laptop', type: 'checklist' },
  ]);
  const formTask = plan.tasks.find((task) => task.type === 'form')!;

  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signInByApi(page.request, email, TEST_PASSWORD);
  expect((await page.request.patch('/api/users/me', { data: { fullName: 'Nimal Fernando' } })).ok()).toBe(true);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: /Welcome, Nimal/ })).toBeVisible();
  await waitForServiceWorkerControl(page);

  const yourTasks = page.getByRole('region', { name: /^Your Tasks/ });
  const row = yourTasks.getByRole('listitem').filter({ hasText: FORM_TITLE });
  // No tick box for a form: its status, and a button that opens it.
  await expect(row.getByRole('checkbox')).toHaveCount(0);
  await expect(row.getByRole('img', { name: 'To do' })).toBeVisible();
  const form = yourTasks.getByRole('form', { name: `Form: ${FORM_TITLE}` });
  const openForm = async () => {
    await yourTasks.getByRole('button', { name: 'Fill in the form' }).click();
    await expect(form).toBeVisible();
  };

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: /Welcome, Nimal/ })).toBeVisible();
  await openForm();
  await reviewScreenshots(page, 'form-task-empty', { fullPage: true });

  // Part of the form, offline: kept on the device once the typing pauses.
  await form.getByLabel('Preferred name').fill('Nim');
  await form.getByRole('radio', { name: 'M', exact: true }).check();
  await form.getByRole('checkbox', { name: 'Tuesday' }).check();
  await expect(form.getByText('Draft saved on this device')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: /Welcome, Nimal/ })).toBeVisible();
  await openForm();
  await expect(form.getByLabel('Preferred name')).toHaveValue('Nim');
  await expect(form.getByRole('radio', { name: 'M', exact: true })).toBeChecked();
  await expect(form.getByRole('checkbox', { name: 'Tuesday' })).toBeChecked();

  // A required question left out: its message under it, and the keyboard taken there.
  await form.getByLabel('Birthday').fill('1999-04-12');
  await form.getByRole('button', { name: 'Submit form' }).click();
  const parking = form.getByRole('group', { name: /Do you need a parking space/ });
  await expect(parking).toContainText(REQUIRED_ANSWER_MESSAGE);
  await expect(parking.getByRole('radio', { name: 'Yes' })).toBeFocused();
  await expect(form.getByRole('alert')).toHaveText('One answer needs your attention.');
  await expect(form.getByText('You are offline.')).toBeVisible();
  await reviewScreenshots(page, 'form-task-errors', { fullPage: true });

  await parking.getByRole('radio', { name: 'No' }).check();
  await expect(parking).not.toContainText(REQUIRED_ANSWER_MESSAGE);
  await form.getByLabel('Anything else we should know?').fill('I am vegetarian.\nI cycle to work.');
  await form.getByRole('button', { name: 'Submit form' }).click();
  await expect(page.getByText('Saved on this device — will sync when online').first()).toBeVisible();
  const answers = yourTasks.getByRole('region', { name: 'Submitted answers' });
  await expect(answers).toContainText('Submitted');
  await expect(answers).toContainText('waiting to sync');
  await expect(answers).toContainText('Tuesday');
  await expect(row.getByRole('img', { name: 'Done' })).toBeVisible();
  await reviewScreenshots(page, 'form-task-submitted-offline', { fullPage: true });

  // Still submitted after a reload offline: the submission waits in the outbox, the draft is gone.
  await page.reload();
  await expect(page.getByRole('heading', { name: /Welcome, Nimal/ })).toBeVisible();
  await yourTasks.getByRole('button', { name: `Show details of “${FORM_TITLE}”` }).click();
  await expect(answers).toContainText('waiting to sync');
  expect(
    await page.evaluate(async (taskId) => {
      const databases = await indexedDB.databases();
      const name = databases.find((database) => database.name?.startsWith('kickoff-'))?.name;
      if (!name) return 'no database';
      return new Promise((resolve) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => {
          const read = open.result.transaction('formDrafts').objectStore('formDrafts').get(taskId);
          read.onsuccess = () => resolve(read.result ?? null);
        };
      });
    }, formTask.id),
  ).toBeNull();

  await context.setOffline(false);
  await expect(answers).not.toContainText('waiting to sync');
  await expect(answers).toContainText('Submitted');
  await reviewScreenshots(page, 'form-task-submitted', { fullPage: true });

  const details = (await (await admin.get(`/api/onboarding-plans/${plan.id}/details`)).json()) as PlanDetails;
  const stored = details.tasks.find((task) => task.id === formTask.id)!;
  expect(stored.isCompleted).toBe(true);
  expect(stored.formSubmittedAt).not.toBeNull();
  expect(stored.formAnswers).toEqual({
    'preferred-name': 'Nim',
    shirt: 'M',
    days: ['Tuesday'],
    birthday: '1999-04-12',
    parking: false,
    notes: 'I am vegetarian.\nI cycle to work.',
  });
  await context.close();

  // The admin's preview shows the answers read-only; the plan's editor offers a reopen, never a tick.
  const adminPage = await adminContext.newPage();
  await adminPage.goto(`/preview-plan/${plan.id}`);
  const preview = adminPage.getByRole('region', { name: /^Your Tasks/ });
  await preview.getByRole('button', { name: `Show details of “${FORM_TITLE}”` }).click();
  await expect(preview.getByRole('region', { name: 'Submitted answers' })).toContainText('I cycle to work.');
  await expect(preview.getByRole('button', { name: 'Submit form' })).toHaveCount(0);
  await adminPage.getByRole('tab', { name: 'Tasks of this plan' }).click();
  await adminPage.getByRole('button', { name: `Reopen “${FORM_TITLE}”` }).click();
  await expect(adminPage.getByText('Task reopened')).toBeVisible();
  const reopened = (await (await admin.get(`/api/onboarding-plans/${plan.id}/details`)).json()) as PlanDetails;
  expect(reopened.tasks.find((task) => task.id === formTask.id)).toMatchObject({ isCompleted: false, formAnswers: { shirt: 'M' } });
  await adminContext.close();
});
