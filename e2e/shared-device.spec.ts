// Shared devices: once a session is over or someone else signs in, nothing of the last person stays
// readable in this browser (IndexedDB, Web Storage, Cache Storage), except changes still to sync,
// which wait for that same person (DESIGN.md sections 6 and 8; app/sync/local-data.ts).
import { expect, request as playwrightRequest, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { apiAs, DEMO, DEMO_PASSWORD, signIn, waitForServiceWorkerControl } from './fixtures.ts';

const KAVYA = /Welcome, Kavya/;
const DILAN = /Welcome, Dilan/;

// This spec is about the service worker (e2e/playwright.config.ts blocks it everywhere else).
test.use({ serviceWorkers: 'allow' });

type Dump = {
  databases: { name: string; stores: Record<string, unknown[]> }[];
  localStorage: Record<string, string>;
  sessionStorage: Record<string, string>;
  caches: { name: string; entries: { url: string; body: string }[] }[];
};

/** Everything this origin keeps in the browser: every IndexedDB store, Web Storage, Cache Storage. */
function dumpBrowserStorage(page: Page): Promise<Dump> {
  return page.evaluate(async () => {
    const readDb = (name: string) =>
      new Promise<Record<string, unknown[]>>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const names = [...db.objectStoreNames];
          const stores: Record<string, unknown[]> = {};
          if (names.length === 0) {
            db.close();
            resolve(stores);
            return;
          }
          const tx = db.transaction(names, 'readonly');
          for (const store of names) {
            const all = tx.objectStore(store).getAll();
            all.onsuccess = () => (stores[store] = all.result);
          }
          tx.oncomplete = () => {
            db.close();
            resolve(stores);
          };
          tx.onerror = () => reject(tx.error);
        };
      });
    const databases = [];
    for (const info of await indexedDB.databases()) databases.push({ name: info.name!, stores: await readDb(info.name!) });
    const storage = (area: Storage) => Object.fromEntries(Array.from({ length: area.length }, (_, i) => area.key(i)!).map((key) => [key, area.getItem(key)!]));
    const cacheDump = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      const entries = [];
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        entries.push({ url: request.url, body: response ? await response.text() : '' });
      }
      cacheDump.push({ name, entries });
    }
    return { databases, localStorage: storage(localStorage), sessionStorage: storage(sessionStorage), caches: cacheDump };
  });
}

/** What of Kavya's the device holds while she is signed in: her id, plan, tasks and messages. */
async function kavyasMarkers(page: Page): Promise<string[]> {
  await expect.poll(async () => (await dumpBrowserStorage(page)).databases.some((db) => (db.stores.plans?.length ?? 0) > 0)).toBe(true);
  const dump = await dumpBrowserStorage(page);
  const db = dump.databases.find((candidate) => candidate.name.startsWith('kickoff-'))!;
  const plans = db.stores.plans as { id: string }[];
  const tasks = db.stores.tasks as { id: string }[];
  const messages = db.stores.messages as { id: string; content: string }[];
  expect(tasks.length).toBeGreaterThan(0);
  expect(messages.length).toBeGreaterThan(0);
  return [db.name.slice('kickoff-'.length), DEMO.newHire, 'Kavya', ...plans.map((p) => p.id), ...tasks.map((t) => t.id), ...messages.map((m) => m.id)];
}

/** Ends the browser's current session on the server, as an administrator or another device would. */
async function revokeSession(context: BrowserContext, baseURL: string) {
  const cookie = (await context.cookies(baseURL)).map((c) => `${c.name}=${c.value}`).join('; ');
  const other = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { cookie } });
  expect((await other.get('/api/auth/user')).status()).toBe(200);
  expect((await other.post('/api/auth/logout')).ok()).toBe(true);
  expect((await other.get('/api/auth/user')).status()).toBe(401);
  await other.dispose();
}

/**
 * Flips the first task of the first phase (ticked or not: earlier suites may have ticked them all);
 * answers its title and whether it is done now.
 */
