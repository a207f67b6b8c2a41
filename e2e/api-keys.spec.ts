// API keys (issue 21): an admin creates a key in Company settings, copies it the one time it is shown,
// and after closing the dialog sees only its first characters; a program calling the API with it (no
// cookie) gets the company's data, and once the admin revokes it the same call answers 401.
import { expect, request as playwrightRequest, test } from '@playwright/test';
import type { CompanySettings } from '../shared/company.ts';
import { signUpCompany } from './fixtures.ts';
import { reviewScreenshots } from './screenshots.ts';

const PORT = process.env.E2E_PORT ?? '4173';

test('an admin creates a key, copies it once, calls the API with it, and revokes it', async ({ browser }) => {
  // Review screenshots (SHOTS_DIR) take several seconds each on a busy machine.
  test.setTimeout(150_000);
  const suffix = crypto.randomUUID().slice(0, 8);
  const companyName = `Keys Co ${suffix}`;
  const context = await signUpCompany(browser, { adminEmail: `keys-admin-${suffix}@example.test`, companyName, adminName: 'Kasun Admin' });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: `http://127.0.0.1:${PORT}` });
  const page = await context.newPage();

  await page.goto('/company-settings');
  const panel = page.getByRole('region', { name: 'API keys' });
  await expect(panel.getByText('No API keys yet')).toBeVisible();
  await reviewScreenshots(page, 'api-keys-empty', { part: () => panel, darkToo: true });

  await panel.getByRole('button', { name: 'Create key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create an API key' });
  // The name is required: the form says so before anything is sent.
  await dialog.getByRole('button', { name: 'Create key' }).click();
  await expect(dialog.getByText('Please enter a name for the key')).toBeVisible();
  await dialog.getByLabel('Name').fill('HR system sync');
  await expect(dialog.getByLabel('Read only')).toBeChecked();
  await reviewScreenshots(page, 'api-keys-create', { part: () => dialog.locator('.modal-box') });
  await dialog.getByRole('button', { name: 'Create key' }).click();

  const shown = page.getByRole('dialog', { name: 'Copy your new API key' });
  await expect(shown.getByText('it will not be shown again')).toBeVisible();
  const field = shown.getByRole('textbox');
  await expect(field).toHaveAttribute('readonly', '');
  const key = await field.inputValue();
  expect(key).toMatch(/^kk_[A-Za-z0-9_-]{43}$/);
  await shown.getByRole('button', { name: 'Copy' }).click();
  await expect(shown.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  await reviewScreenshots(page, 'api-keys-shown-once', { darkToo: true });
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();

  // Only the first characters remain, here and after a reload.
  const row = panel.getByRole('listitem', { name: 'HR system sync' });
  await expect(row.getByTestId('api-key-prefix')).toHaveText(`${key.slice(0, 9)}…`);
  await expect(row).toContainText('Read only');
  await expect(row).toContainText('Never');
  expect(await page.content()).not.toContain(key);
  await page.reload();
  await expect(row).toBeVisible();
  expect(await page.content()).not.toContain(key);

  // A program with the key and no cookie: it acts as the admin, within the company.
  const program = await playwrightRequest.newContext({ baseURL: `http://127.0.0.1:${PORT}` });
  const auth = { Authorization: `Bearer ${key}` };
  const company = await program.get('/api/company', { headers: auth });
  expect(company.status(), await company.text()).toBe(200);
  expect(((await company.json()) as CompanySettings).name).toBe(companyName);
  expect((await program.get('/api/company')).status()).toBe(401);
  // A read key changes nothing.
  expect((await program.patch('/api/company', { headers: auth, data: { name: 'Renamed by a key' } })).status()).toBe(403);

  await page.reload();
  await expect(row).not.toContainText('Never');
  await reviewScreenshots(page, 'api-keys-list', { part: () => panel, darkToo: true });

  await row.getByRole('button', { name: 'Revoke HR system sync' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke this API key?' });
  await confirm.getByRole('button', { name: 'Revoke key' }).click();
  await expect(confirm).toBeHidden();
  await expect(row.getByRole('term').filter({ hasText: 'Revoked' })).toBeVisible();
  await expect(row.getByRole('button', { name: /Revoke/ })).toHaveCount(0);

  const afterRevoke = await program.get('/api/company', { headers: auth });
  expect(afterRevoke.status()).toBe(401);
  expect(((await afterRevoke.json()) as { message: string }).message).toMatch(/revoked/);
  await reviewScreenshots(page, 'api-keys-revoked', { part: () => panel });

  await program.dispose();
  await context.close();
});
