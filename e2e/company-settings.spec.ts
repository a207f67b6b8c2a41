// Company settings and the screens around them (issue #22): an admin sets the Helpful Resources links
// a new hire then sees (from the synced data, offline too), the admin dashboard's Assign dialog,
// staff notes, a manager deleting a plan, and the sign-out's 500 ms.
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import type { CompanySettings } from '../shared/company.ts';
import type { PlanDetails, PlanSummary } from '../shared/onboarding.ts';
import type { TemplateSummary } from '../shared/templates.ts';
import { apiAs, DEMO, signIn, waitForServiceWorkerControl } from './fixtures.ts';
import { reviewScreenshots } from './screenshots.ts';

async function signedInPage(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, email);
  await expect(page).not.toHaveURL(/\/login/);
  return page;
}

async function getJson<T>(api: APIRequestContext, path: string): Promise<T> {
  const response = await api.get(path);
  expect(response.ok(), `${path} answered ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

const NO_LINKS = { employeeHandbook: null, benefitsGuide: null, itSetupGuide: null, teamDirectory: null };

/**
 * A plan of the manager's for a newly invited new hire, so the demo plans other tests count on stay.
 * The demo company is on Starter with both active new-hire places taken: Dilan's plan is finished for
 * the time it takes to assign, then put back as the seed left it.
 */
async function freshManagedPlan(admin: APIRequestContext, manager: APIRequestContext, label: string) {
  const plans = await getJson<PlanSummary[]>(admin, '/api/onboarding-plans?limit=500');
  const dilans = plans.find((plan) => plan.newHire.email === DEMO.newHire2 && !plan.isCompleted);
  const ticked = dilans ? (await getJson<PlanDetails>(admin, `/api/onboarding-plans/${dilans.id}/details`)).tasks.filter((task) => !task.isCompleted) : [];
  for (const task of ticked) expect((await admin.patch(`/api/onboarding-tasks/${task.id}`, { data: { isCompleted: true } })).ok()).toBe(true);

  const email = `e2e.${label}.${Date.now()}@example.com`;
  const invited = await manager.post('/api/users/invite', { data: { email, role: 'new_hire' } });
  expect(invited.status()).toBe(201);
  const newHire = (await invited.json()) as { id: string };
  const template = (await getJson<TemplateSummary[]>(manager, '/api/templates')).find((candidate) => candidate.isActive && candidate.kind === 'onboarding');
  const assigned = await manager.post('/api/onboarding-plans', {
    data: { newHireId: newHire.id, templateId: template?.id, startDate: new Date().toISOString().slice(0, 10) },
  });
  expect(assigned.status()).toBe(201);
  const plan = (await assigned.json()) as PlanSummary;

  for (const task of ticked) await admin.patch(`/api/onboarding-tasks/${task.id}`, { data: { isCompleted: false } });
  return {
    plan,
    email,
    /** Removes what this made (the plan, if still there, and the invited person). */
    cleanUp: async () => {
      await admin.delete(`/api/onboarding-plans/${plan.id}`);
      await admin.delete(`/api/users/${newHire.id}`);
    },
  };
}

test('an admin sets two Helpful Resources links; the new hire sees exactly those two, offline too', async ({ page, browser, baseURL }) => {
  const admin = await apiAs(baseURL, DEMO.admin);
  const before = await getJson<CompanySettings>(admin, '/api/company');
  try {
    await signIn(page, DEMO.admin);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Company settings' }).click();
    await expect(page.getByRole('heading', { name: 'Company settings', level: 1 })).toBeVisible();
    await expect(page.getByLabel('Company name')).toHaveValue(before.name);

    // The API's own rules and messages, from the first Save on; the first field to fix gets the focus.
    await page.getByLabel('Company name').fill('  ');
    await page.getByLabel('Phone').fill('call me');
    await page.getByLabel('Employee Handbook').fill('handbook.pdf');
    await expect(page.getByRole('status').filter({ hasText: 'Unsaved changes' })).toBeVisible();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Company name is required')).toBeVisible();
    await expect(page.getByText('Please enter a valid phone number')).toBeVisible();
    await expect(page.getByText('Employee Handbook link must be a valid http(s) URL')).toBeVisible();
    await expect(page.getByLabel('Company name')).toBeFocused();
    await expect(page.getByLabel('Employee Handbook')).toHaveAccessibleDescription('Employee Handbook link must be a valid http(s) URL');
    await reviewScreenshots(page, 'company-settings-refused', { fullPage: true, darkToo: true });
    await page.getByLabel('Company name').fill(before.name);
    await expect(page.getByText('Company name is required')).toHaveCount(0);

    await page.getByLabel('Phone').fill('+94 11 234 5678');
    await page.getByLabel('City').fill('Colombo');
    await page.getByLabel('Employee Handbook').fill('https://handbook.example.com/kickoff');
    await page.getByLabel('Team Directory').fill('  https://people.example.com/directory ');
    await expect(page.getByText('2 of 4 set')).toBeVisible();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Company settings saved')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
    // The saved values come back trimmed.
    await expect(page.getByLabel('Team Directory')).toHaveValue('https://people.example.com/directory');

    await page.reload();
    await expect(page.getByLabel('Employee Handbook')).toHaveValue('https://handbook.example.com/kickoff');
    await expect(page.getByLabel('Benefits Guide')).toHaveValue('');
    await expect(page.getByLabel('City')).toHaveValue('Colombo');
    await reviewScreenshots(page, 'company-settings', { fullPage: true, darkToo: true });

    // The new hire's card reads the synced copy (Dexie), never GET /api/company.
    // The service worker is allowed here (the config blocks it): the card must show offline too.
    const hire = await browser.newContext({ serviceWorkers: 'allow' });
    const hirePage = await hire.newPage();
    await hirePage.route('**/api/company', (route) => route.abort());
    await signIn(hirePage, DEMO.newHire);
    const card = hirePage.getByRole('region', { name: 'Helpful Resources' });
    const links = card.getByRole('link');
    await expect(links).toHaveCount(2);
    await expect(links.nth(0)).toHaveAccessibleName(/^Employee Handbook/);
    await expect(links.nth(0)).toHaveAttribute('href', 'https://handbook.example.com/kickoff');
    await expect(links.nth(1)).toHaveAccessibleName(/^Team Directory/);
    await expect(links.nth(1)).toHaveAttribute('href', 'https://people.example.com/directory');
    await reviewScreenshots(hirePage, 'helpful-resources-card', { part: (p) => p.getByRole('region', { name: 'Helpful Resources' }), darkToo: true });
    await reviewScreenshots(hirePage, 'new-hire-dashboard', { fullPage: true, darkToo: true });

    // Offline, from the service worker's shell and the device's copy.
    await waitForServiceWorkerControl(hirePage);
    await hire.setOffline(true);
    await hirePage.reload();
    await expect(card.getByRole('link')).toHaveCount(2);
    await hire.setOffline(false);

    // With no links set the card is not shown at all.
    expect((await admin.patch('/api/company', { data: { name: before.name, resources: NO_LINKS } })).ok()).toBe(true);
    await hirePage.reload();
    await expect(hirePage.getByRole('heading', { name: /Welcome, Kavya/ })).toBeVisible();
    await expect(hirePage.getByRole('heading', { name: 'Need Help?' })).toBeVisible();
    await expect(card).toHaveCount(0);
    await hire.close();
  } finally {
    await admin.patch('/api/company', { data: { name: before.name, address: before.address, phone: before.phone, city: before.city, resources: before.resources } });
    await admin.dispose();
  }
});

test('company settings are for admins only', async ({ browser }) => {
  const managerPage = await signedInPage(browser, DEMO.manager);
  await expect(managerPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Company settings' })).toHaveCount(0);
  await managerPage.goto('/company-settings');
  await expect(managerPage.getByText('You need admin privileges to change company settings.')).toBeVisible();
  await managerPage.context().close();
});

test('the admin opens Assign Existing User to Onboarding from the admin dashboard', async ({ page }) => {
  await signIn(page, DEMO.admin);
  await page.waitForURL('**/admin-dashboard');
  await page.getByRole('button', { name: 'Assign Existing User to Onboarding' }).click();
  const dialog = page.getByRole('dialog', { name: 'Assign Existing User to Onboarding' });
  await expect(dialog.getByLabel('User')).toBeVisible();
  await expect(dialog.getByLabel('User').getByRole('option', { name: /Kavya Silva/ })).toBeAttached();
  await expect(dialog.getByLabel('Manager (optional)')).toBeVisible();
  await dialog.getByRole('button', { name: 'Assign Plan' }).click();
  await expect(dialog.getByText('Please select a user')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test('an admin’s message from View Messages is a staff note: said above the composer, marked in the thread, answered by the manager as one', async ({ page, browser, baseURL }) => {
  const admin = await apiAs(baseURL, DEMO.admin);
  const manager = await apiAs(baseURL, DEMO.manager);
  const { plan, email, cleanUp } = await freshManagedPlan(admin, manager, 'note');
  try {
    await signIn(page, DEMO.admin);
    await page.waitForURL('**/admin-dashboard');
    await page
      .getByRole('article', { name: `Onboarding of ${email}` })
      .getByRole('button', { name: 'View Messages' })
      .click();
    const dialog = page.getByRole('dialog', { name: /Messages/ });
    const composer = dialog.getByLabel('Message', { exact: true });
    // Said above the composer, and read with it.
    await expect(dialog.getByText(`Staff note to Nimal Fernando. ${email} will not see it.`)).toBeVisible();
    await expect(composer).toHaveAccessibleDescription(/Staff note to Nimal Fernando\. .* will not see it\./);
    await composer.fill('Please check in on the laptop order.');
    await composer.press('Enter');
    const note = dialog.getByRole('listitem').filter({ hasText: 'Please check in on the laptop order.' });
    await expect(note.getByText('Staff note')).toBeVisible();
    await expect(note).toContainText('not visible to the new hire');
    await reviewScreenshots(page, 'staff-note-admin', { part: (p) => p.getByRole('dialog', { name: /Messages/ }).locator('.modal-box'), darkToo: true });

    // The manager sees it marked, and answers the admin (the note is the last message) or the new hire.
    const managerPage = await signedInPage(browser, DEMO.manager);
    await managerPage
      .getByRole('article', { name: `Onboarding of ${email}` })
      .getByRole('button', { name: 'Send Message' })
      .click();
    const managerDialog = managerPage.getByRole('dialog', { name: /Messages/ });
    await expect(managerDialog.getByRole('listitem').filter({ hasText: 'Please check in on the laptop order.' }).getByText('Staff note')).toBeVisible();
    await expect(managerDialog.getByText(`Staff note to Amara Perera. ${email} will not see it.`)).toBeVisible();
    await managerDialog.getByLabel('Message', { exact: true }).fill('Ordered, arrives Monday.');
    await managerDialog.getByLabel('Message', { exact: true }).press('Enter');
    await expect(managerDialog.getByRole('listitem').filter({ hasText: 'Ordered, arrives Monday.' }).getByText('Staff note')).toBeVisible();
    await reviewScreenshots(managerPage, 'staff-note-manager', { part: (p) => p.getByRole('dialog', { name: /Messages/ }).locator('.modal-box'), darkToo: true });
    await managerDialog.getByRole('button', { name: `Write to ${email} instead` }).click();
    await expect(managerDialog.getByText(`Your message goes to ${email}.`)).toBeVisible();
    await managerPage.context().close();

    const conversation = await getJson<{ content: string; audience: string }[]>(admin, `/api/messages/${plan.id}`);
    expect(conversation.map((message) => [message.content, message.audience])).toEqual([
      ['Please check in on the laptop order.', 'staff'],
      ['Ordered, arrives Monday.', 'staff'],
    ]);
  } finally {
    await cleanUp();
    await admin.dispose();
    await manager.dispose();
  }
});

test('a manager deletes one of their plans: confirm, the spec’s toasts, and the card is gone', async ({ page, baseURL }) => {
  const admin = await apiAs(baseURL, DEMO.admin);
  const manager = await apiAs(baseURL, DEMO.manager);
  const { plan, email, cleanUp } = await freshManagedPlan(admin, manager, 'delete');
  try {
    await signIn(page, DEMO.manager);
    await page.waitForURL('**/manager-dashboard');
    const card = page.getByRole('article', { name: `Onboarding of ${email}` });
    await expect(card).toBeVisible();

    // Cancel keeps it.
    await card.getByRole('button', { name: 'Delete Plan' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this onboarding plan?' });
    await expect(confirm).toContainText(`${email}’s onboarding`);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();

    // A refusal says so in the spec's words, and the plan stays.
    await page.route(`**/api/onboarding-plans/${plan.id}`, (route) =>
      route.request().method() === 'DELETE' ? route.fulfill({ status: 500, json: { message: 'Database unavailable' } }) : route.fallback(),
    );
    await card.getByRole('button', { name: 'Delete Plan' }).click();
    await confirm.getByRole('button', { name: 'Delete Plan' }).click();
    await expect(page.getByText('Failed to delete onboarding plan. Please try again.')).toBeVisible();
    await expect(confirm).toBeVisible();
    await page.unroute(`**/api/onboarding-plans/${plan.id}`);

    await confirm.getByRole('button', { name: 'Delete Plan' }).click();
    await expect(page.getByText('Onboarding plan deleted')).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(card).toHaveCount(0);
    expect((await admin.get(`/api/onboarding-plans/${plan.id}`)).status()).toBe(404);
  } finally {
    await cleanUp();
    await admin.dispose();
    await manager.dispose();
  }
});

test('signing out waits 500 ms before leaving', async ({ page }) => {
  await signIn(page, DEMO.admin);
  await page.waitForURL('**/admin-dashboard');
  await page.getByRole('button', { name: /Account menu for/ }).click();
  const started = Date.now();
  await page.locator('.dropdown-content').getByRole('button', { name: 'Log out' }).click();
  // The menu stays open meanwhile, saying what is happening.
  await expect(page.locator('.dropdown-content').getByRole('button', { name: 'Signing out…' })).toHaveAttribute('aria-disabled', 'true');
  await page.waitForURL((url) => url.pathname === '/');
  expect(Date.now() - started).toBeGreaterThanOrEqual(500);
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
});
