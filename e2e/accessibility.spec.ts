// axe (WCAG 2.2 A/AA) over every signed-in screen of every role, at phone and desktop width, and
// over the dialogs people open there. No serious or critical rule may fire.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD } from './fixtures.ts';

const WIDTHS = [390, 1440] as const;
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

async function seriousViolations(page: Page, include?: string) {
  let builder = new AxeBuilder({ page }).withTags(TAGS);
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

async function signInAs(page: Page, email: string, password = DEMO_PASSWORD) {
  const response = await page.request.post('/api/auth/login', { data: { email, password } });
  expect(response.ok(), `sign in as ${email}`).toBe(true);
}

/** Loads the screen at each width and waits until its main heading and data are on screen. */
async function expectScreenPasses(page: Page, path: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.locator('.loading')).toHaveCount(0);
    expect(await seriousViolations(page), `${path} at ${width}px`).toEqual([]);
  }
}

/** Opens a dialog at each width and checks it alone, as a screen reader user meets it. */
async function expectDialogPasses(page: Page, path: string, open: (page: Page) => Promise<Locator>) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.goto(path);
    const dialog = await open(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('.loading')).toHaveCount(0);
    expect(await seriousViolations(page, '[role="dialog"], dialog[open]'), `${path} dialog at ${width}px`).toEqual([]);
  }
}

async function firstId(page: Page, url: string): Promise<string> {
  const body = (await (await page.request.get(url)).json()) as { id: string }[] | { plans: { id: string }[] };
  const list = Array.isArray(body) ? body : body.plans;
  const id = list[0]?.id;
  expect(id, `an id from ${url}`).toBeTruthy();
  return id as string;
}

test.describe('every signed-in screen passes axe', () => {
  test('admin screens', async ({ page }) => {
    await signInAs(page, DEMO.admin);
    const templateId = await firstId(page, '/api/templates');
    const planId = await firstId(page, '/api/onboarding-plans?limit=1');
    for (const path of [
      '/admin-dashboard',
      '/analytics',
      '/team',
      '/invite',
      '/templates',
      '/templates/new',
      `/templates/${templateId}/edit`,
      `/preview-plan/${planId}`,
      '/profile',
      '/subscription',
    ]) {
      await expectScreenPasses(page, path);
    }
  });

  test('manager screens', async ({ page }) => {
    await signInAs(page, DEMO.manager);
    for (const path of ['/manager-dashboard', '/team', '/invite', '/templates', '/templates/new', '/profile']) {
      await expectScreenPasses(page, path);
    }
  });

  test('new hire screens', async ({ page }) => {
    await signInAs(page, DEMO.newHire);
    for (const path of ['/new-hire-dashboard', '/profile']) await expectScreenPasses(page, path);
  });
});

test.describe('open dialogs pass axe', () => {
  test('the admin opens a plan conversation and the assign-plan dialog', async ({ page }) => {
    await signInAs(page, DEMO.admin);
    await expectDialogPasses(page, '/admin-dashboard', async (p) => {
      await p.getByRole('button', { name: 'View Messages' }).first().click();
      return p.getByRole('dialog', { name: /Messages/ });
    });
    await expectDialogPasses(page, '/team', async (p) => {
      await p.getByRole('button', { name: 'Assign Existing User to Onboarding' }).click();
      return p.getByRole('dialog', { name: 'Assign Existing User to Onboarding' });
    });
  });

  test('the new hire opens a task and their messages', async ({ page }) => {
    await signInAs(page, DEMO.newHire);
    await expectDialogPasses(page, '/new-hire-dashboard', async (p) => {
      await p.getByRole('button', { name: /^Show details of/ }).first().click();
      return p.getByRole('dialog').first();
    });
    await expectDialogPasses(page, '/new-hire-dashboard', async (p) => {
      await p.getByRole('button', { name: /^Messages/ }).click();
      return p.getByRole('dialog', { name: 'Messages' });
    });
  });

  test('an admin on a paid plan opens the cancel dialogs', async ({ page }) => {
    // A company of its own, so upgrading does not change the demo company other tests count on.
    const email = `axe-${Date.now().toString(36)}@example.test`;
    const password = 'Kick@off2026';
    const signUp = await page.request.post('/api/auth/signup', {
      data: { fullName: 'Ada Access', email, password, companyName: 'Access Co', companyAddress: '12 Temple Road, Kandy' },
    });
    expect(signUp.status()).toBe(201);
    await signInAs(page, email, password);
    await page.goto('/subscription');
    await page.getByRole('article', { name: 'Growth' }).getByRole('button', { name: 'Choose Growth' }).click();
    await page.getByRole('dialog', { name: 'PayHere test checkout' }).getByRole('button', { name: 'Pay now' }).click();
    await expect(page.getByText('Payment Successful!')).toBeVisible();
    await page.waitForEvent('load');

    await expectDialogPasses(page, '/subscription', async (p) => {
      await p.getByRole('button', { name: 'Cancel Subscription' }).click();
      return p.getByRole('dialog', { name: 'Why are you cancelling?' });
    });
    await expectDialogPasses(page, '/subscription', async (p) => {
      await p.getByRole('button', { name: 'Cancel Subscription' }).click();
      const why = p.getByRole('dialog', { name: 'Why are you cancelling?' });
      await why.getByRole('radio').first().check();
      await why.getByRole('button', { name: 'Continue to Cancel' }).click();
      return p.getByRole('dialog', { name: 'Cancel your subscription?' });
    });
  });
});
