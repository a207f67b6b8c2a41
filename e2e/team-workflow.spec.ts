// Issue #17's story end to end, through the screens: an admin builds a template with tasks for the new
// hire, their manager and a named IT person and assigns it; IT ticks the laptop task in My tasks; the new
// hire sees it done, read-only; the manager changes that one plan, and another plan from the same
// template (and the template) stay as they were. Only the cast (a company of its own, its people, a
// second plan) is set up through the API.
import { expect, request as playwrightRequest, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import type { PlanDetails } from '../shared/onboarding.ts';
import type { PaymentCreateResponse } from '../shared/subscriptions.ts';
import { addDays, toIsoDate } from '../shared/plan-calendar.ts';
import type { TemplateDetails } from '../shared/templates.ts';
import { apiAs, mailedLink, signIn } from './fixtures.ts';

const PASSWORD = 'Kick@off2026';
const TEMPLATE = 'Support Team Onboarding';

async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(path);
  expect(res.ok(), `${path} answered ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

/**
 * A company of its own (the demo company's new-hire places are taken), signed up, verified and on Growth
 * (Starter allows one manager; this team has a manager and an IT lead): its admin's requests.
 */
async function newCompany(baseURL: string, stamp: string) {
  const adminEmail = `story-admin-${stamp}@example.test`;
  const admin = await playwrightRequest.newContext({ baseURL });
  const signUp = await admin.post('/api/auth/signup', {
    data: { fullName: 'Ama Admin', email: adminEmail, password: PASSWORD, companyName: 'Story Co', companyAddress: '1 Lake Road, Kandy' },
  });
  expect(signUp.status()).toBe(201);
  const token = new URL(await mailedLink(adminEmail, '/verify-email?token=')).searchParams.get('token');
  expect((await admin.post('/api/auth/verify-email', { data: { token } })).ok()).toBe(true);
  // Paid through the local PayHere simulator, as the subscriptions spec does through its screens.
  const order = await admin.post('/api/payments/create', { data: { planType: 'growth', currency: 'USD', billingPeriod: 'monthly' } });
  expect(order.ok(), await order.text()).toBe(true);
  const { orderId } = (await order.json()) as PaymentCreateResponse;
  const paid = await admin.post('/api/payments/simulator/complete', { data: { orderId, outcome: 'success' } });
  expect(paid.ok(), await paid.text()).toBe(true);
  return { admin, adminEmail };
}

/** An invited person who set their password from the invitation mail and their name on their profile. */
async function invite(admin: APIRequestContext, baseURL: string, person: { email: string; fullName: string; role: 'manager' | 'new_hire'; managerId?: string }) {
  const res = await admin.post('/api/users/invite', { data: { email: person.email, role: person.role, managerId: person.managerId } });
  expect(res.ok(), await res.text()).toBe(true);
  const { id } = (await res.json()) as { id: string };
  const token = new URL(await mailedLink(person.email, '/reset-password?token=')).searchParams.get('token');
  expect((await admin.post('/api/auth/reset-password', { data: { token, password: PASSWORD } })).ok()).toBe(true);
  await setFullName(baseURL, person.email, person.fullName);
  return { id, email: person.email };
}

/** What a person does on their profile page: their name. */
async function setFullName(baseURL: string, email: string, fullName: string) {
  const own = await apiAs(baseURL, email, PASSWORD);
  const profile = await own.patch('/api/users/me', { data: { fullName } });
  expect(profile.ok(), await profile.text()).toBe(true);
  await own.dispose();
}

/** A fresh browser (its own cookies and offline store) signed in through the login screen. */
async function signedInPage(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  await signIn(page, email, PASSWORD);
  await page.waitForURL((url) => url.pathname !== '/login');
  return page;
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

async function addTask(page: Page, sectionTitle: string, task: { title: string; type: string; who?: string; person?: string }) {
  await page.getByRole('button', { name: `Add task to “${sectionTitle}”` }).click();
  const dialog = page.getByRole('dialog', { name: 'Add task' });
  await dialog.getByLabel('Task title').fill(task.title);
  await dialog.getByLabel('Task type').selectOption(task.type);
  if (task.who) await dialog.getByLabel('Who does it').selectOption({ label: task.who });
  if (task.person) await dialog.getByLabel('Person', { exact: true }).selectOption({ label: task.person });
  await dialog.getByRole('button', { name: 'Add task' }).click();
  await expect(dialog).toBeHidden();
}

const myTasksLink = (page: Page) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /My tasks/ });
/** What must not move when one person's plan changes: its tasks, their dates and who does them. */
const planShape = (plan: PlanDetails) => plan.tasks.map((task) => [task.id, task.title, task.dueDate, task.assigneeKind, task.assigneeId, task.isCompleted]);
const templateShape = (template: TemplateDetails) =>
  template.sections.map((section) => [
    section.title,
    section.dayStart,
    section.dayEnd,
    section.tasks.map((task) => [task.title, task.assigneeKind, task.assigneePersonId ?? null]),
  ]);

test('onboarding as a team: the admin plans it, IT and the manager do their part, the new hire sees it, and one plan changes alone', async ({ browser, baseURL }) => {
  test.slow(); // four people in four browsers over one plan's whole life: past 60 s on a busy machine
  if (!baseURL) throw new Error('The config gives a baseURL');
  const stamp = Date.now().toString(36);
  const { admin, adminEmail } = await newCompany(baseURL, stamp);
  const manager = await invite(admin, baseURL, { email: `story-manager-${stamp}@example.test`, fullName: 'Mala Jayasuriya', role: 'manager' });
  const it = await invite(admin, baseURL, { email: `story-it-${stamp}@example.test`, fullName: 'Ravi Tech', role: 'manager' });
  const asha = await invite(admin, baseURL, { email: `story-asha-${stamp}@example.test`, fullName: 'Asha Perera', role: 'new_hire', managerId: manager.id });
  const ben = await invite(admin, baseURL, { email: `story-ben-${stamp}@example.test`, fullName: 'Ben Silva', role: 'new_hire', managerId: manager.id });
  // IT orders the laptop in the two weeks before day 1, so day 1 is ten days away.
  const startDate = addDays(toIsoDate(new Date()), 10);

  // 1. The admin builds the template in the editor and assigns it to Asha, with her manager.
  const adminPage = await signedInPage(browser, adminEmail);
  await adminPage.goto('/templates/new');
  await adminPage.getByLabel('Title', { exact: true }).fill(TEMPLATE);
  await adminPage.getByLabel('Duration (days)').fill('30');
  await addSection(adminPage, 'Before you start', '-14', '-1');
  await addSection(adminPage, 'Week 1', '1', '7');
  await addTask(adminPage, 'Before you start', { title: 'Order a laptop', type: 'checklist', who: 'A named person', person: 'Ravi Tech' });
  await addTask(adminPage, 'Week 1', { title: 'Book the first 1:1 with {{first_name}}', type: 'meeting', who: 'Their manager' });
  await addTask(adminPage, 'Week 1', { title: 'Read the team handbook', type: 'checklist' });
  await adminPage.getByRole('button', { name: 'Create template' }).click();
  await expect(adminPage.getByText('Template created')).toBeVisible();
  await expect(adminPage).toHaveURL(/\/templates\/[0-9a-f-]{36}\/edit$/);
  const templateId = /\/templates\/([0-9a-f-]{36})\/edit$/.exec(adminPage.url())?.[1];
  if (!templateId) throw new Error('The editor moved to the saved template');

  await adminPage.goto('/admin-dashboard');
  await adminPage.getByRole('button', { name: 'Assign Existing User to Onboarding' }).click();
  const assign = adminPage.getByRole('dialog', { name: 'Assign Existing User to Onboarding' });
  await assign.getByLabel('User').selectOption({ label: 'Asha Perera' });
  await assign.getByLabel('Template').selectOption({ label: `${TEMPLATE} (30 days)` });
  await assign.getByLabel('Start date').fill(startDate);
  await assign.getByLabel('Manager (optional)').selectOption({ label: 'Mala Jayasuriya' });
  await assign.getByRole('button', { name: 'Assign Plan' }).click();
  await expect(adminPage.getByText('Onboarding plan assigned successfully!')).toBeVisible();
  const ashaCard = adminPage.getByRole('article', { name: 'Onboarding of Asha Perera' });
  await expect(ashaCard).toContainText('0 of 3 tasks');
  await adminPage.context().close();

  // Setup: a second plan from the same template, for Ben (his laptop is IT's too).
  const benPlanRes = await admin.post('/api/onboarding-plans', { data: { newHireId: ben.id, templateId, startDate, managerId: manager.id } });
  expect(benPlanRes.ok(), await benPlanRes.text()).toBe(true);
  const benPlanId = ((await benPlanRes.json()) as PlanDetails).id;

  // 2. IT signs in, finds Asha's laptop in My tasks and ticks it; the sidebar's count drops.
  const itPage = await signedInPage(browser, it.email);
  await expect(myTasksLink(itPage).getByLabel('2 open tasks')).toBeVisible();
  await myTasksLink(itPage).click();
  await expect(itPage.getByRole('heading', { name: 'My tasks', level: 1 })).toBeVisible();
  const laptopRows = itPage.getByRole('listitem').filter({ hasText: 'Order a laptop' });
  await expect(laptopRows).toHaveCount(2);
  const ashaLaptop = laptopRows.filter({ hasText: 'for Asha Perera' });
  await expect(ashaLaptop).toContainText('Before you start');
  // Only the tasks assigned to IT: not the manager's, not the new hire's.
  await expect(itPage.getByText('Book the first 1:1')).toHaveCount(0);
  await expect(itPage.getByText('Read the team handbook')).toHaveCount(0);
  await ashaLaptop.getByRole('checkbox', { name: 'Mark “Order a laptop” as done' }).click();
  await expect(ashaLaptop.getByRole('checkbox', { name: 'Mark “Order a laptop” as not done' })).toBeChecked();
  await expect(myTasksLink(itPage).getByLabel('1 open tasks')).toBeVisible();
  await expect(myTasksLink(itPage).getByLabel('2 open tasks')).toHaveCount(0);
  // Ben's laptop is still open.
  await expect(laptopRows.filter({ hasText: 'for Ben Silva' }).getByRole('checkbox', { name: 'Mark “Order a laptop” as done' })).not.toBeChecked();
  await itPage.context().close();

  // 3. Asha sees, read-only, what others do for her: IT's laptop done, her manager's 1:1 with her name in it.
  const ashaPage = await signedInPage(browser, asha.email);
  await expect(ashaPage.getByRole('heading', { name: /Welcome, Asha/ })).toBeVisible();
  const others = ashaPage.getByRole('region', { name: /^Others are doing for you/ });
  const laptop = others.getByRole('listitem').filter({ hasText: 'Order a laptop' });
  await expect(laptop).toContainText('Ravi Tech');
  await expect(laptop).toContainText('done');
  const oneOnOne = others.getByRole('listitem').filter({ hasText: 'Book the first 1:1 with Asha' });
  await expect(oneOnOne).toContainText('Mala Jayasuriya (manager)');
  await expect(oneOnOne).not.toContainText('done');
  await expect(others.getByText('{{first_name}}')).toHaveCount(0);
  await expect(others.getByRole('checkbox')).toHaveCount(0);
  await ashaPage.context().close();

  // 4. The manager changes Asha's plan only.
  const templateBefore = await getJson<TemplateDetails>(admin, `/api/templates/${templateId}`);
  const benBefore = await getJson<PlanDetails>(admin, `/api/onboarding-plans/${benPlanId}/details`);
  const managerPage = await signedInPage(browser, manager.email);
  const card = managerPage.getByRole('article', { name: 'Onboarding of Asha Perera' });
  // IT's tick counts for the whole plan, not for Asha's own part.
  await expect(card.getByTestId('plan-progress')).toHaveText('Whole plan 33% · Asha’s tasks 0%');
  await card.getByRole('link', { name: 'Edit Tasks' }).click();
  await expect(managerPage.getByRole('tab', { name: 'Tasks of this plan' })).toHaveAttribute('aria-selected', 'true');
  const rows = managerPage.getByTestId('plan-task-row');
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: 'Book the first 1:1 with Asha' })).toContainText('Their manager');

  await managerPage.getByRole('button', { name: 'Add task' }).click();
  const add = managerPage.getByRole('dialog', { name: 'Add task' });
  await add.getByLabel('Task title').fill('Show {{first_name}} the support queue');
  await add.getByLabel('Who does it').selectOption({ label: 'Their manager' });
  await add.getByLabel('Start day').fill('2');
  await add.getByLabel('End day').fill('3');
  await add.getByLabel('Section (optional)').fill('Week 1');
  await add.getByRole('button', { name: 'Add task' }).click();
  await expect(add).toBeHidden();
  await expect(rows).toHaveCount(4);
  await expect(rows.filter({ hasText: 'Show Asha the support queue' })).toContainText('Their manager');

  await managerPage.getByRole('button', { name: 'Edit “Read the team handbook”' }).click();
  const edit = managerPage.getByRole('dialog', { name: 'Edit task' });
  await edit.getByLabel('Task title').fill('Read the support handbook');
  await edit.getByRole('button', { name: 'Save task' }).click();
  await expect(edit).toBeHidden();
  await expect(rows.filter({ hasText: 'Read the support handbook' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Read the team handbook' })).toHaveCount(0);

  // The 1:1 moves to days 1 to 3. The dialog shows its title filled for Asha; saving it unchanged keeps
  // the placeholder, so the title still follows her name when she corrects it on her profile.
  await managerPage.getByRole('button', { name: 'Edit “Book the first 1:1 with Asha”' }).click();
  await expect(edit.getByLabel('Task title')).toHaveValue('Book the first 1:1 with Asha');
  await edit.getByLabel('End day').fill('3');
  await edit.getByRole('button', { name: 'Save task' }).click();
  await expect(edit).toBeHidden();
  await expect(rows.filter({ hasText: 'Book the first 1:1 with Asha' })).toContainText('Days 1 to 3');
  await setFullName(baseURL, asha.email, 'Ashani Perera');
  await managerPage.reload();
  await expect(managerPage.getByRole('heading', { name: 'Ashani Perera’s onboarding', level: 1 })).toBeVisible();
  await expect(rows.filter({ hasText: 'Book the first 1:1 with Ashani' })).toContainText('Days 1 to 3');
  await expect(rows.filter({ hasText: 'Show Ashani the support queue' })).toHaveCount(1);

  // Ben's plan, on the same screen, still has the template's three tasks.
  await managerPage.goto('/manager-dashboard');
  await managerPage.getByRole('article', { name: 'Onboarding of Ben Silva' }).getByRole('link', { name: 'Edit Tasks' }).click();
  await expect(managerPage.getByRole('heading', { name: 'Ben Silva’s onboarding', level: 1 })).toBeVisible();
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: 'Read the team handbook' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'support' })).toHaveCount(0);
  await expect(rows.filter({ hasText: 'Book the first 1:1 with Ben' })).toBeVisible();
  await managerPage.context().close();

  // And exactly so on the server: Ben's plan and the template are as they were before the manager's changes.
  expect(planShape(await getJson<PlanDetails>(admin, `/api/onboarding-plans/${benPlanId}/details`))).toEqual(planShape(benBefore));
  expect(templateShape(await getJson<TemplateDetails>(admin, `/api/templates/${templateId}`))).toEqual(templateShape(templateBefore));
  expect(templateShape(templateBefore)[0]?.[3]).toEqual([['Order a laptop', 'person', it.id]]);
  await admin.dispose();
});
