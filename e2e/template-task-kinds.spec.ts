// The template editor's form, policy and upload tasks (issue 19): an admin writes one of each, saves,
// reloads, and finds them as written.
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { PlanDetails } from '../shared/onboarding.ts';
import type { TemplateDetails } from '../shared/templates.ts';
import { DEMO, mailedLink, signIn, signInByApi } from './fixtures.ts';
import { reviewScreenshots } from './screenshots.ts';

/** The dialog as it shows now, and the part of it that belongs to the task's type. */
async function dialogShots(page: Page, name: string, legend: string) {
  await reviewScreenshots(page, name, { part: (current) => current.locator('.modal-box').first() });
  await reviewScreenshots(page, `${name}-fields`, { part: (current) => current.getByRole('group', { name: legend }) });
}

async function openNewTask(page: Page, sectionTitle: string, taskTitle: string, type: string): Promise<Locator> {
  await page.getByRole('button', { name: `Add task to “${sectionTitle}”` }).click();
  const dialog = page.getByRole('dialog', { name: 'Add task' });
  await dialog.getByLabel('Task title').fill(taskTitle);
  await dialog.getByLabel('Task type').selectOption(type);
  return dialog;
}

const PASSWORD = 'Kick@off2026';

/** A one-page PDF, small but whole: the server reads its type from the first bytes. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

test('an admin writes a form, a policy and an upload task, and they come back after a reload', async ({ page }) => {
  await signIn(page, DEMO.admin);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/templates/new');
  await page.getByLabel('Title', { exact: true }).fill(`Paperwork ${Date.now()}`);

  await page.getByRole('button', { name: 'Add section' }).first().click();
  const sectionDialog = page.getByRole('dialog', { name: 'Add section' });
  await sectionDialog.getByLabel('Section title').fill('Paperwork');
  await sectionDialog.getByLabel('Start day').fill('1');
  await sectionDialog.getByLabel('End day').fill('5');
  await sectionDialog.getByRole('button', { name: 'Add section' }).click();
  await expect(sectionDialog).toBeHidden();

  // A form: the assignee is fixed, an empty form is refused, and a choice needs its options.
  let dialog = await openNewTask(page, 'Paperwork', 'Your details', 'form');
  await expect(dialog.getByLabel('Who does it')).toHaveCount(0);
  await expect(dialog.getByText('Done by the new hire')).toBeVisible();
  await dialog.getByRole('button', { name: 'Add task' }).click();
  await expect(dialog.locator('#form-questions-add-error')).toHaveText('Add at least one question');

  await dialog.getByRole('button', { name: 'Add question' }).click();
  await expect(dialog.getByLabel('Question 1 text')).toBeFocused();
  await dialog.getByLabel('Question 1 text').fill('Your bank account number');
  await dialog.getByLabel('Question 1 help text (optional)').fill('As printed on your bank card');
  await dialog.getByRole('button', { name: 'Add question' }).click();
  await dialog.getByLabel('Question 2 text').fill('T-shirt size');
  await dialog.getByLabel('Question 2 kind').selectOption('single_choice');
  await dialog.getByLabel('Required (question 2)').check();
  await dialog.getByLabel('Question 2 option 1', { exact: true }).fill('S');
  await dialog.getByRole('button', { name: 'Add task' }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: 'Options cannot be blank' })).toBeVisible();
  await expect(dialog.getByLabel('Question 2 option 2', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByLabel('Question 2 option 2', { exact: true }).fill('M');
  await dialog.getByRole('button', { name: 'Add option to question 2' }).click();
  await expect(dialog.getByLabel('Question 2 option 3', { exact: true })).toBeFocused();
  await page.keyboard.type('L');
  // Question 2 goes first, by keyboard.
  await dialog.getByRole('button', { name: 'Move question 2 up' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByLabel('Question 1 text')).toHaveValue('T-shirt size');
  await dialogShots(page, 'task-dialog-form', 'Questions');
  await dialog.getByRole('button', { name: 'Add task' }).click();
  await expect(dialog).toBeHidden();

  // A policy written in the editor.
  dialog = await openNewTask(page, 'Paperwork', 'Read the code of conduct', 'acknowledgement');
  await dialog.getByRole('button', { name: 'Add task' }).click();
  await expect(dialog.locator('#task-policyText-error')).toHaveText('Write the policy or attach its PDF');
  await dialog.getByLabel('Policy text').fill('Be kind.\n\nBe on time.');
  await dialogShots(page, 'task-dialog-policy-text', 'Policy');
  await dialog.getByRole('button', { name: 'Add task' }).click();
  await expect(dialog).toBeHidden();

  // A policy as a PDF: uploaded at once, then it is the policy.
  dialog = await openNewTask(page, 'Paperwork', 'Accept the travel policy', 'acknowledgement');
  await dialog.getByLabel('Or attach the policy as a PDF').setInputFiles({ name: 'travel-policy.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(dialog.getByText('travel-policy.pdf')).toBeVisible();
  await expect(dialog.getByLabel('Policy text')).toHaveCount(0);
  await expect(dialog.getByText('The PDF is the policy')).toBeVisible();
  await dialogShots(page, 'task-dialog-policy-pdf', 'Policy');
  await dialog.getByRole('button', { name: 'Add task' }).click();
  await expect(dialog).toBeHidden();

  // An upload: PDFs and images until one is unticked; none is refused.
  dialog = await openNewTask(page, 'Paperwork', 'Upload your photo ID', 'upload');
  await dialog.getByLabel('Task description (optional)').fill('A passport or a driving licence.');
  await expect(dialog.getByLabel('PDF', { exact: true })).toBeChecked();
  await expect(dialog.getByLabel('Image (PNG, JPEG or WebP)')).toBeChecked();
  await dialog.getByLabel('PDF', { exact: true }).uncheck();
  await dialog.getByLabel('Image (PNG, JPEG or WebP)').uncheck();
  await dialog.getByRole('button', { name: 'Add task' }).click();
  await expect(dialog.locator('#task-uploadKinds-error')).toHaveText('Choose what may be uploaded');
  await dialog.getByLabel('Image (PNG, JPEG or WebP)').check();
  await dialogShots(page, 'task-dialog-upload', 'Documents to upload');
  await dialog.getByRole('button', { name: 'Add task' }).click();
  await expect(dialog).toBeHidden();

  const tasks = page.getByRole('list', { name: 'Tasks in Paperwork' });
  await expect(tasks.getByRole('listitem').nth(0)).toContainText('2 questions');
  await expect(tasks.getByRole('listitem').nth(1)).toContainText('Policy text');
  await expect(tasks.getByRole('listitem').nth(2)).toContainText('PDF: travel-policy.pdf');
  await expect(tasks.getByRole('listitem').nth(3)).toContainText('Image');

  await page.getByRole('button', { name: 'Create template' }).click();
  await expect(page.getByText('Template created')).toBeVisible();
  await expect(page).toHaveURL(/\/templates\/[0-9a-f-]{36}\/edit$/);
  await page.reload();

  await page.getByRole('button', { name: 'Edit task “Your details”' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit task' });
  await expect(dialog.getByLabel('Task type')).toHaveValue('form');
  await expect(dialog.getByLabel('Question 1 text')).toHaveValue('T-shirt size');
  await expect(dialog.getByLabel('Question 1 kind')).toHaveValue('single_choice');
  await expect(dialog.getByLabel('Required (question 1)')).toBeChecked();
  await expect(dialog.getByLabel('Question 1 option 3', { exact: true })).toHaveValue('L');
  await expect(dialog.getByLabel('Question 2 text')).toHaveValue('Your bank account number');
  await expect(dialog.getByLabel('Question 2 help text (optional)')).toHaveValue('As printed on your bank card');
  await expect(dialog.getByLabel('Required (question 2)')).not.toBeChecked();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Edit task “Read the code of conduct”' }).click();
  await expect(dialog.getByLabel('Policy text')).toHaveValue('Be kind.\n\nBe on time.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Edit task “Accept the travel policy”' }).click();
  await expect(dialog.getByText('travel-policy.pdf')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Edit task “Upload your photo ID”' }).click();
  await expect(dialog.getByLabel('Task description (optional)')).toHaveValue('A passport or a driving licence.');
  await expect(dialog.getByLabel('PDF', { exact: true })).not.toBeChecked();
  await expect(dialog.getByLabel('Image (PNG, JPEG or WebP)')).toBeChecked();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
});

test('a plan’s own task editor writes a form and a policy with the same fields', async ({ page }) => {
  // A company of its own: the demo company's new-hire places are taken.
  const stamp = Date.now().toString(36);
  const adminEmail = `kinds-admin-${stamp}@example.test`;
  const signUp = await page.request.post('/api/auth/signup', {
    data: { fullName: 'Ama Admin', email: adminEmail, password: PASSWORD, companyName: 'Task Kinds Co', companyAddress: '1 Lake Road, Kandy' },
  });
  expect(signUp.status()).toBe(201);
  const token = new URL(await mailedLink(adminEmail, '/verify-email?token=')).searchParams.get('token');
  expect((await page.request.post('/api/auth/verify-email', { data: { token } })).ok()).toBe(true);
  await signInByApi(page.request, adminEmail, PASSWORD);
  const templateRes = await page.request.post('/api/templates', {
    data: { title: `One plan ${stamp}`, sections: [{ title: 'Week 1', dayStart: 1, dayEnd: 7, tasks: [{ title: 'Read the handbook', type: 'checklist' }] }] },
  });
  expect(templateRes.status()).toBe(201);
  const template = (await templateRes.json()) as TemplateDetails;
  const invited = await page.request.post('/api/users/invite', { data: { email: `kinds-${stamp}@example.test`, role: 'new_hire' } });
  expect(invited.ok(), await invited.text()).toBe(true);
  const { id: newHireId } = (await invited.json()) as { id: string };
  const planRes = await page.request.post('/api/onboarding-plans', { data: { newHireId, templateId: template.id, startDate: new Date().toISOString().slice(0, 10) } });
  expect(planRes.ok(), await planRes.text()).toBe(true);
  const plan = (await planRes.json()) as PlanDetails;

  await page.goto(`/preview-plan/${plan.id}`);
  await page.getByRole('tab', { name: 'Tasks of this plan' }).click();
  await page.getByRole('button', { name: 'Add task' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add task' });
  await dialog.getByLabel('Task title').fill('Emergency contact');
  await dialog.getByLabel('Task type').selectOption('form');
  await expect(dialog.getByText('Done by the new hire')).toBeVisible();
  await dialog.getByRole('button', { name: 'Add question' }).click();
  await dialog.getByLabel('Question 1 text').fill('Who should we call?');
  await dialog.getByRole('button', { name: 'Add question' }).click();
  await dialog.getByLabel('Question 2 kind').selectOption('yes_no');
  await dialog.getByRole('button', { name: 'Add task' }).click();
  await expect(dialog.locator('[id$="-label-error"]')).toHaveText('Question is required');
  await dialog.getByLabel('Question 2 text').fill('May we call them at night?');
  await dialogShots(page, 'plan-task-dialog-form', 'Questions');
  await dialog.getByRole('button', { name: 'Add task' }).click();
  await expect(page.getByText('Task added')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Edit “Emergency contact”' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit task' });
  await expect(dialog.getByLabel('Question 1 text')).toHaveValue('Who should we call?');
  await expect(dialog.getByLabel('Question 2 kind')).toHaveValue('yes_no');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // A checklist made a policy to accept: the assignee and the policy come with the type.
  await page.getByRole('button', { name: 'Edit “Read the handbook”' }).click();
  await dialog.getByLabel('Task type').selectOption('acknowledgement');
  await dialog.getByLabel('Policy text').fill('We keep customer data private.');
  await dialog.getByRole('button', { name: 'Save task' }).click();
  await expect(page.getByText('Task updated')).toBeVisible();
  await page.getByRole('button', { name: 'Edit “Read the handbook”' }).click();
  await expect(dialog.getByLabel('Task type')).toHaveValue('acknowledgement');
  await expect(dialog.getByLabel('Policy text')).toHaveValue('We keep customer data private.');
});
