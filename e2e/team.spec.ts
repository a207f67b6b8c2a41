// Team and onboarding plans: an admin invites a new hire with a plan, the new hire sets a password
// from the mailed link, signs in, and works through the plan's tasks.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { PlanDetails, PlanSummary } from '../shared/onboarding.ts';
import { dueDateFor } from '../shared/plan-calendar.ts';
import { DEMO, mailedLink, signIn } from './fixtures.ts';
import { reviewScreenshots } from './screenshots.ts';

const NEW_PASSWORD = 'Welcome#2026';

async function signInAs(page: Page, email: string, password?: string) {
  await signIn(page, email, password);
  await expect(page).not.toHaveURL(/\/login/);
}

/** The demo company is on Starter (2 active new hires, both taken by the seed): finish Dilan's plan to free a place. */
async function freeActiveNewHirePlace(request: APIRequestContext): Promise<() => Promise<void>> {
  const plans = (await (await request.get('/api/onboarding-plans')).json()) as PlanSummary[];
  const dilans = plans.find((plan) => plan.newHire.email === DEMO.newHire2 && !plan.isCompleted);
  if (!dilans) return async () => {};
  const details = (await (await request.get(`/api/onboarding-plans/${dilans.id}/details`)).json()) as PlanDetails;
  const ticked = details.tasks.filter((task) => !task.isCompleted);
  for (const task of ticked) expect((await request.patch(`/api/onboarding-tasks/${task.id}`, { data: { isCompleted: true } })).ok()).toBe(true);
  // Put Dilan's plan back as the seed left it, for the tests that run after this one.
  return async () => {
    for (const task of ticked) await request.patch(`/api/onboarding-tasks/${task.id}`, { data: { isCompleted: false } });
  };
}

