// Subscriptions with the local PayHere simulator: the payer's details confirmed before paying, upgrade,
// cancel (access kept) and reactivate.
import { expect, test, type Page } from '@playwright/test';
import { seriousAxeFindings } from './axe.ts';
import { DEMO, signInByApi } from './fixtures.ts';
import { reviewScreenshots } from './screenshots.ts';

async function signInAsAdmin(page: Page) {
  await signInByApi(page.request, DEMO.admin);
}

const planCard = (page: Page, name: string) => page.getByRole('article', { name });

/** The card's 'Current Plan' badge (its action button may carry the same words). */
const currentPlanBadge = (page: Page, name: string) => planCard(page, name).locator('span', { hasText: 'Current Plan' });

/** The checkout's first step: the payer's details, prefilled; Continue opens PayHere's checkout. */
async function continueToPayment(page: Page) {
  const billing = page.getByRole('dialog', { name: 'Billing details' });
  await expect(billing.getByLabel('Email')).not.toHaveValue('');
  await billing.getByRole('button', { name: 'Continue to payment' }).click();
}

/** The toggles are radios styled as buttons: click the visible label, as a person does. */
async function choose(page: Page, option: string | RegExp) {
  await page
    .locator('label')
    .filter({ has: page.getByRole('radio', { name: option }) })
    .click();
  await expect(page.getByRole('radio', { name: option })).toBeChecked();
}

