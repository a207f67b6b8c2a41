// Forms, documents and acknowledgements (issue 19): an admin builds a template with a form, a policy and
// an upload task; the new hire fills the form offline, uploads a PDF and accepts the policy; the admin
// sees all three on the plan's Responses screen and downloads the file and the form's answers as CSV.
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { policySha256 } from '../shared/acknowledgements.ts';
import type { PlanDetails } from '../shared/onboarding.ts';
import type { PlanResponses } from '../shared/responses.ts';
import { toIsoDate } from '../shared/plan-calendar.ts';
import type { TemplateDetails } from '../shared/templates.ts';
import { inviteNewHire, signIn, signInByApi, signUpCompany, TEST_PASSWORD, waitForServiceWorkerControl } from './fixtures.ts';
import { reviewScreenshots } from './screenshots.ts';

const POLICY_TEXT = 'Treat everyone with respect.\nKeep customer data confidential.';
/** A small PDF: its first bytes are what the server checks, not the name. */
const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

async function signedInPage(browser: Browser, email: string, options: { width?: number } = {}): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: options.width ?? 1440, height: 900 }, acceptDownloads: true })).newPage();
  await signInByApi(page.request, email, TEST_PASSWORD);
  return page;
}

/** An invited new hire who set their password from the invitation mail and their name: their id and requests. */
async function invite(browser: Browser, admin: APIRequestContext, email: string, fullName: string): Promise<{ id: string; request: APIRequestContext }> {
  const id = await inviteNewHire(admin, email);
  const request = (await browser.newContext()).request;
  await signInByApi(request, email, TEST_PASSWORD);
  expect((await request.patch('/api/users/me', { data: { fullName } })).ok()).toBe(true);
  return { id, request };
}

async function assign(admin: APIRequestContext, newHireId: string, templateId: string): Promise<PlanDetails> {
  const res = await admin.post('/api/onboarding-plans', { data: { newHireId, templateId, startDate: toIsoDate(new Date()) } });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as PlanDetails;
}

const taskNamed = (plan: PlanDetails, title: string) => {
  const task = plan.tasks.find((candidate) => candidate.title === title);
  if (!task) throw new Error(`no task "${title}"`);
  return task;
};

/** A task's details in the new hire's own task list (the first phase tab holds this template's one section). */
async function openTaskDetails(page: Page, title: string) {
  const tasks = page.getByRole('region', { name: /^Your Tasks/ });
  const toggle = tasks.getByRole('button', { name: new RegExp(`^(Show|Hide) details of “${title}”$`) });
  await expect(toggle).toBeVisible();
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  return tasks.getByRole('region', { name: `Details of “${title}”` });
}

