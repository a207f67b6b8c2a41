// A long plan on a phone (issue 20): Today's Tasks and Your Tasks render only the rows near the screen,
// yet every task can be reached and ticked, scrolling with the mouse wheel and with the keyboard alone
// (Tab through the rows, Space on a box), with a visible focus; the lists say how many rows they hold;
// an open task keeps its details while far off screen; loading and scrolling shift nothing.
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { PlanDetails } from '../shared/onboarding.ts';
import { newHireWithTasks, signInByApi, signUpCompany, TEST_PASSWORD } from './fixtures.ts';
import { reviewScreenshots } from './screenshots.ts';

// Past the 50 rows from which a list is windowed (app/features/onboarding/use-row-window.ts).
const COUNT = 60;
const title = (n: number) => `Long task ${String(n).padStart(2, '0')}`;
const boxName = (n: number) => `Mark “${title(n)}” as done`;

/** Wheels down until `target` shows on screen (a person scrolling to it). */
async function wheelTo(page: Page, target: Locator) {
  const onScreen = async () => {
    const box = (await target.isVisible()) ? await target.boundingBox() : null;
    return !!box && box.y >= 0 && box.y + box.height <= page.viewportSize()!.height;
  };
  for (let step = 0; step < 100 && !(await onScreen()); step += 1) await page.mouse.wheel(0, 600);
  await expect(target).toBeInViewport();
}

const shifts = (page: Page) => page.evaluate(() => (window as unknown as { shifts: number }).shifts);

/** Review screenshots (SHOTS_DIR) resize the page: the shifts that causes are not the list's. */
async function shotsApart(page: Page, shoot: () => Promise<void>) {
  const before = await shifts(page);
  await shoot();
  // Their shifts are reported a moment later.
  await page.waitForTimeout(200);
  await page.evaluate((value) => ((window as unknown as { shifts: number }).shifts = value), before);
}

// A keyboard walk of a few hundred presses: a trace's snapshot of every press would take most of its time.
test.use({ trace: 'off' });

test('every task of a long list is reachable and tickable, by wheel and by keyboard, and scrolling shifts nothing', async ({ browser }) => {
  const stamp = Date.now().toString(36);
  const admin = (await signUpCompany(browser, { adminEmail: `long-admin-${stamp}@example.test`, companyName: 'Long List Co' })).request;
  const email = `long-hire-${stamp}@example.test`;
  const tasks = Array.from({ length: COUNT }, (_, i) => ({ title: title(i + 1), type: 'checklist' as const, description: `Step ${i + 1} of a long first week.` }));
  const { plan } = await newHireWithTasks(admin, email, tasks);

  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  // Layout shifts not caused by input (scrolling is not input): CLS's own rule.
  await page.addInitScript(() => {
    const page = window as unknown as { shifts: number };
    page.shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!entry.hadRecentInput) page.shifts += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await signInByApi(page.request, email, TEST_PASSWORD);
  await page.goto('/');
  const today = page.getByRole('region', { name: /^Today's Tasks/ });
  const yourTasks = page.getByRole('region', { name: /^Your Tasks/ });
  await expect(yourTasks.getByText(`0 of ${COUNT} done`)).toBeVisible();

  // Few rows are rendered, and each says where it stands in the whole list.
  expect(await today.getByRole('checkbox').count()).toBeLessThan(COUNT / 2);
  await expect(today.getByRole('listitem').first()).toHaveAttribute('aria-setsize', String(COUNT));
  await expect(today.getByRole('listitem').first()).toHaveAttribute('aria-posinset', '1');
  await shotsApart(page, () => reviewScreenshots(page, 'long-task-list-top'));

  // Wheel down to the end of Today's Tasks and tick its last task: it stays in its place, done (a
  // ticked row leaves Today's Tasks when the person leaves the screen, not under their finger).
  const lastToday = today.getByRole('checkbox', { name: boxName(COUNT) });
  await wheelTo(page, lastToday);
  const placeBefore = await lastToday.boundingBox();
  await lastToday.click();
  const tickedToday = today.getByRole('checkbox', { name: `Mark “${title(COUNT)}” as not done` });
  await expect(tickedToday).toBeChecked();
  expect(await tickedToday.boundingBox()).toEqual(placeBefore);
  await expect(yourTasks.getByText(`1 of ${COUNT} done`)).toBeVisible();

  // An open task keeps its details while the keyboard walk takes the page far from it.
  await yourTasks.getByRole('tablist').scrollIntoViewIfNeeded();
  await yourTasks.getByRole('button', { name: `Show details of “${title(2)}”` }).click();
  const details = yourTasks.getByRole('region', { name: `Details of “${title(2)}”` });
  await expect(details).toContainText('Step 2 of a long first week.');

  // Loading, wheeling through the windowed rows and back: nothing moved.
  expect(await shifts(page)).toBe(0);

  // Keyboard only: from the first box, Tab goes row by row (box, then its details button) through all
  // of them; Space ticks each open one. The focus is visible and on screen at every step.
  await yourTasks.getByRole('checkbox', { name: boxName(1) }).focus();
  const focused = () =>
    page.evaluate(() => {
      const element = document.activeElement as HTMLElement;
      const { top, bottom } = element.getBoundingClientRect();
      return {
        label: element.getAttribute('aria-label'),
        checked: (element as HTMLInputElement).checked,
        visible: element.matches(':focus-visible'),
        onScreen: top >= 0 && bottom <= innerHeight,
      };
    });
  for (let n = 1; n <= COUNT; n += 1) {
    const box = await focused();
    expect(box.label).toMatch(new RegExp(`^Mark “${title(n)}” as`));
    if (n > 1) expect(box.visible, `${title(n)}: focus visible`).toBe(true);
    // The browser scrolls the focus into view.
    if (n > 1 && !box.onScreen) await expect(page.locator(':focus')).toBeInViewport();
    if (!box.checked) await page.keyboard.press('Space');
    // Past the row's details button.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
  }
  await expect(yourTasks.getByText(`${COUNT} of ${COUNT} done`)).toBeVisible();
  await shotsApart(page, () =>
    reviewScreenshots(page, 'long-task-list-end', { at: () => yourTasks.getByRole('checkbox', { name: `Mark “${title(COUNT - 3)}” as not done` }).scrollIntoViewIfNeeded() }),
  );

  // Back up: the open task is as it was left.
  await yourTasks.getByRole('tablist').scrollIntoViewIfNeeded();
  await expect(details).toBeInViewport();
  await expect(details).toContainText('Step 2 of a long first week.');

  // Every tick reached the server.
  await expect.poll(async () => ((await (await admin.get(`/api/onboarding-plans/${plan.id}/details`)).json()) as PlanDetails).completedTasks, { timeout: 15_000 }).toBe(COUNT);
  await context.close();
});