async function flipFirstTask(page: Page): Promise<{ title: string; done: boolean }> {
  await page.getByRole('tablist', { name: 'Phases' }).getByRole('tab').first().click();
  const box = page.getByRole('tabpanel').getByRole('checkbox').first();
  const label = (await box.getAttribute('aria-label')) ?? '';
  const title = label.match(/“(.+)”/)?.[1] ?? '';
  const done = !label.endsWith('as not done');
  await box.click();
  await expect(page.getByRole('checkbox', { name: `Mark “${title}” as ${done ? 'not done' : 'done'}` }).first()).toBeChecked({ checked: done });
  return { title, done };
}

/** Waits until an element stops moving (a sheet sliding up), for a screenshot. */
async function settled(locator: Locator) {
  let last = '';
  await expect
    .poll(
      async () => {
        const box = JSON.stringify(await locator.boundingBox());
        const still = box === last;
        last = box;
        return still;
      },
      { intervals: [150] },
    )
    .toBe(true);
}

function expectNoApiResponsesCached(dump: Dump) {
  const urls = dump.caches.flatMap((cache) => cache.entries.map((entry) => new URL(entry.url).pathname));
  expect(urls.length).toBeGreaterThan(0); // the app shell is precached
  expect(urls.filter((path) => path.startsWith('/api/'))).toEqual([]);
}

test('a different person signing in leaves no trace of the last person, whose unsynced changes are removed after a warning', async ({ page, context, baseURL }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, DEMO.newHire);
  await expect(page.getByRole('heading', { name: KAVYA })).toBeVisible();
  await waitForServiceWorkerControl(page);
  const markers = await kavyasMarkers(page);

  // Offline, Kavya ticks a task and writes a message; meanwhile her session is ended on the server.
  await context.setOffline(true);
  await flipFirstTask(page);
  const secret = `Private note ${Date.now()}`;
  markers.push(secret);
  await page.getByRole('button', { name: /^Messages/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Messages' });
  await dialog.getByRole('textbox', { name: 'Message' }).fill(secret);
  await dialog.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(dialog.getByText('Waiting to send')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close messages' }).first().click();
  await revokeSession(context, baseURL!);

  // Back online, the sync hits 401: the outbox is kept and she is asked to sign in again; the cached
  // user is gone, so a reload would not show her data to the next person.
  await context.setOffline(false);
  const again = page.getByRole('link', { name: 'Sign in again to sync 2 changes' });
  await expect(again).toBeVisible();
  await expect.poll(async () => Object.keys((await dumpBrowserStorage(page)).localStorage)).not.toContain('kickoff:user');
  await page.screenshot({ path: testInfo.outputPath('sign-in-again-390.png') });

  // Someone else picks up the device: the sign-in screen says whose changes would be lost.
  await again.click();
  await expect(page).toHaveURL(/\/login/);
  const notice = page.getByRole('alert').filter({ hasText: 'Unsynced changes on this device' });
  await expect(notice).toContainText('2 unsynced changes of Kavya Silva will be removed if someone else signs in here. Sign in as Kavya Silva to sync them.');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: testInfo.outputPath('login-unsynced-notice-390.png'), fullPage: true });
  // Creating an account here would remove them too: the sign-up screen says so.
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Unsynced changes on this device' })).toContainText(
    '2 unsynced changes of Kavya Silva will be removed if you create an account here.',
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: testInfo.outputPath('signup-unsynced-notice-390.png') });
  await page.goBack();
  await expect(page).toHaveURL(/\/login/);

  await page.getByLabel('Email').fill(DEMO.newHire2);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove unsynced changes?' });
  await expect(confirm).toContainText('2 unsynced changes of Kavya Silva will be removed from this device.');
  await settled(confirm);
  await page.screenshot({ path: testInfo.outputPath('login-remove-confirm-390.png') });
  // Cancel keeps everything and signs no one in.
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(page).toHaveURL(/\/login/);
  expect((await dumpBrowserStorage(page)).databases.map((db) => db.name)).toEqual([`kickoff-${markers[0]}`]);

  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await confirm.getByRole('button', { name: 'Remove and sign in' }).click();
  await expect(page.getByRole('heading', { name: DILAN })).toBeVisible();
  await expect.poll(async () => (await dumpBrowserStorage(page)).databases.some((db) => (db.stores.plans?.length ?? 0) > 0)).toBe(true);

  const dump = await dumpBrowserStorage(page);
  const text = JSON.stringify(dump);
  expect(text).toContain('Dilan'); // the dump really reads the stores
  for (const marker of markers) expect(text, `found ${marker}`).not.toContain(marker);
  expect(dump.databases.map((db) => db.name)).toEqual([expect.stringMatching(/^kickoff-/)]);
  expectNoApiResponsesCached(dump);

  // Offline, the device shows Dilan's plan and nothing of Kavya's.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: DILAN })).toBeVisible();
  await expect(page.getByText('Kavya')).toHaveCount(0);
  await context.setOffline(false);
});

