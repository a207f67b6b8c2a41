// The one place that turns outcomes into toasts (spec sections 8 and 9).
import { toast } from 'sonner';
import { ApiError, NetworkError } from './api-client.ts';

export const notify = {
  success: (title: string, description?: string) => toast.success(title, { description }),
  info: (title: string, description?: string) => toast(title, { description }),
  error: (title: string, description?: string, action?: ToastAction) => toast.error(title, { description, action }),
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
/** Spec section 8: 'Unauthorized' toast, then the sign-in screen after 500 ms. */
export function handleUnauthorized() {
  if (redirecting || window.location.pathname === '/login') return;
  redirecting = true;
  toast.error('Unauthorized', { description: 'You are logged out. Logging in again...' });
  const next = window.location.pathname + window.location.search;
  setTimeout(() => window.location.assign(`/login?redirect=${encodeURIComponent(next)}`), 500);
}
