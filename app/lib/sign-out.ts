// The one way to sign out: end the server session, forget everything cached for this person, go home.
import type { SessionUser } from '../../shared/auth.ts';
import { CURRENT_USER_KEY } from './api/get-current-user.ts';
import { CACHED_USER_KEY } from '../sync/local-base.ts';
import { changeStream } from './change-stream.ts';
import { client, json } from './typed-client.ts';
import { queryClient } from './query-client.ts';

/** Spec section 9: the redirect after logging out waits 500 ms. */
export const SIGN_OUT_DELAY_MS = 500;

/** Resolves false when the person chose to stay (changes of theirs have not synced yet). */
export async function signOut(): Promise<boolean> {
  // A new hire's offline data: warn if changes have not synced yet (they may stay signed in), then
  // delete their local database. Loaded on demand so staff screens never download the sync engine.
  const user = queryClient.getQueryData<SessionUser | null>(CURRENT_USER_KEY);
  const session = user ? await import('../sync/session.ts') : null;
  if (user && session && !(await session.confirmSignOut(user.id))) return false;
  changeStream.stop();
  // The wait comes before the session ends, so the screen's polls meet no 401 on the way out.
  await new Promise((resolve) => setTimeout(resolve, SIGN_OUT_DELAY_MS));
  if (user && session) await session.clearLocalDataForSignOut(user.id);
  // This device's push subscription was the person's: whoever signs in next must not get their
  // notifications (the server drops the row when the push service answers 410 for it).
  if ('serviceWorker' in navigator) {
    await navigator.serviceWorker
      .getRegistration('/')
      .then((registration) => registration?.pushManager?.getSubscription())
      .then((subscription) => subscription?.unsubscribe())
      .catch(() => undefined);
  }
  try {
    await json(client.api.auth.logout.$post());
  } catch {
    // Offline or already signed out: still forget locally; the server session expires on its own.
  }
  queryClient.clear();
  // Every cached user and per-person key goes (loaded on demand, like the sync code above).
  await import('../sync/local-data.ts').then(({ forgetPeopleInStorage }) => forgetPeopleInStorage(null)).catch(() => localStorage.removeItem(CACHED_USER_KEY));
  window.location.assign('/');
  return true;
}
