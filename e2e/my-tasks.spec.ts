// My tasks (issue 17): a manager finds a task of a new hire's plan assigned to them, ticks it there, the
// sidebar's count drops, and the new hire sees it done, read-only, under "Others are doing for you".
import { expect, test, type Page } from '@playwright/test';
import type { MyTasksCount, MyTasksResponse } from '../shared/onboarding.ts';
import { apiAs, DEMO, signIn, tickAndReadNextFrame } from './fixtures.ts';

const myTasksLink = (page: Page) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /My tasks/ });

test('a manager ticks a task of their new hire in My tasks, and the new hire sees it done', async ({ page, baseURL }, testInfo) => {
  const api = await apiAs(baseURL, DEMO.manager);
  const { tasks } = (await (await api.get('/api/my-tasks')).json()) as MyTasksResponse;
  const task = tasks.find((mine) => !mine.isCompleted && mine.plan.newHire.fullName === 'Kavya Silva');
  if (!task) throw new Error('The demo gives the manager an open task on Kavya’s plan');
  const before = ((await (await api.get('/api/my-tasks/count')).json()) as MyTasksCount).open;
  await api.dispose();

  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, DEMO.manager);
  await page.waitForURL((url) => url.pathname !== '/login');
  await expect(myTasksLink(page).getByLabel(`${before} open tasks`)).toBeVisible();
  await myTasksLink(page).click();
  await expect(page.getByRole('heading', { name: 'My tasks', level: 1 })).toBeVisible();
  const row = page.getByRole('listitem').filter({ hasText: task.title });
  await expect(row.getByText('for Kavya Silva')).toBeVisible();
  await expect(page.getByLabel('Plan')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('my-tasks-1440.png'), fullPage: true });

  // Shown ticked in the click's frame, before the server has answered (issue 20).
  expect(await tickAndReadNextFrame(page, task.title)).toMatchObject({ checked: true, checkmarkOpacity: '1' });
  await expect(page.getByRole('checkbox', { name: `Mark “${task.title}” as not done` })).toBeChecked();
  // Recently done: struck through under its own heading, and the count one lower.
  await expect(page.getByRole('region', { name: /Recently done/ }).getByText(task.title)).toHaveClass(/line-through/);
  await expect(myTasksLink(page).getByLabel(`${before - 1} open tasks`)).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  // Read again at this size: the sidebar's drawer would still be sliding away in the picture.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'My tasks', level: 1 })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: testInfo.outputPath('my-tasks-390.png'), fullPage: true });

  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signIn(page, DEMO.newHire);
  await expect(page.getByRole('heading', { name: /Welcome, Kavya/ })).toBeVisible();
  const others = page.getByRole('region', { name: /^Others are doing for you/ });
  const done = others.getByRole('listitem').filter({ hasText: task.title });
  await expect(done).toContainText('Nimal Fernando (manager)');
  await expect(done).toContainText('done');
  // Read-only: nothing there to tick.
  await expect(others.getByRole('checkbox')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: testInfo.outputPath('new-hire-others-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.reload();
  await expect(others.getByRole('listitem').filter({ hasText: task.title })).toContainText('done');
  await page.screenshot({ path: testInfo.outputPath('new-hire-others-1440.png'), fullPage: true });

  // The new hire's own My tasks come from the device: their open tasks, none of them someone else's.
  await myTasksLink(page).click();
  await expect(page.getByRole('heading', { name: 'My tasks', level: 1 })).toBeVisible();
  await expect(page.getByText('Your own plan').first()).toBeVisible();
  await expect(page.getByText(task.title)).toHaveCount(0);
  // The sidebar counts them on the device too (its own lazily loaded part: staff never download it).
  const open = await page
    .getByRole('main')
    .getByRole('checkbox', { name: /as done”?$/ })
    .count();
  expect(open).toBeGreaterThan(0);
  await expect(myTasksLink(page).getByLabel(`${open} open tasks`)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('new-hire-my-tasks-1440.png'), fullPage: true });
});
