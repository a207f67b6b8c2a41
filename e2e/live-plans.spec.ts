// Live plans (issue #17): a manager changes one person's plan (adds, edits, moves and removes tasks)
// without touching the template or another plan made from it, and re-applying the template adds its
// new tasks once.
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import type { PlanDetails } from '../shared/onboarding.ts';
import { toIsoDate } from '../shared/plan-calendar.ts';
import type { TemplateDetails } from '../shared/templates.ts';
import { mailedLink, signInByApi } from './fixtures.ts';
import { reviewScreenshots } from './screenshots.ts';

const PASSWORD = 'Kick@off2026';

async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(path);
  expect(res.ok(), `${path} answered ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

/** An invited person who set their password from the invitation mail. */
async function invite(request: APIRequestContext, email: string, role: 'manager' | 'new_hire', managerId?: string): Promise<string> {
  const res = await request.post('/api/users/invite', { data: { email, role, managerId } });
  expect(res.ok(), await res.text()).toBe(true);
  const { id } = (await res.json()) as { id: string };
  const token = new URL(await mailedLink(email, '/reset-password?token=')).searchParams.get('token');
  expect((await request.post('/api/auth/reset-password', { data: { token, password: PASSWORD } })).ok()).toBe(true);
  return id;
}

async function signedInPage(browser: Browser, email: string, password = PASSWORD): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  await signInByApi(page.request, email, password);
  return page;
}

/** A company of its own (the demo company's new-hire places are taken), signed up and verified: its admin's requests. */
async function newCompany(browser: Browser, stamp: string) {
  const adminEmail = `live-admin-${stamp}@example.test`;
  const admin = (await browser.newContext()).request;
  const signUp = await admin.post('/api/auth/signup', {
    data: { fullName: 'Ama Admin', email: adminEmail, password: PASSWORD, companyName: 'Live Plans Co', companyAddress: '1 Lake Road, Kandy' },
  });
  expect(signUp.status()).toBe(201);
  const token = new URL(await mailedLink(adminEmail, '/verify-email?token=')).searchParams.get('token');
  expect((await admin.post('/api/auth/verify-email', { data: { token } })).ok()).toBe(true);
  return { admin, adminEmail };
}

/** A new company with a manager and two new hires on one template. */
async function companyWithTwoPlans(browser: Browser) {
  const stamp = Date.now().toString(36);
  const { admin } = await newCompany(browser, stamp);
  const templateRes = await admin.post('/api/templates', {
    data: {
      title: 'Support Onboarding',
      duration: 30,
      sections: [
        {
          title: 'Week 1',
          dayStart: 1,
          dayEnd: 7,
          tasks: [
            { title: 'Read the handbook', type: 'checklist' },
            { title: 'Meet the support team', type: 'introduction' },
            { title: 'Book the first 1:1', type: 'meeting', assigneeKind: 'manager' },
          ],
        },
        { title: 'Week 2', dayStart: 8, dayEnd: 14, tasks: [{ title: 'Shadow a support shift', type: 'checklist' }] },
      ],
    },
  });
  expect(templateRes.status()).toBe(201);
  const template = (await templateRes.json()) as TemplateDetails;

  const managerEmail = `live-manager-${stamp}@example.test`;
  const managerId = await invite(admin, managerEmail, 'manager');
  const planFor = async (name: string) => {
    const newHireId = await invite(admin, `live-${name}-${stamp}@example.test`, 'new_hire', managerId);
    const res = await admin.post('/api/onboarding-plans', { data: { newHireId, templateId: template.id, startDate: toIsoDate(new Date()), managerId } });
    expect(res.ok(), await res.text()).toBe(true);
    return (await res.json()) as PlanDetails;
  };
  const plan = await planFor('asha');
  const otherPlan = await planFor('ben');
  return { admin, template, managerEmail, plan, otherPlan };
}

const titles = (plan: PlanDetails) => plan.tasks.map((task) => task.title);
const templateTasks = (template: TemplateDetails) => template.sections.map((section) => [section.title, section.dayStart, section.dayEnd, section.tasks.map((task) => task.title)]);

test('a manager changes one person’s plan; the template and the other plan stay as they were', async ({ browser }) => {
  const { admin, template, managerEmail, plan, otherPlan } = await companyWithTwoPlans(browser);
  const otherBefore = await getJson<PlanDetails>(admin, `/api/onboarding-plans/${otherPlan.id}/details`);
  const page = await signedInPage(browser, managerEmail);

  // From the manager's dashboard to the plan's tasks.
  await page.goto('/manager-dashboard');
  const card = page.getByRole('article', { name: `Onboarding of ${plan.newHire.email}` });
  await expect(card.getByTestId('plan-progress')).toHaveText(/^Whole plan 0% · .+’s tasks 0%$/);
  await card.getByRole('link', { name: 'Edit Tasks' }).click();
  await expect(page.getByRole('tab', { name: 'Tasks of this plan' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText(/Changes here affect .+’s plan only, not the “Support Onboarding” template\./)).toBeVisible();
  const rows = page.getByTestId('plan-task-row');
  await expect(rows).toHaveCount(4);
  await expect(rows.filter({ hasText: 'Book the first 1:1' })).toContainText('Their manager');
  await reviewScreenshots(page, 'live-plans-editor', { fullPage: true });

  // Add a task for the manager, on days 2 to 3 of a section of its own.
  await page.getByRole('button', { name: 'Add task' }).click();
  const add = page.getByRole('dialog', { name: 'Add task' });
  await add.getByLabel('Task title').fill('Order a headset');
  await add.getByLabel('Who does it').selectOption({ label: 'Their manager' });
  await add.getByLabel('Start day').fill('2');
  await add.getByLabel('End day').fill('0');
  await add.getByRole('button', { name: 'Add task' }).click();
  await expect(add.getByText('There is no day 0')).toBeVisible();
  await add.getByLabel('End day').fill('3');
  await add.getByLabel('Section (optional)').fill('Equipment');
  await reviewScreenshots(page, 'live-plans-add-dialog');
  await add.getByRole('button', { name: 'Add task' }).click();
  await expect(page.getByText('Task added')).toBeVisible();
  await expect(add).toBeHidden();
  await expect(rows).toHaveCount(5);
  const added = rows.filter({ hasText: 'Order a headset' });
  await expect(added).toContainText('Their manager');
  await expect(added).toContainText('Days 2 to 3');
  await expect(added).toContainText('Equipment');

  // Edit one.
  await page.getByRole('button', { name: 'Edit “Read the handbook”' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit task' });
  await expect(edit.getByLabel('Task title')).toHaveValue('Read the handbook');
  await edit.getByLabel('Task title').fill('Read the support handbook');
  await reviewScreenshots(page, 'live-plans-edit-dialog');
  await edit.getByRole('button', { name: 'Save task' }).click();
  await expect(page.getByText('Task updated')).toBeVisible();
  await expect(rows.first()).toContainText('Read the support handbook');

  // Move one down with the keyboard; the focus stays on the moved task's button.
  const moveDown = page.getByRole('button', { name: 'Move “Read the support handbook” down' });
  await moveDown.focus();
  await page.keyboard.press('Enter');
  await expect(rows.nth(1)).toContainText('Read the support handbook');
  await expect(rows.first()).toContainText('Meet the support team');
  await expect(moveDown).toBeFocused();

  // Remove one, behind a confirm step.
  await page.getByRole('button', { name: 'Remove “Shadow a support shift”' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove this task?' });
  await expect(confirm).toContainText('The template keeps it.');
  await reviewScreenshots(page, 'live-plans-remove-dialog');
  await confirm.getByRole('button', { name: 'Remove task' }).click();
  await expect(page.getByText('Task removed')).toBeVisible();
  await expect(rows).toHaveCount(4);

  // The server holds the same, in the same order.
  const after = await getJson<PlanDetails>(page.request, `/api/onboarding-plans/${plan.id}/details`);
  expect(titles(after)).toEqual(['Meet the support team', 'Read the support handbook', 'Book the first 1:1', 'Order a headset']);
  // The other plan from the same template, and the template itself, are untouched.
  const otherAfter = await getJson<PlanDetails>(admin, `/api/onboarding-plans/${otherPlan.id}/details`);
  expect(titles(otherAfter)).toEqual(titles(otherBefore));
  expect(otherAfter.tasks.map((task) => [task.id, task.dueDate, task.assigneeKind])).toEqual(otherBefore.tasks.map((task) => [task.id, task.dueDate, task.assigneeKind]));
  const templateAfter = await getJson<TemplateDetails>(admin, `/api/templates/${template.id}`);
  expect(templateTasks(templateAfter)).toEqual(templateTasks(template));

  // The export is the plan's CSV.
  const exportLink = page.getByRole('link', { name: 'Export CSV' });
  await expect(exportLink).toHaveAttribute('href', `/api/onboarding-plans/${plan.id}/export.csv`);
  const csv = await page.request.get(`/api/onboarding-plans/${plan.id}/export.csv`);
  expect(csv.headers()['content-type']).toContain('text/csv');
  expect(await csv.text()).toContain('Read the support handbook');

  // The preview tab still shows the plan as its new hire sees it.
  await page.getByRole('tab', { name: 'Preview as New Hire' }).click();
  await expect(page.getByText(/Previewing .+ as they see it\. Read-only\./)).toBeVisible();
  await page.getByRole('tab', { name: 'Tasks of this plan' }).click();

  // Re-apply: a task removed on purpose stays removed.
  await page.getByRole('button', { name: 'Re-apply template' }).click();
  await expect(page.getByText('Already up to date')).toBeVisible();
  // The admin adds a task to the template: re-applying adds it once, and a second time adds nothing.
  const sections = templateAfter.sections.map((section, index) =>
    index === 0 ? { ...section, tasks: [...section.tasks, { title: 'Set up the ticket queue', type: 'checklist' }] } : section,
  );
  const saved = await admin.patch(`/api/templates/${template.id}`, {
    data: {
      title: templateAfter.title,
      duration: templateAfter.duration,
      kind: templateAfter.kind,
      businessDays: templateAfter.businessDays,
      version: templateAfter.version,
      sections,
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  await page.getByRole('button', { name: 'Re-apply template' }).click();
  await expect(page.getByText('Added 1 task')).toBeVisible();
  await expect(rows).toHaveCount(5);
  await expect(rows.last()).toContainText('Set up the ticket queue');
  await page.getByRole('button', { name: 'Re-apply template' }).click();
  await expect(page.getByText('Already up to date').last()).toBeVisible();
  const reapplied = await getJson<PlanDetails>(page.request, `/api/onboarding-plans/${plan.id}/details`);
  expect(titles(reapplied).filter((title) => title === 'Set up the ticket queue')).toHaveLength(1);
  expect(titles(reapplied)).not.toContain('Shadow a support shift');
  // Re-applying this plan left the other one alone.
  expect(titles(await getJson<PlanDetails>(admin, `/api/onboarding-plans/${otherPlan.id}/details`))).toEqual(titles(otherBefore));

  await page.context().close();
});

test('the Edit Plan dialog sets a buddy and moves the start date', async ({ browser }) => {
  const { admin, managerEmail, plan, otherPlan } = await companyWithTwoPlans(browser);
  const page = await signedInPage(browser, managerEmail);
  await page.goto('/manager-dashboard');
  const card = page.getByRole('article', { name: `Onboarding of ${plan.newHire.email}` });
  await card.getByRole('button', { name: 'Edit Plan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Plan' });
  await dialog.getByLabel('Buddy (optional)').selectOption({ label: otherPlan.newHire.email });
  await expect(dialog.getByLabel('Buddy (optional)').locator('option', { hasText: plan.newHire.email })).toHaveCount(0);
  const later = toIsoDate(new Date(Date.now() + 7 * 86_400_000));
  await dialog.getByLabel('Start date').fill(later);
  await expect(dialog.getByText('Moving the start date moves the due dates of open tasks.')).toBeVisible();
  await reviewScreenshots(page, 'live-plans-edit-plan-dialog');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Onboarding plan updated')).toBeVisible();
  await expect(card.getByText(`Buddy: ${otherPlan.newHire.email}`)).toBeVisible();
  await reviewScreenshots(page, 'live-plans-manager-dashboard', { fullPage: true });

  const moved = await getJson<PlanDetails>(admin, `/api/onboarding-plans/${plan.id}/details`);
  expect(moved.startDate).toBe(later);
  expect(moved.buddyId).toBe(otherPlan.newHireId);
  const firstBefore = plan.tasks[0];
  const firstAfter = moved.tasks.find((task) => task.id === firstBefore?.id);
  expect(firstAfter?.dueDate).toBe(toIsoDate(new Date(Date.parse(`${firstBefore?.dueDate}T12:00:00`) + 7 * 86_400_000)));
  await page.context().close();
});

test('an admin assigns an offboarding plan to anyone in the company, with a buddy', async ({ browser }) => {
  const stamp = Date.now().toString(36);
  const { admin, adminEmail } = await newCompany(browser, stamp);
  const template = await admin.post('/api/templates', {
    data: {
      title: 'Leaving Kickoff',
      kind: 'offboarding',
      duration: 14,
      sections: [{ title: 'Last week', dayStart: 1, dayEnd: 5, tasks: [{ title: 'Return the laptop', type: 'checklist' }] }],
    },
  });
  expect(template.status()).toBe(201);
  const managerEmail = `leaving-manager-${stamp}@example.test`;
  await invite(admin, managerEmail, 'manager');
  const colleagueEmail = `colleague-${stamp}@example.test`;
  await invite(admin, colleagueEmail, 'new_hire');

  const page = await signedInPage(browser, adminEmail);
  await page.goto('/admin-dashboard');
  await page.getByRole('button', { name: 'Assign Existing User to Onboarding' }).click();
  const dialog = page.getByRole('dialog', { name: 'Assign Existing User to Onboarding' });
  // Onboarding is for new hires: the manager is not offered until the template is an offboarding one.
  await expect(dialog.getByLabel('User').locator('option', { hasText: managerEmail })).toHaveCount(0);
  await dialog.getByLabel('Template').selectOption({ label: 'Leaving Kickoff (14 days, offboarding)' });
  await dialog.getByLabel('Person leaving').selectOption({ label: managerEmail });
  await dialog.getByLabel('Buddy (optional)').selectOption({ label: colleagueEmail });
  await expect(dialog.getByLabel('Buddy (optional)').locator('option', { hasText: managerEmail })).toHaveCount(0);
  await reviewScreenshots(page, 'live-plans-assign-offboarding');
  await dialog.getByRole('button', { name: 'Assign Offboarding' }).click();
  await expect(page.getByText('Offboarding plan assigned successfully!')).toBeVisible();

  const card = page.getByRole('article', { name: `Offboarding of ${managerEmail}` });
  await expect(card.getByText('Offboarding', { exact: true })).toBeVisible();
  await expect(card.getByText(`Buddy: ${colleagueEmail}`)).toBeVisible();
  await expect(card.getByTestId('plan-progress')).toHaveText(/^Whole plan 0% · .+’s tasks 0%$/);
  await reviewScreenshots(page, 'live-plans-admin-dashboard', { fullPage: true });
  await page.context().close();
});
