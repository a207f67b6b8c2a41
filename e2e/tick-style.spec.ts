// What keeps a tick's style work small on a page of hundreds of task rows (issue 20): no stylesheet
// rule of the form `:root:has(...)`, which makes the browser re-match the whole document whenever a box
// is ticked or a row leaves Today's Tasks; the page under an open dialog still does not scroll (the
// dialog locks it with a class instead).
import { expect, test } from '@playwright/test';
import { DEMO, signIn } from './fixtures.ts';

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