test('signed-out visitors see the plans and are asked to sign in', async ({ page }) => {
  await page.goto('/subscription');
  await expect(page.getByRole('heading', { name: 'Choose Your Plan' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Home' })).toBeVisible();
  await expect(planCard(page, 'Growth').getByText('Most Popular')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in to Subscribe' })).toHaveCount(3);
  await choose(page, /Yearly/);
  await expect(planCard(page, 'Growth')).toContainText('$45');
  await expect(planCard(page, 'Growth')).toContainText('$3.75 per month');
  await page.getByRole('link', { name: 'Sign in to Subscribe' }).first().click();
  await expect(page).toHaveURL(/\/login/);
});

test('the admin upgrades to Growth yearly in LKR, cancels keeping access, and reactivates', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Free Plan • Limited Features' })).toBeVisible();

  await page.goto('/subscription');
  await expect(page.getByRole('link', { name: 'Back to Dashboard' })).toBeVisible();
  await expect(currentPlanBadge(page, 'Starter')).toBeVisible();
  await choose(page, /Yearly/);
  await choose(page, 'LKR');
  const growth = planCard(page, 'Growth');
  await expect(growth).toContainText(/LKR\s*13,500/);

  await growth.getByRole('button', { name: 'Choose Growth' }).click();

  // The payer's details, prefilled from the admin's account and the company, for the admin to correct.
  const billing = page.getByRole('dialog', { name: 'Billing details' });
  await expect(billing).toContainText(/Growth · Yearly · LKR\s*13,500/);
  await expect(billing.getByLabel('First name')).toHaveValue('Amara');
  await expect(billing.getByLabel('Last name')).toHaveValue('Perera');
  await expect(billing.getByLabel('Email')).toHaveValue(DEMO.admin);
  await expect(billing.getByLabel('Address')).toHaveValue('42 Galle Road, Colombo 03');
  await billing.getByLabel('Phone').fill('call me');
  await billing.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(billing.getByText('Please enter a valid phone number')).toBeVisible();
  await billing.getByLabel('Phone').fill('+94 77 123 4567');
  await billing.getByLabel('City').fill('Colombo');
  await billing.getByLabel('Last name').fill('Perera-Silva');
  await reviewScreenshots(page, 'checkout-payer-form');
  expect(await seriousAxeFindings(page, { include: 'dialog[open]' })).toEqual([]);
  const create = page.waitForRequest((request) => request.url().endsWith('/api/payments/create'));
  await billing.getByRole('button', { name: 'Continue to payment' }).click();
  expect((await create).postDataJSON()).toMatchObject({
    planType: 'growth',
    billingPeriod: 'yearly',
    currency: 'LKR',
    payer: { firstName: 'Amara', lastName: 'Perera-Silva', email: DEMO.admin, phone: '+94 77 123 4567', address: '42 Galle Road, Colombo 03', city: 'Colombo' },
  });

  const checkout = page.getByRole('dialog', { name: 'PayHere test checkout' });
  await expect(checkout).toBeVisible();
  await expect(billing).toBeHidden();
  await expect(checkout).toContainText(/LKR\s*13,500/);
  await expect(checkout).toContainText(`Amara Perera-Silva <${DEMO.admin}>`);
  // The phone and city the admin gave are the company's now: the next checkout starts from them.
  const company = await (await page.request.get('/api/company')).json();
  expect(company).toMatchObject({ phone: '+94 77 123 4567', city: 'Colombo', address: '42 Galle Road, Colombo 03' });
  await checkout.getByRole('button', { name: 'Pay now' }).click();
  await expect(page.getByText('Payment Successful!')).toBeVisible();

  // The page reloads after the success toast; the company is now on Growth, yearly.
  await page.waitForEvent('load');
  await expect(currentPlanBadge(page, 'Growth')).toBeVisible();
  await expect(planCard(page, 'Growth').getByRole('button', { name: 'Current Plan' })).toBeDisabled();
  const status = await (await page.request.get('/api/subscription/status')).json();
  expect(status).toMatchObject({ planType: 'growth', billingPeriod: 'yearly', status: 'completed', currency: 'LKR', amount: '13500.00' });

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Free Plan • Limited Features' })).toHaveCount(0);

  await page.goto('/subscription');
  await page.getByRole('button', { name: 'Cancel Subscription' }).click();
  const dialog = page.getByRole('dialog', { name: 'Why are you cancelling?' });
  await expect(dialog.getByRole('button', { name: 'Continue to Cancel' })).toBeDisabled();
  await dialog.getByRole('radio', { name: 'Too expensive' }).check();
  await dialog.getByLabel('Anything else we should know? (optional)').fill('Budget freeze this quarter');
  await dialog.getByRole('button', { name: 'Continue to Cancel' }).click();
  await page.getByRole('dialog', { name: 'Cancel your subscription?' }).getByRole('button', { name: 'Yes, Cancel Subscription' }).click();
  await expect(page.getByText('Subscription Cancelled')).toBeVisible();
  await expect(page.getByText(/Access until/)).toBeVisible();
  // Access continues until endDate: still Growth.
  await expect(currentPlanBadge(page, 'Growth')).toBeVisible();
  const cancelled = await (await page.request.get('/api/subscription/status')).json();
  expect(cancelled).toMatchObject({ planType: 'growth', status: 'cancelled' });

  await page.getByRole('button', { name: 'Reactivate' }).click();
  await expect(page.getByText('Subscription Reactivated')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel Subscription' })).toBeVisible();
  const reactivated = await (await page.request.get('/api/subscription/status')).json();
  expect(reactivated).toMatchObject({ planType: 'growth', status: 'completed', cancelledAt: null });
});

test('a cancelled simulator checkout changes nothing, and offline disables paying', async ({ page, context }) => {
  await signInAsAdmin(page);
  await page.goto('/subscription');
  await planCard(page, 'Business').getByRole('button', { name: 'Choose Business' }).click();
  await expect(page.getByRole('dialog', { name: 'Billing details' }).getByLabel('Phone')).toHaveValue('+94 77 123 4567');
  await continueToPayment(page);
  await page.getByRole('dialog', { name: 'PayHere test checkout' }).getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Payment was cancelled. Your subscription remains unchanged.')).toBeVisible();
  await expect(planCard(page, 'Business').getByRole('button', { name: 'Choose Business' })).toBeEnabled();

  await context.setOffline(true);
  await expect(page.getByText(/You are offline/)).toBeVisible();
  await expect(planCard(page, 'Business').getByRole('button', { name: 'Choose Business' })).toBeDisabled();
  await context.setOffline(false);
});
