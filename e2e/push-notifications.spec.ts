// Web Push (issue #18): the service worker (app/sw.ts) shows what the server pushes. The push is handed
// to the worker over the DevTools protocol: this closed network has no browser push service to go through
// (api/push/push.test.ts shows the server's side reaching a push service encrypted and signed).
import { expect, test } from '@playwright/test';

// This spec is about the service worker (e2e/playwright.config.ts blocks it everywhere else).
test.use({ serviceWorkers: 'allow' });

test('the service worker shows a pushed notification with its screen, icon and conversation tag', async ({ page, context, baseURL }) => {
  const origin = new URL(baseURL ?? '').origin;
  await context.grantPermissions(['notifications'], { origin });
  await page.goto('/login');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const cdp = await context.newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => registrations.push(...event.registrations));
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => registrations.find((registration) => registration.scopeURL === `${origin}/`)).toBeTruthy();
  const registrationId = registrations.find((registration) => registration.scopeURL === `${origin}/`)?.registrationId ?? '';

  const push = (payload: object) => cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: JSON.stringify(payload) });
  const shown = () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return (await registration.getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data as unknown, icon: n.icon }));
    });

  await push({ title: 'Your manager replied', body: 'Welcome aboard!', url: '/new-hire-dashboard', tag: 'messages-1' });
  await expect
    .poll(shown)
    .toEqual([{ title: 'Your manager replied', body: 'Welcome aboard!', tag: 'messages-1', data: { url: '/new-hire-dashboard' }, icon: `${origin}/icons/icon-192.png` }]);

  // The next message of the same conversation replaces the notification instead of adding one.
  await push({ title: 'Your manager replied', body: 'See you at 9.', url: '/new-hire-dashboard', tag: 'messages-1' });
  await expect.poll(async () => (await shown()).map((n) => n.body)).toEqual(['See you at 9.']);
});
