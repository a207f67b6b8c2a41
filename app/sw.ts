// The service worker (DESIGN.md section 6), built by vite-plugin-pwa's injectManifest (vite.config.ts)
// and type-checked on its own (tsconfig.sw.json: the WebWorker library, not the DOM's).
// - Offline: precaches the app shell, answers navigations with index.html, never touches /api (Dexie is
//   the new hire's cache), drops the caches of older versions.
// - Updates: registerType 'prompt': a new version waits until the page says SKIP_WAITING (the Reload
//   button of the update prompt, through workbox-window's messageSkipWaiting).
// - Web Push (issue #18): shows what the server pushed (api/push/push-sender.ts) and opens its screen
//   on click.
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import type { PushPayload } from '../shared/notifications.ts';

declare let self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [/^\/api\//] }));

const NOTIFICATION_ICON = '/icons/icon-192.png';

/** The pushed payload; a push the server did not shape (none should come) still shows something, as userVisibleOnly requires. */
function readPayload(data: PushMessageData | null): PushPayload {
  try {
    const payload = data?.json() as Partial<PushPayload> | undefined;
    if (payload && typeof payload.title === 'string') {
      return { title: payload.title, body: String(payload.body ?? ''), url: String(payload.url ?? '/'), tag: typeof payload.tag === 'string' ? payload.tag : undefined };
    }
  } catch {
    // Not JSON: shown as text below.
  }
  return { title: 'Kickoff', body: data?.text() ?? '', url: '/' };
}

self.addEventListener('push', (event) => {
  const payload = readPayload(event.data);
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      icon: NOTIFICATION_ICON,
      data: { url: payload.url },
      // A newer notification of the same conversation replaces the older one instead of piling up.
      ...(payload.tag ? { tag: payload.tag } : {}),
    }),
  );
});

/** Only screens of this app: a URL elsewhere opens the app's start instead. */
function appUrl(raw: unknown): string {
  const url = new URL(typeof raw === 'string' ? raw : '/', self.location.origin);
  return url.origin === self.location.origin ? url.href : new URL('/', self.location.origin).href;
}

/** Brings an open window of the app forward on `url`, or opens one. */
async function openScreen(url: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => client.url === url) ?? windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (open) {
    // Focus first: the permission to raise a window lasts only a moment after the click.
    const focused = await open.focus();
    if (focused.url === url) return;
    const navigated = await focused.navigate(url).catch(() => null);
    if (navigated) return;
  }
  await self.clients.openWindow(url);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as { url?: unknown } | null;
  event.waitUntil(openScreen(appUrl(data?.url)));
});
