// The browser's install offer (beforeinstallprompt) is fired once, early: it is caught here at start
// and kept for the 'Install app' button, which may mount later.
type BeforeInstallPromptEvent = Event & {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
};

let deferred: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const notifyAll = () => listeners.forEach((listener) => listener());

export function captureInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Our own button asks instead of the browser's mini-infobar.
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    notifyAll();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    notifyAll();
  });
}

export function subscribeInstallPrompt(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export const canInstall = () => deferred !== null;

/** Shows the browser's install dialog; the offer can be used once. */
export async function promptInstall(): Promise<boolean> {
  const event = deferred;
  if (!event) return false;
  deferred = null;
  notifyAll();
  await event.prompt();
  return (await event.userChoice).outcome === 'accepted';
}
