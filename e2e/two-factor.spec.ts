// Two-factor authentication (issue 24): an admin sets up an authenticator app in the profile (the code is
// computed here from the key the screen shows, as the app would), keeps the recovery codes shown once,
// and signs in again with password + code; then with a recovery code, which is refused the second time.
import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { signIn, signUpCompany, TEST_PASSWORD } from './fixtures.ts';
import { reviewScreenshots } from './screenshots.ts';

/** The code an authenticator app shows `steps` periods from now. */
const codeFor = (secret: string, steps = 0) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: Date.now() + steps * 30_000 });

async function signOut(page: Page) {
  expect((await page.request.post('/api/auth/logout')).status()).toBe(204);
}

test('set up in the profile, then sign in with password and code, and with a recovery code only once', async ({ browser }) => {
  test.setTimeout(150_000);
  const suffix = crypto.randomUUID().slice(0, 8);
  const email = `totp-admin-${suffix}@example.test`;
  const context = await signUpCompany(browser, { adminEmail: email, companyName: `Two Factor Co ${suffix}`, adminName: 'Tharindu Admin' });
  const page = await context.newPage();

  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Two-factor authentication' });
  await expect(section.getByText('Off', { exact: true })).toBeVisible();
  await reviewScreenshots(page, 'two-factor-off', { part: () => section });

  await section.getByRole('button', { name: 'Set up authenticator app' }).click();
  const setup = page.getByRole('dialog', { name: 'Set up an authenticator app' });
  await expect(setup.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await setup.getByTestId('totp-secret').getAttribute('data-secret')) ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await reviewScreenshots(page, 'two-factor-setup', { part: () => setup.locator('.modal-box') });
  // A wrong code is refused under the field; the set-up stays open for the right one.
  await setup.getByLabel('Authentication code').fill(codeFor(secret) === '000000' ? '111111' : '000000');
  await setup.getByRole('button', { name: 'Verify and turn on' }).click();
  await expect(setup.getByText('That code is not right')).toBeVisible();
  await setup.getByLabel('Authentication code').fill(codeFor(secret));
  await setup.getByRole('button', { name: 'Verify and turn on' }).click();

  const saved = page.getByRole('dialog', { name: 'Save your recovery codes' });
  const list = saved.getByRole('list', { name: 'Recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const recoveryCodes = await list.getByRole('listitem').allTextContents();
  await reviewScreenshots(page, 'two-factor-recovery-codes', { part: () => saved.locator('.modal-box') });
  await saved.getByRole('button', { name: 'I have saved my codes' }).click();
  await expect(section.getByText('On', { exact: true })).toBeVisible();
  await expect(section.getByText('10 unused codes left')).toBeVisible();
  await reviewScreenshots(page, 'two-factor-on', { part: () => section });

  // Password, then the app's next code.
  await signOut(page);
  await signIn(page, email, TEST_PASSWORD);
  const step = page.getByRole('region', { name: 'Two-factor authentication' });
  await expect(step.getByLabel('Authentication code')).toBeVisible();
  await reviewScreenshots(page, 'two-factor-sign-in-step', { fullPage: true });
  await step.getByLabel('Authentication code').fill(codeFor(secret, 1));
  await step.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page).toHaveURL(/\/admin-dashboard/);

  // A recovery code signs in once...
  const [recoveryCode = ''] = recoveryCodes;
  await signOut(page);
  await signIn(page, email, TEST_PASSWORD);
  await step.getByRole('button', { name: 'Use a recovery code' }).click();
  await step.getByLabel('Recovery code').fill(recoveryCode);
  await reviewScreenshots(page, 'two-factor-sign-in-recovery', { fullPage: true });
  await step.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page).toHaveURL(/\/admin-dashboard/);

  // ...and never again.
  await signOut(page);
  await signIn(page, email, TEST_PASSWORD);
  await step.getByRole('button', { name: 'Use a recovery code' }).click();
  await step.getByLabel('Recovery code').fill(recoveryCode);
  await step.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(step.getByText('has been used already')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  await context.close();
});

test('an admin requires a second factor: without one, they set it up before anything else', async ({ browser }) => {
  test.setTimeout(120_000);
  const suffix = crypto.randomUUID().slice(0, 8);
  const context = await signUpCompany(browser, { adminEmail: `strict-admin-${suffix}@example.test`, companyName: `Strict Co ${suffix}` });
  const page = await context.newPage();

  await page.goto('/company-settings');
  const panel = page.getByRole('region', { name: 'Two-factor authentication' });
  await expect(panel.getByText('1 admin or manager of 1 has no second factor yet.')).toBeVisible();
  await reviewScreenshots(page, 'two-factor-company-rule', { part: () => panel });
  await panel.getByLabel('Require a second factor for admins and managers').click();

  // This admin's own session has no second factor: the app holds them on the set-up screen.
  await expect(page).toHaveURL(/\/two-factor-setup/);
  await expect(page.getByRole('heading', { name: 'Set up two-factor authentication' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').getAttribute('data-secret')) ?? '';
  await reviewScreenshots(page, 'two-factor-required-setup', { fullPage: true });
  // Everything else is refused meanwhile, by the server.
  const held = await page.request.get('/api/users');
  expect(held.status()).toBe(403);
  expect((await held.json()).code).toBe('second_factor_required');

  await page.getByLabel('Authentication code').fill(codeFor(secret));
  await page.getByRole('button', { name: 'Verify and turn on' }).click();
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'I have saved my codes, continue' }).click();
  await expect(page).toHaveURL(/\/admin-dashboard/);
  expect((await page.request.get('/api/users')).status()).toBe(200);
  await page.goto('/company-settings');
  await expect(panel.getByText('Every admin and manager has a second factor.')).toBeVisible();
  await expect(panel.getByLabel('Require a second factor for admins and managers')).toBeChecked();
  await context.close();
});
