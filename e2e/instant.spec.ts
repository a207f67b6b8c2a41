// Changes are pushed (issue 20): the change stream brings a manager's message to the new hire's open
// dashboard and a new hire's tick to the manager's, with no poll involved. The new hire's page runs on
// Playwright's clock, paused while the message travels: no timer can fire, so no poll can bring it.
import { expect, test, type APIRequestContext, type Browser, type Page, type Request } from '@playwright/test';
import type { Message } from '../shared/messages.ts';
import type { PlanSummary } from '../shared/onboarding.ts';
import { DEMO, signInByApi } from './fixtures.ts';

test.use({ viewport: { width: 1280, height: 900 } });

const WELCOME = /Welcome, Kavya/;

/** A signed-in page of its own (own cookies), so two people can be on screen in one test. */
async function pageFor(browser: Browser, email: string, setUp?: (page: Page) => Promise<void>): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await setUp?.(page);
  await signInByApi(page.request, email);
  return page;
}

async function kavyasPlan(request: APIRequestContext): Promise<PlanSummary> {
  const plans = (await (await request.get('/api/onboarding-plans')).json()) as PlanSummary[];
  const plan = plans.find((candidate) => candidate.newHire.email === DEMO.newHire);
  expect(plan).toBeDefined();
  return plan!;
}

/** The top bar says Live once the change stream is open. */
const waitUntilLive = (page: Page) => expect(page.getByTitle(/appear as they happen/)).toBeVisible();

/** Every request to the API the page makes from now on ('GET /api/sync/pull'), except the change stream itself. */
function recordRequests(page: Page): string[] {
  const requests: string[] = [];
  page.on('request', (request: Request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/') && pathname !== '/api/events') requests.push(`${request.method()} ${pathname}`);
  });
  return requests;
}

/** Waits until a second passes without a new request. */
async function untilQuiet(page: Page, requests: string[]) {
  let seen = -1;
  while (seen !== requests.length) {
    seen = requests.length;
    await page.waitForTimeout(1_000);
  }
}

/** Runs the page's clock a second at a time until a second brings no request (at most five). */
async function settle(page: Page, requests: string[]) {
  for (let second = 0; second < 5; second += 1) {
    const before = requests.length;
    await page.clock.runFor(1_000);
    await untilQuiet(page, requests);
    if (requests.length === before) return;
  }
}

/** Ticks the first open task, phase tab by phase tab. */
async function tickOneOpenTask(page: Page) {
  const tabs = page.getByRole('tablist', { name: 'Phases' }).getByRole('tab');
  for (let i = 0; i < (await tabs.count()); i += 1) {
    await tabs.nth(i).click();
    const open = page.getByRole('tabpanel').getByRole('checkbox', { checked: false });
    if ((await open.count()) === 0) continue;
    await open.first().click();
    return;
  }
  throw new Error('Kavya has no open task');
}

test('a message reaches the new hire’s open dashboard by push, with no poll firing', async ({ browser }) => {
  const hire = await pageFor(browser, DEMO.newHire, (page) => page.clock.install());
  const manager = await pageFor(browser, DEMO.manager);
  const plan = await kavyasPlan(manager.request);

  await hire.goto('/');
  await expect(hire.getByRole('heading', { name: WELCOME })).toBeVisible();
  await waitUntilLive(hire);
  // An open conversation is where the app polled every 3 s before the stream.
  const requests = recordRequests(hire);
  await hire.getByRole('button', { name: /^Messages/ }).click();
  const dialog = hire.getByRole('dialog', { name: 'Messages' });
  await expect(dialog.getByRole('textbox', { name: 'Message' })).toBeVisible();
  // Opening it marks the unread messages read (a push and a pull): let that finish first.
  await untilQuiet(hire, requests);

  // From here on, time stands still on the new hire's page: no interval or timeout runs.
  await hire.clock.pauseAt(Date.now() + 1_000);
  requests.length = 0;
  const text = `Your desk is ready (${Date.now()})`;
  const sent = await manager.request.post('/api/messages', { data: { planId: plan.id, content: text } });
  expect(sent.status()).toBe(201);
  await expect(dialog.getByText(text)).toBeVisible({ timeout: 5_000 });
  expect(requests).toContain('GET /api/sync/pull');

  // The open conversation marks it read: a push once the frame is painted (a timer), and the
  // server's poke back. Advance the page a second at a time until the server has it, then until quiet.
  await expect
    .poll(async () => {
      await hire.clock.runFor(1_000);
      const thread = (await (await manager.request.get(`/api/messages/${plan.id}`)).json()) as Message[];
      return thread.find((message) => message.content === text)?.isRead;
    })
    .toBe(true);
  await settle(hire, requests);

  // Half a minute passes with the conversation open and the stream up: nothing is polled.
  requests.length = 0;
  await hire.clock.runFor(30_000);
  await hire.waitForTimeout(1_000);
  expect(requests).toEqual([]);

  await hire.context().close();
  await manager.context().close();
});

test('the manager’s dashboard shows a tick of the new hire without a reload', async ({ browser }) => {
  const manager = await pageFor(browser, DEMO.manager);
  const hire = await pageFor(browser, DEMO.newHire);
  const plan = await kavyasPlan(manager.request);

  await manager.goto('/manager-dashboard');
  const card = manager.getByRole('article', { name: `Onboarding of ${plan.newHire.fullName}` });
  await expect(card.getByText(`${plan.completedTasks} of ${plan.totalTasks} tasks`)).toBeVisible();
  await waitUntilLive(manager);

  await hire.goto('/');
  await expect(hire.getByRole('heading', { name: WELCOME })).toBeVisible();
  // Online, a tick's row never flashes a 'waiting to sync' note for the moment of its push.
  await hire.evaluate(() => {
    const page = window as unknown as { notedWaiting: boolean };
    page.notedWaiting = false;
    new MutationObserver(() => {
      if (document.body.textContent?.includes('waiting to sync')) page.notedWaiting = true;
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  await tickOneOpenTask(hire);
  await expect(hire.getByText('Your progress has been saved!')).toBeVisible();
  expect(await hire.evaluate(() => (window as unknown as { notedWaiting: boolean }).notedWaiting)).toBe(false);

  // The plans list is never polled: only the poke can bring the new count, well before a 60 s fallback.
  await expect(card.getByText(`${plan.completedTasks + 1} of ${plan.totalTasks} tasks`)).toBeVisible({ timeout: 5_000 });

  await hire.context().close();
  await manager.context().close();
});