test('an admin invites a new hire with a plan; the new hire sets a password, signs in and completes the plan', async ({ page, browser }) => {
  const email = `e2e.hire.${Date.now()}@example.com`;
  await signInAs(page, DEMO.admin);
  const restore = await freeActiveNewHirePlace(page.request);

  await page.goto('/invite');
  await expect(page.getByRole('heading', { name: 'Invite Team Member' })).toBeVisible();
  await reviewScreenshots(page, 'invite-step1', { fullPage: true });
  await page.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('Please select a role')).toBeVisible();

  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Role').selectOption('new_hire');
  await page.getByLabel('Manager (optional)').selectOption({ label: 'Nimal Fernando' });
  await page.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${email}`).first()).toBeVisible();

  await expect(page.getByRole('heading', { name: 'Assign Onboarding' })).toBeVisible();
  await page.getByRole('button', { name: 'Assign Plan' }).click();
  await expect(page.getByText('Please select a template')).toBeVisible();
  await page.getByLabel('Onboarding template').selectOption({ label: 'Engineering Onboarding (90 days)' });
  const startDate = await page.getByLabel('Start date').inputValue();
  await reviewScreenshots(page, 'invite-step2', { fullPage: true });
  await page.getByRole('button', { name: 'Assign Plan' }).click();
  await expect(page.getByText('Onboarding plan assigned successfully!')).toBeVisible();
  await expect(page.getByRole('heading', { name: `Invitation sent to ${email}` })).toBeVisible();
  await reviewScreenshots(page, 'invite-step3', { fullPage: true });

  // The team list shows the newcomer, unverified, with a plan at 0%.
  await page.goto('/team');
  const row = page.getByRole('listitem').filter({ hasText: email });
  await expect(row.getByText('Unverified')).toBeVisible();
  await expect(row.getByText('0%')).toBeVisible();
  await reviewScreenshots(page, 'team', { fullPage: true });

  // The invitation link lets them choose a password (which also verifies the address).
  const link = await mailedLink(email, '/reset-password?token=');
  expect(link).toContain('invite=1');
  const invitee = await browser.newContext();
  const inviteePage = await invitee.newPage();
  await inviteePage.goto(link);
  await inviteePage.getByLabel('New password').fill(NEW_PASSWORD);
  await inviteePage.getByLabel('Confirm password').fill(NEW_PASSWORD);
  await inviteePage.getByRole('button', { name: 'Set password' }).click();
  await expect(inviteePage.getByRole('heading', { name: 'Your Password Is Set' })).toBeVisible();

  await signInAs(inviteePage, email, NEW_PASSWORD);
  const api = inviteePage.request;
  const plans = (await (await api.get('/api/onboarding-plans')).json()) as PlanSummary[];
  expect(plans).toHaveLength(1);
  const plan = (await (await api.get(`/api/onboarding-plans/${plans[0]?.id}/details`)).json()) as PlanDetails;
  expect(plan.startDate).toBe(startDate);
  expect(plan.manager?.fullName).toBe('Nimal Fernando');
  expect(plan.tasks.length).toBeGreaterThan(0);
  for (const task of plan.tasks) expect(task.dueDate).toBe(dueDateFor({ startDate, businessDays: false }, task.dayEnd ?? 0));
  expect(plan.tasks.find((task) => task.dayStart === 1)?.dueDate).toBe(dueDateFor({ startDate, businessDays: false }, 7));

  // The new hire ticks their own tasks; the admin those others do for them.
  // The admin's copy lists them all (the new hire's leaves out tasks held back until later).
  const wholePlan = (await (await page.request.get(`/api/onboarding-plans/${plan.id}/details`)).json()) as PlanDetails;
  expect(wholePlan.tasks.length).toBeGreaterThan(plan.tasks.length);
  expect(wholePlan.tasks.some((task) => task.assigneeId !== plan.newHireId)).toBe(true);
  for (const task of wholePlan.tasks) {
    const own = task.assigneeId === plan.newHireId;
    const response = await (own ? api : page.request).patch(`/api/onboarding-tasks/${task.id}`, { data: { isCompleted: true } });
    expect(response.ok()).toBe(true);
  }
  const done = (await (await api.get(`/api/onboarding-plans/${plan.id}`)).json()) as PlanSummary;
  expect(done).toMatchObject({ isCompleted: true, progressPercentage: 100 });

  // A new hire may not preview plans.
  await inviteePage.goto(`/preview-plan/${plan.id}`);
  await expect(inviteePage.getByText("You don't have permission to preview onboarding plans.")).toBeVisible();
  await invitee.close();

  // The admin now sees the newcomer verified and done.
  await page.reload();
  await expect(row.getByText('Verified')).toBeVisible();
  await expect(row.getByText('100%')).toBeVisible();
  await restore();
});

test('an admin previews a plan, checks its progress and edits it', async ({ page }) => {
  await signInAs(page, DEMO.admin);
  const plans = (await (await page.request.get('/api/onboarding-plans')).json()) as PlanSummary[];
  const kavyas = plans.find((plan) => plan.newHire.email === DEMO.newHire);
  expect(kavyas).toBeDefined();

  await page.goto(`/preview-plan/${kavyas?.id}`);
  await expect(page.getByText('Previewing Kavya Silva’s onboarding as they see it. Read-only.')).toBeVisible();
  // Read-only: the tasks show their state, but nothing can be ticked.
  await expect(page.locator('main').getByRole('checkbox', { disabled: true }).first()).toBeVisible();
  await expect(page.locator('main').getByRole('checkbox', { disabled: false })).toHaveCount(0);
  await reviewScreenshots(page, 'preview', { fullPage: true });

  await page.goto('/preview-plan/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Plan Not Found' })).toBeVisible();

  // The assign dialog checks its fields with the spec's messages.
  await page.goto('/team');
  await page.getByRole('button', { name: 'Assign Existing User to Onboarding' }).click();
  const dialog = page.getByRole('dialog', { name: 'Assign Existing User to Onboarding' });
  await expect(dialog.getByLabel('Start date')).not.toHaveValue('');
  await dialog.getByRole('button', { name: 'Assign Plan' }).click();
  await expect(dialog.getByText('Please select a user')).toBeVisible();
  await expect(dialog.getByText('Please select a template')).toBeVisible();
  await reviewScreenshots(page, 'assign-dialog', { fullPage: true });
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Deleting asks for DELETE typed exactly (after trimming).
  await page.getByRole('button', { name: 'Delete Dilan Jayasuriya' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete User Account' });
  await confirm.getByLabel('Type DELETE to confirm').fill('delete');
  await expect(confirm.getByRole('button', { name: 'Delete User' })).toBeDisabled();
  await confirm.getByLabel('Type DELETE to confirm').fill(' DELETE ');
  await expect(confirm.getByRole('button', { name: 'Delete User' })).toBeEnabled();
  await reviewScreenshots(page, 'delete-dialog', { fullPage: true });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
});
