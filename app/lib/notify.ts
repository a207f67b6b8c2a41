// The one place that turns outcomes into toasts (spec sections 8 and 9).
import type { toast as SonnerToast } from 'sonner';
import { ApiError, NetworkError } from './api-client.ts';

type Toast = typeof SonnerToast;

// sonner is fetched with the first toast, which also mounts the lazy Toaster, so it is not part of a
// first visit. A failed fetch is forgotten, so the next toast tries again.
let toastModule: Promise<Toast> | undefined;
let toastRequested = false;
const toastRequestListeners = new Set<() => void>();

/** For the root layout: mount the Toaster when the first toast is raised (useSyncExternalStore). */
export function subscribeToastRequests(listener: () => void): () => void {
  toastRequestListeners.add(listener);
  return () => void toastRequestListeners.delete(listener);
}
export const isToastRequested = () => toastRequested;

function loadToast(): Promise<Toast> {
  if (!toastRequested) {
    toastRequested = true;
    toastRequestListeners.forEach((listener) => listener());
  }
  toastModule ??= import('sonner').then(
    (module) => module.toast,
    (error: unknown) => {
      toastModule = undefined;
      throw error;
    },
  );
  return toastModule;
}

/** Shows a toast once sonner is loaded; if it cannot be loaded the toast is lost, never the caller's flow. */
function showToast(show: (toast: Toast) => void): Promise<void> {
  return loadToast().then(show, () => undefined);
}

/** `replaces`: a toast raised with the same key takes the place of the one on screen, updated in place. */
export type ToastOptions = { replaces?: string };

export const notify = {
  success: (title: string, description?: string, options?: ToastOptions) => void showToast((toast) => toast.success(title, { description, id: options?.replaces })),
  info: (title: string, description?: string, options?: ToastOptions) => void showToast((toast) => toast(title, { description, id: options?.replaces })),
  error: (title: string, description?: string, action?: ToastAction) => void showToast((toast) => toast.error(title, { description, action })),
};

/** A button inside a toast (e.g. 'Upgrade Plan' on a limit-reached error). */
export type ToastAction = { label: string; onClick: () => void };

/** The message to show for a failed call: the server's own words, or the screen's fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError || error instanceof NetworkError) return error.message || fallback;
  return fallback;
}

/** Shows a failed call as a toast; 401s are left to the global handler (see query-client.ts). */
export function notifyError(error: unknown, title: string, fallback = 'Something went wrong. Please try again.') {
  if (error instanceof ApiError && error.status === 401) return;
  notify.error(title, errorMessage(error, fallback));
}

let redirecting = false;

/**
 * Answers whether changes wait to sync on this page (the sync module registers it when it loads).
 * While they do, a 401 from a background read does not take the person away: the sync engine keeps
 * the outbox and asks them to sign in again (DESIGN.md section 8).
 */
let changesWaiting: (() => Promise<boolean>) | null = null;
export function setUnauthorizedDeferral(check: (() => Promise<boolean>) | null) {
  changesWaiting = check;
}

/**
 * Spec section 8: 'Unauthorized' toast, then the sign-in screen 500 ms after it is shown. The session
 * is over, so the cached user and every local database with nothing left to sync are forgotten.
 * `background`: the 401 came from a read the person did not ask for (a poll); it defers to the sync
 * engine's 'Sign in again to sync N changes' while changes wait.
 */
export function handleUnauthorized(options: { background?: boolean } = {}) {
  if (redirecting || window.location.pathname === '/login') return;
  if (options.background && changesWaiting) {
    void changesWaiting().then(
      (waiting) => waiting || redirectToSignIn(),
      () => redirectToSignIn(),
    );
    return;
  }
  redirectToSignIn();
}

function redirectToSignIn() {
  if (redirecting || window.location.pathname === '/login') return;
  redirecting = true;
  void import('../sync/local-data.ts').then((module) => module.clearLocalData({ kind: 'unauthorized' })).catch(() => undefined);
  const next = window.location.pathname + window.location.search;
  void notifyUnauthorized().then(() => setTimeout(() => window.location.assign(`/login?redirect=${encodeURIComponent(next)}`), 500));
}

/** Spec section 8: the toast of a person on their way to the sign-in screen because nobody is signed in. */
export function notifyUnauthorized(): Promise<void> {
  return showToast((toast) => toast.error('Unauthorized', { description: 'You are logged out. Logging in again...' }));
}
