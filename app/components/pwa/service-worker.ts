// The service worker (DESIGN.md section 6; app/sw.ts, built by vite-plugin-pwa, registerType 'prompt'),
// registered through workbox-window (the client's stack). Loaded once a page is idle, so its 2 KiB and
// the precache it starts never compete with the first paint.

const SERVICE_WORKER_URL = '/sw.js';
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/** Registers the worker and calls `onUpdate` with a function that swaps in each new version waiting to take over; returns a stop function. */
export function registerWithUpdates(onUpdate?: (activate: () => void) => void): () => void {
  let stopped = false;
  let timer: number | undefined;
  if ('serviceWorker' in navigator) {
    void import('workbox-window').then(async ({ Workbox }) => {
      if (stopped) return;
      const workbox = new Workbox(SERVICE_WORKER_URL, { scope: '/' });
      // Installed while another version controls the page: an update (the first install is not one).
      workbox.addEventListener('waiting', () => {
        if (stopped || !onUpdate) return;
        onUpdate(() => {
          workbox.addEventListener('controlling', () => window.location.reload());
          workbox.messageSkipWaiting();
        });
      });
      const registration = await workbox.register().catch(() => undefined);
      // Long-lived tabs (an installed app stays open for days) still learn about new versions.
      if (registration && !stopped) timer = window.setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
    });
  }
  return () => {
    stopped = true;
    window.clearInterval(timer);
  };
}
