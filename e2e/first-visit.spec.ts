// A new hire's first visit on a device (issue 20): the plan downloads while the screen says it is
// loading, then shows. The screen never claims in between that no plan is assigned: that flash of the
// wrong empty state was also the page's largest paint, which made Lighthouse time the page by it.
import { expect, test } from '@playwright/test';
import { DEMO, signInByApi } from './fixtures.ts';

test('a first visit goes from loading straight to the plan, never through "no plan assigned"', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  // Every heading the page ever shows, in order, from its first render on.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { headingsSeen: string[] }).headingsSeen = seen;
    new MutationObserver(() => {
      for (const heading of Array.from(document.querySelectorAll('main h1'))) {
        const text = heading.textContent?.trim() ?? '';
        if (text && seen.at(-1) !== text) seen.push(text);
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  await signInByApi(page.request, DEMO.newHire);
  // The page asks who is signed in once (index.html preloads it; main.tsx and the router share the
  // answer), then pulls the plan once, from the start (sync/first-pull.ts).
  const asked: string[] = [];
  page.on('request', (request) => {
    const { pathname, searchParams } = new URL(request.url());
    if (pathname === '/api/auth/user') asked.push('who is signed in');
    if (pathname === '/api/sync/pull') asked.push(`pull from ${searchParams.get('cursor') ?? 'its cursor'}`);
  });
  await page.goto('/new-hire-dashboard');
  await expect(page.getByRole('heading', { name: /Welcome, Kavya/ })).toBeVisible();
  const headings = await page.evaluate(() => (window as unknown as { headingsSeen: string[] }).headingsSeen);
  expect(headings.filter((heading) => !/Welcome, Kavya/.test(heading))).toEqual([]);
  expect(asked.slice(0, 2)).toEqual(['who is signed in', 'pull from 0']);
  expect(asked.filter((request) => request === 'who is signed in')).toHaveLength(1);
  expect(asked.filter((request) => request === 'pull from 0')).toHaveLength(1);
  await context.close();
});

test('the server sends a new hire their dashboard’s greeting and frame, drawn before any script runs', async ({ browser }) => {
  // Without scripts, what the page shows is the HTML as sent (shared/signed-in-page.ts).
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
  const page = await context.newPage();
  await signInByApi(page.request, DEMO.newHire);
  await page.goto('/new-hire-dashboard');
  const frame = page.locator('#root[inert]');
  await expect(frame.getByText('Welcome, Kavya!')).toBeVisible();
  await expect(frame.getByText('Loading your onboarding plan...').first()).toBeVisible();
  await expect(frame.getByRole('banner').getByText('Lanka Labs').first()).toBeVisible();
  await expect(frame.getByText('KS', { exact: true }).first()).toBeVisible();
  await context.close();

  // With them, the app draws the same greeting over it and the plan follows: the page is usable.
  const live = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const app = await live.newPage();
  const errors: string[] = [];
  app.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
  // The browser's locale data loads in a worker of the page's own origin (app/lib/warm-intl.ts), which
  // the page's content security policy allows.
  const localeWarmer = app.waitForEvent('worker', (worker) => new URL(worker.url()).pathname.startsWith('/assets/warm-intl'));
  await signInByApi(app.request, DEMO.newHire);
  await app.goto('/new-hire-dashboard');
  expect(new URL((await localeWarmer).url()).origin).toBe(new URL(app.url()).origin);
  await expect(app.getByRole('heading', { name: 'Welcome, Kavya!' })).toBeVisible();
  await expect(app.getByRole('heading', { name: /Today's Tasks/ })).toBeVisible();
  await expect(app.locator('#root')).not.toHaveAttribute('inert');
  expect(errors).toEqual([]);
  await live.close();
});
