// The API reference (issue 21): an admin finds "API reference" in company settings and it opens Scalar's
// reference over /api/openapi.json, rendered from this server's own scripts under the page's strict CSP.
import { expect, test } from '@playwright/test';
import { DEMO, signIn } from './fixtures.ts';
import { reviewScreenshots } from './screenshots.ts';

test('an admin opens the API reference from company settings and reads an operation', async ({ page, context }) => {
  test.slow(); // the reference is a large page: first render and the review screenshots take their time on a busy machine
  await signIn(page, DEMO.admin);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Company settings' }).click();
  await expect(page.getByRole('heading', { name: 'Company settings', level: 1 })).toBeVisible();
  const link = page.getByRole('link', { name: /API reference/ });
  await expect(link).toHaveAttribute('href', '/api/docs');
  await reviewScreenshots(page, 'company-settings-header', { part: (p) => p.locator('main header').first() });

  const [docs] = await Promise.all([context.waitForEvent('page'), link.click()]);
  const refused: string[] = [];
  const elsewhere: string[] = [];
  docs.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
  });
  docs.on('request', (request) => {
    if (!request.url().startsWith(new URL(page.url()).origin) && !request.url().startsWith('data:')) elsewhere.push(request.url());
  });
  await docs.waitForLoadState('domcontentloaded');
  await expect(docs).toHaveURL(/\/api\/docs$/);
  await expect(docs).toHaveTitle('Kickoff API reference');

  // The document's title and an operation from the routes' summaries, with the fields of its validator.
  await expect(docs.getByRole('heading', { name: 'Kickoff', exact: false }).first()).toBeVisible({ timeout: 30_000 });
  await docs.getByRole('link', { name: 'Users', exact: true }).click();
  await docs.getByRole('link', { name: /Invite a manager or new hire by email/ }).click();
  const invite = docs.getByRole('heading', { name: 'Invite a manager or new hire by email' });
  await expect(invite).toBeVisible();
  await expect(docs.getByText('new_hire').first()).toBeVisible();

  expect(refused, 'the page runs under its CSP without a refusal').toEqual([]);
  expect(elsewhere, 'everything comes from this server').toEqual([]);
  await reviewScreenshots(docs, 'api-docs', { darkToo: true });
});
