// Screenshots for a person to look at while building a screen; never asserted on.
import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';

/**
 * Review screenshots at phone (390 px) and desktop (1440 px) width, only when SHOTS_DIR names a folder
 * (`SHOTS_DIR=/tmp/shots npx playwright test ...`), so ordinary runs pay nothing. Writes
 * `${name}-${width}.png` (and `-dark.png` with darkToo), then puts the viewport and colour scheme back
 * so the rest of the test runs as before.
 */
export async function reviewScreenshots(
  page: Page,
  name: string,
  options: { part?: (page: Page) => Locator; fullPage?: boolean; darkToo?: boolean; at?: (page: Page) => Promise<void> } = {},
): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  // `at`: where on the page to look (a long list's middle) instead of its top.
  const { part, fullPage = false, darkToo = false, at = (page: Page) => page.evaluate(() => window.scrollTo(0, 0)) } = options;
  mkdirSync(dir, { recursive: true });
  const size = page.viewportSize();
  for (const colorScheme of darkToo ? (['light', 'dark'] as const) : ([null] as const)) {
    if (colorScheme) await page.emulateMedia({ colorScheme });
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await at(page);
      await page.waitForTimeout(400); // the sidebar's width transition after the resize
      const path = `${dir}/${name}-${width}${colorScheme === 'dark' ? '-dark' : ''}.png`;
      if (part) await part(page).screenshot({ path });
      else await page.screenshot({ path, fullPage });
    }
  }
  if (darkToo) await page.emulateMedia({ colorScheme: 'light' });
  if (size) await page.setViewportSize(size);
}