async function addSection(page: Page, title: string, dayStart: string, dayEnd: string) {
  await page.getByRole('button', { name: 'Add section' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add section' });
  await dialog.getByLabel('Section title').fill(title);
  await dialog.getByLabel('Start day').fill(dayStart);
  await dialog.getByLabel('End day').fill(dayEnd);
  await dialog.getByRole('button', { name: 'Add section' }).click();
  await expect(dialog).toBeHidden();
}

/** Opens the Add task dialog of a section with its title and type chosen; the caller fills the rest and saves. */
async function startTask(page: Page, sectionTitle: string, title: string, type: string) {
  await page.getByRole('button', { name: `Add task to “${sectionTitle}”` }).click();
  const dialog = page.getByRole('dialog', { name: 'Add task' });
  await dialog.getByLabel('Task title').fill(title);
  await dialog.getByLabel('Task type').selectOption(type);
  return dialog;
}

async function saveTask(dialog: ReturnType<Page['getByRole']>) {
  await dialog.getByRole('button', { name: 'Add task' }).click();
  await expect(dialog).toBeHidden();
}

test('an admin collects a form, a document and a policy acceptance; the new hire hands them in, the form offline; the admin downloads them', async ({ browser }) => {
  test.slow(); // two people, three task kinds, an offline round trip and two downloads in one flow
  const stamp = Date.now().toString(36);
  const adminEmail = `forms-admin-${stamp}@example.test`;
  const admin = (await signUpCompany(browser, { adminEmail, companyName: 'Forms Co' })).request;
  const nilaEmail = `forms-nila-${stamp}@example.test`;
  await invite(browser, admin, nilaEmail, 'Nila Fernando');

  // 1. The admin builds the template in the editor: a form, a policy with its text, an upload task.
  const adminPage = await signedInPage(browser, adminEmail);
  await adminPage.goto('/templates/new');
  await adminPage.getByLabel('Title', { exact: true }).fill('Office Onboarding');
  await adminPage.getByLabel('Duration (days)').fill('30');
  await addSection(adminPage, 'Week 1', '1', '7');

  const form = await startTask(adminPage, 'Week 1', 'Your details', 'form');
  await form.getByRole('button', { name: 'Add question' }).click();
  await form.getByLabel('Question 1 text').fill('Emergency contact phone');
  await form.getByLabel('Required (question 1)').check();
  await form.getByRole('button', { name: 'Add question' }).click();
  await form.getByLabel('Question 2 text').fill('Working remotely?');
  await form.getByLabel('Question 2 kind').selectOption('yes_no');
  await reviewScreenshots(adminPage, 'forms-editor-form-task');
  await saveTask(form);

  const policy = await startTask(adminPage, 'Week 1', 'Code of conduct', 'acknowledgement');
  await policy.getByLabel('Policy text').fill(POLICY_TEXT);
  await saveTask(policy);

  const upload = await startTask(adminPage, 'Week 1', 'Copy of your ID', 'upload');
  await upload.getByLabel('PDF', { exact: true }).check();
  await saveTask(upload);

  await adminPage.getByRole('button', { name: 'Create template' }).click();
  await expect(adminPage.getByText('Template created')).toBeVisible();

  // 2. … and assigns it to Nila, starting today.
  await adminPage.goto('/admin-dashboard');
  await adminPage.getByRole('button', { name: 'Assign Existing User to Onboarding' }).click();
  const assign = adminPage.getByRole('dialog', { name: 'Assign Existing User to Onboarding' });
  await assign.getByLabel('User').selectOption({ label: 'Nila Fernando' });
  await assign.getByLabel('Template').selectOption({ label: 'Office Onboarding (30 days)' });
  await assign.getByLabel('Start date').fill(toIsoDate(new Date()));
  await assign.getByRole('button', { name: 'Assign Plan' }).click();
  await expect(adminPage.getByText('Onboarding plan assigned successfully!')).toBeVisible();
  const plans = (await (await admin.get('/api/onboarding-plans')).json()) as PlanDetails[];
  const plan = plans.find((candidate) => candidate.newHire.email === nilaEmail);
  if (!plan) throw new Error('the plan was assigned');
  const responses = async () => (await (await admin.get(`/api/plans/${plan.id}/responses`)).json()) as PlanResponses;

  // 3. Nila fills the form offline, reloads (the draft stays on the device), submits, and goes online.
  // The service worker is allowed here (the config blocks it): the form is filled offline.
  const nilaContext = await browser.newContext({ viewport: { width: 390, height: 844 }, acceptDownloads: true, serviceWorkers: 'allow' });
  const nila = await nilaContext.newPage();
  await signIn(nila, nilaEmail, TEST_PASSWORD);
  await expect(nila.getByRole('heading', { name: /Welcome, Nila/ })).toBeVisible();
  await waitForServiceWorkerControl(nila);
  await nilaContext.setOffline(true);
  let details = await openTaskDetails(nila, 'Your details');
  await details.getByLabel(/Emergency contact phone/).fill('+94 77 765 4321');
  await expect(details.getByText('Draft saved on this device')).toBeVisible();
  await nila.reload();
  details = await openTaskDetails(nila, 'Your details');
  await expect(details.getByLabel(/Emergency contact phone/)).toHaveValue('+94 77 765 4321');
  await details.getByRole('radio', { name: 'Yes' }).check();
  await details.getByRole('button', { name: 'Submit form' }).click();
  await expect(nila.getByText('Saved on this device — will sync when online').first()).toBeVisible();
  expect((await responses()).forms[0]?.submittedAt).toBeNull();
  await nilaContext.setOffline(false);
  await expect.poll(async () => (await responses()).forms[0]?.submittedAt ?? null).not.toBeNull();

  // 4. She uploads a PDF of her ID …
  details = await openTaskDetails(nila, 'Copy of your ID');
  await details.locator('input[type="file"]').setInputFiles({ name: 'nila-id.pdf', mimeType: 'application/pdf', buffer: PDF_BYTES });
  await expect(details.getByText('nila-id.pdf', { exact: true }).first()).toBeVisible();
  await expect.poll(async () => (await responses()).uploads[0]?.files.length ?? 0).toBe(1);

  // 5. … and accepts the policy by typing her name.
  details = await openTaskDetails(nila, 'Code of conduct');
  await expect(details.getByText('Keep customer data confidential.')).toBeVisible();
  await details.getByLabel('Type your full name to accept').fill('Nila Fernando');
  await details.getByRole('button', { name: 'Accept' }).click();
  await expect(nila.getByText('Policy accepted')).toBeVisible();
  await reviewScreenshots(nila, 'forms-new-hire-done', { fullPage: true });

  // 6. The admin opens the plan's Responses and sees all three.
  await adminPage.goto('/admin-dashboard');
  await adminPage.getByRole('article', { name: 'Onboarding of Nila Fernando' }).getByRole('link', { name: 'Responses' }).click();
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Nila Fernando’s responses' })).toBeVisible();
  const formCard = adminPage.getByRole('article', { name: 'Your details' });
  await expect(formCard.getByText('+94 77 765 4321')).toBeVisible();
  await expect(formCard.getByText('Yes', { exact: true })).toBeVisible();
  const policyCard = adminPage.getByRole('article', { name: 'Code of conduct' });
  await expect(policyCard.getByText('Nila Fernando')).toBeVisible();
  await expect(policyCard.getByText('Version 1')).toBeVisible();
  const documentsCard = adminPage.getByRole('article', { name: 'Copy of your ID' });
  await expect(documentsCard.getByText('nila-id.pdf')).toBeVisible();
  await reviewScreenshots(adminPage, 'forms-responses', { fullPage: true });

  // The file downloads as an attachment, byte for byte.
  const fileLink = documentsCard.getByRole('link', { name: 'Download nila-id.pdf' });
  const fileResponse = await adminPage.request.get((await fileLink.getAttribute('href')) ?? '');
  expect(fileResponse.headers()['content-disposition']).toMatch(/^attachment; filename="nila-id\.pdf"/);
  const fileDownload = adminPage.waitForEvent('download');
  await fileLink.click();
  const file = await fileDownload;
  expect(file.suggestedFilename()).toBe('nila-id.pdf');
  expect(readFileSync(await file.path())).toEqual(PDF_BYTES);

  // The form's answers across the template, as CSV.
  const csvDownload = adminPage.waitForEvent('download');
  await formCard.getByRole('link', { name: 'Export all answers (CSV)' }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toBe('office-onboarding-your-details.csv');
  const rows = readFileSync(await csv.path(), 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(rows[0]).toBe('New hire,Email,Start date,Submitted at,Emergency contact phone,Working remotely?');
  expect(rows).toHaveLength(2);
  // A cell a spreadsheet would run as a formula ('+94…') is kept as text with a leading quote.
  expect(rows[1]).toMatch(new RegExp(`^Nila Fernando,${nilaEmail.replace(/\./g, '\\.')},\\d{4}-\\d\\d-\\d\\d,\\d{4}-[^,]+,'\\+94 77 765 4321,Yes$`));
});

test('the Responses screen shows a plan’s answers, acceptances and files, and an empty plan says what to add', async ({ browser }) => {
  const stamp = Date.now().toString(36);
  const adminEmail = `forms-admin-${stamp}@example.test`;
  const admin = (await signUpCompany(browser, { adminEmail, companyName: 'Forms Co' })).request;
  const templateRes = await admin.post('/api/templates', {
    data: {
      title: 'Sales Onboarding',
      duration: 30,
      sections: [
        {
          title: 'Week 1',
          dayStart: 1,
          dayEnd: 7,
          tasks: [
            {
              title: 'Your details',
              type: 'form',
              formQuestions: [
                { id: 'phone', kind: 'short_text', label: 'Emergency contact phone', required: true },
                { id: 'shirt', kind: 'single_choice', label: 'T-shirt size', options: ['S', 'M', 'L'] },
                { id: 'remote', kind: 'yes_no', label: 'Working remotely?' },
                { id: 'notes', kind: 'long_text', label: 'Anything we should know?' },
              ],
            },
            { title: 'Code of conduct', type: 'acknowledgement', policyText: POLICY_TEXT },
            { title: 'Copy of your ID', type: 'upload', uploadKinds: ['pdf', 'image'] },
          ],
        },
      ],
    },
  });
  expect(templateRes.status()).toBe(201);
  const template = (await templateRes.json()) as TemplateDetails;
  const plainRes = await admin.post('/api/templates', {
    data: { title: 'Plain Onboarding', duration: 14, sections: [{ title: 'Week 1', dayStart: 1, dayEnd: 7, tasks: [{ title: 'Read the handbook', type: 'checklist' }] }] },
  });
  const plain = (await plainRes.json()) as TemplateDetails;

  const { id: riyaId, request: riya } = await invite(browser, admin, `forms-riya-${stamp}@example.test`, 'Riya Perera');
  const plan = await assign(admin, riyaId, template.id);
  const emptyPlan = await assign(admin, (await invite(browser, admin, `forms-sam-${stamp}@example.test`, 'Sam Silva')).id, plain.id);

  // Riya hands in all three, through the API her device uses.
  const push = await riya.post('/api/sync/push', {
    data: {
      clientId: crypto.randomUUID(),
      mutations: [
        {
          id: 1,
          name: 'form.submit',
          args: { taskId: taskNamed(plan, 'Your details').id, answers: { phone: '+94 77 123 4567', shirt: 'M', remote: true, notes: 'Vegetarian.\nPrefers mornings.' } },
        },
      ],
    },
  });
  expect(push.ok(), await push.text()).toBe(true);
  const accepted = await riya.post(`/api/tasks/${taskNamed(plan, 'Code of conduct').id}/acknowledgement`, {
    data: { fullName: 'Riya Perera', sha256: await policySha256({ policyText: POLICY_TEXT, policyFile: null }) },
  });
  expect(accepted.status(), await accepted.text()).toBe(201);
  const uploaded = await riya.post(`/api/tasks/${taskNamed(plan, 'Copy of your ID').id}/files?name=riya-passport.pdf`, {
    data: PDF_BYTES,
    headers: { 'Content-Type': 'application/pdf' },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);

  // The admin opens it from the plan's card.
  const page = await signedInPage(browser, adminEmail);
  await page.goto('/admin-dashboard');
  await page
    .getByRole('article', { name: /Onboarding of Riya Perera/ })
    .getByRole('link', { name: 'Responses' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Riya Perera’s responses' })).toBeVisible();
  await expect(page.getByText('Sales Onboarding ·')).toBeVisible();

  const form = page.getByRole('article', { name: 'Your details' });
  await expect(form.getByText(/^Submitted /)).toBeVisible();
  await expect(form.getByText('+94 77 123 4567')).toBeVisible();
  await expect(form.getByText('Yes', { exact: true })).toBeVisible();
  await expect(form.getByRole('link', { name: 'Export all answers (CSV)' })).toHaveAttribute('href', /\/responses\.csv$/);

  const policy = page.getByRole('article', { name: 'Code of conduct' });
  await expect(policy.getByText('Accepted', { exact: true })).toBeVisible();
  await expect(policy.getByText('Riya Perera')).toBeVisible();
  await expect(policy.getByText('Version 1')).toBeVisible();
  await expect(policy.getByRole('button', { name: /^SHA-256 [0-9a-f]{64}, copy$/ })).toBeVisible();

  const documents = page.getByRole('article', { name: 'Copy of your ID' });
  await expect(documents.getByText('riya-passport.pdf')).toBeVisible();
  const download = page.waitForEvent('download');
  await documents.getByRole('link', { name: 'Download riya-passport.pdf' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('riya-passport.pdf');
  expect(readFileSync(await file.path())).toEqual(PDF_BYTES);
  await reviewScreenshots(page, 'responses', { fullPage: true });

  // A plan with nothing to collect says what to do.
  await page.goto(`/plans/${emptyPlan.id}/responses`);
  await expect(page.getByRole('heading', { name: 'Nothing to collect on this plan' })).toBeVisible();
  await expect(page.getByText(/Add a form, a policy to accept or a document upload task to the template/)).toBeVisible();
  await reviewScreenshots(page, 'responses-empty');
});