test('an expired session with nothing to sync removes the local data at once: offline, the device shows the sign-in screen', async ({ page, context, baseURL }) => {
  await signIn(page, DEMO.newHire);
  await expect(page.getByRole('heading', { name: KAVYA })).toBeVisible();
  await waitForServiceWorkerControl(page);
  const markers = await kavyasMarkers(page);
  await revokeSession(context, baseURL!);

  // The next sync (here: coming back online) gets 401 with an empty outbox.
  await context.setOffline(true);
  await context.setOffline(false);
  await expect(page).toHaveURL(/\/login/);
  await expect.poll(async () => (await dumpBrowserStorage(page)).databases.map((db) => db.name)).toEqual([]);
  const dump = await dumpBrowserStorage(page);
  const text = JSON.stringify(dump);
  for (const marker of markers) expect(text, `found ${marker}`).not.toContain(marker);
  expectNoApiResponsesCached(dump);

  await context.setOffline(true);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: KAVYA })).toHaveCount(0);
  await page.goto('/new-hire-dashboard');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText('Kavya')).toHaveCount(0);
  await context.setOffline(false);
});

test('the same person signing in again after a 401 keeps their changes, and they reach the server', async ({ page, context, baseURL }) => {
  await signIn(page, DEMO.newHire);
  await expect(page.getByRole('heading', { name: KAVYA })).toBeVisible();
  await waitForServiceWorkerControl(page);

  await context.setOffline(true);
  const { title, done } = await flipFirstTask(page);
  await revokeSession(context, baseURL!);
  await context.setOffline(false);
  await page.getByRole('link', { name: 'Sign in again to sync 1 change' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Unsynced changes on this device' })).toContainText('1 unsynced change of Kavya Silva');

  // Her own email: no question, and the kept change goes out.
  await page.getByLabel('Email').fill(DEMO.newHire);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: KAVYA })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Remove unsynced changes?' })).toHaveCount(0);

  const manager = await apiAs(baseURL, DEMO.manager);
  const plans = (await (await manager.get('/api/onboarding-plans')).json()) as
    { id: string; newHire: { email: string } }[] | { plans: { id: string; newHire: { email: string } }[] };
  const plan = (Array.isArray(plans) ? plans : plans.plans).find((candidate) => candidate.newHire.email === DEMO.newHire)!;
  const completed = async () => {
    const details = (await (await manager.get(`/api/onboarding-plans/${plan.id}/details`)).json()) as { tasks: { title: string; isCompleted: boolean }[] };
    return details.tasks.find((task) => task.title === title)?.isCompleted;
  };
  await expect.poll(completed).toBe(done);
  await expect(page.getByRole('status').filter({ hasText: 'to sync' })).toHaveCount(0);

  // Put the demo back as it was for the suites after this one.
  expect((await flipFirstTask(page)).title).toBe(title);
  await expect.poll(completed).toBe(!done);
  await manager.dispose();
});
