// What keeps a tick's style work small on a page of hundreds of task rows (issue 20): no stylesheet
// rule of the form `:root:has(...)`, which makes the browser re-match the whole document whenever a box
// is ticked or a row leaves Today's Tasks; the page under an open dialog still does not scroll (the
// dialog locks it with a class instead). And a tick shows in its click's frame, on the dashboard and in
// My tasks: the checkmark and the progress ring take their new state at once instead of animating to it
// or waiting for the device's database to be read again.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO, newHireWithTasks, signIn, signInByApi, signUpCompany, TEST_PASSWORD, tickAndReadNextFrame } from './fixtures.ts';

test('no :root:has() rule in the page’s styles, and an open dialog locks the page scroll', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, DEMO.newHire);
  await expect(page.getByRole('heading', { name: /Welcome, Kavya/ })).toBeVisible();

  const rootHasRules = await page.evaluate(() => {
    const found: string[] = [];
    const walk = (rules: CSSRuleList) => {
      for (const rule of Array.from(rules)) {
        if (rule instanceof CSSStyleRule && /(^|[\s,(])(:root|html):has\(/.test(rule.selectorText)) found.push(rule.selectorText);
        if ('cssRules' in rule && (rule as CSSGroupingRule).cssRules) walk((rule as CSSGroupingRule).cssRules);
      }
    };
    for (const sheet of Array.from(document.styleSheets)) walk(sheet.cssRules);
    return found;
  });
  expect(rootHasRules).toEqual([]);

  const overflow = () => page.evaluate(() => getComputedStyle(document.documentElement).overflowY);
  expect(await overflow()).not.toBe('hidden');
  await page.getByRole('button', { name: /^Messages/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Messages' });
  await expect(dialog).toBeVisible();
  await expect.poll(overflow).toBe('hidden');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect.poll(overflow).not.toBe('hidden');
});

/** A new hire of a company of their own (the demo new hire's tasks are ticked by other specs), signed in. */
async function newHireWithTwoTasks(browser: Browser, name: string): Promise<{ page: Page; close: () => Promise<void> }> {
  const stamp = Date.now().toString(36);
  const admin = (await signUpCompany(browser, { adminEmail: `${name}-admin-${stamp}@example.test`, companyName: 'Tick Co' })).request;
  const email = `${name}-hire-${stamp}@example.test`;
  await newHireWithTasks(admin, email, [
    { title: 'Sign the contract', type: 'checklist' },
    { title: 'Set up your laptop', type: 'checklist' },
  ]);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signInByApi(page.request, email, TEST_PASSWORD);
  return { page, close: () => context.close() };
}

test('a tick shows in the frame of its click: the checkmark and the progress ring do not animate', async ({ browser }) => {
  const { page, close } = await newHireWithTwoTasks(browser, 'tick');
  await page.goto('/');
  const ring = page.getByRole('progressbar', { name: 'Your progress' });
  await expect(ring).toHaveAttribute('aria-valuenow', '0');
  await expect(page.locator('main input.checkbox').first()).toBeVisible();
  expect(await tickAndReadNextFrame(page)).toEqual({ checked: true, checkmarkOpacity: '1', value: '50', drawn: '50%' });
  await close();
});

test('in My tasks too, a tick shows in the frame of its click, before the device is read again', async ({ browser }) => {
  const { page, close } = await newHireWithTwoTasks(browser, 'mytick');
  await page.goto('/my-tasks');
  await expect(page.getByText('2 open tasks assigned to you')).toBeVisible();
  expect(await tickAndReadNextFrame(page)).toMatchObject({ checked: true, checkmarkOpacity: '1' });
  await expect(page.getByText('1 open task assigned to you')).toBeVisible();
  await close();
});
