import { expect, test } from '@playwright/test';

test('serves the app and the API from one port', async ({ page, request }) => {
  const health = await request.get('/api/health');
  expect(health.status()).toBe(200);
  const missingApi = await request.get('/api/nope');
  expect(missingApi.status()).toBe(404);
  expect(await missingApi.json()).toMatchObject({ message: expect.stringContaining('No API route') });

  await page.goto('/');
  await expect(page.locator('#root')).not.toBeEmpty();
});

test('an unknown page shows the not-found screen', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
});

test('a missing asset is a 404, not the app shell', async ({ request }) => {
  const res = await request.get('/assets/missing-file.js');
  expect(res.status()).toBe(404);
});
