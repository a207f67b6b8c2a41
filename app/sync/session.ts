// One sync engine per signed-in person per page, and what signing out must do to their local data.
import { newMessagesText } from '../../shared/messages.ts';
import type { ChangeTopic } from '../../shared/events.ts';
import { changeStream, type ChangeStream } from '../lib/change-stream.ts';
import { handleUnauthorized, notify, setUnauthorizedDeferral } from '../lib/notify.ts';
import { closeUserDb, deleteUserDb, putMeta, userDb } from './db.ts';
import { isPersonsChange, SyncEngine, type SyncUser } from './engine.ts';
import { takeFirstPull } from './first-pull.ts';
import { onBeforeLocalRemoval, pluralChanges } from './local-base.ts';
import { followUploads } from './uploads.ts';

const engines = new Map<string, SyncEngine>();
const detachFromStream = new Map<string, () => void>();
const stopUploads = new Map<string, () => void>();
let persistAsked = false;

/** What a pull brings: a poke about anything else (the subscription) is not the new hire's. */
const PULLED_TOPICS: ReadonlySet<ChangeTopic> = new Set(['messages', 'plans', 'tasks', 'templates', 'team', 'company']);

/**
 * A poke or a (re)opened stream pulls now, except a poke about this device's own push (its sync pulled
 * already); while the stream is open, polling is only the fallback.
 */
export function followChangeStream(engine: SyncEngine, stream: Pick<ChangeStream, 'onChange' | 'subscribeStatus' | 'getStatus'> = changeStream): () => void {
  const followStatus = () => engine.setStreamOpen(stream.getStatus() === 'open');
  followStatus();
  const unsubscribeStatus = stream.subscribeStatus(followStatus);
  const unsubscribeChanges = stream.onChange((event) => {
    if (event.type === 'resync' || (PULLED_TOPICS.has(event.poke.topic) && !engine.isOwnPoke(event.poke))) void engine.sync();
  });
  return () => {
    unsubscribeStatus();
    unsubscribeChanges();
  };
}

/** Stops this page's engine of a person and closes their database, so it can be deleted. */
function stopSyncFor(userId: string) {
  detachFromStream.get(userId)?.();
  detachFromStream.delete(userId);
  stopUploads.get(userId)?.();
  stopUploads.delete(userId);
  engines.get(userId)?.stop();
  engines.delete(userId);
  closeUserDb(userId);
}
onBeforeLocalRemoval(stopSyncFor);

// A 401 from a background read while changes wait: sync now, so the engine meets the 401 itself,
// keeps the outbox and shows 'Sign in again to sync N changes' instead of leaving the page.
setUnauthorizedDeferral(async () => {
  let waiting = false;
  for (const engine of engines.values()) {
    if (
      (await engine.db.outbox
        .filter(isPersonsChange)
        .count()
        .catch(() => 0)) === 0
    )
      continue;
    waiting = true;
    void engine.sync();
  }
  return waiting;
});

/** The running engine of this person, created and started on first use. */
export function syncEngineFor(user: SyncUser): SyncEngine {
  let engine = engines.get(user.id);
  if (!engine) {
    const db = userDb(user.id);
    engine = new SyncEngine({
      db,
      user,
      onRejected: (change) => notify.error(change.name === 'message.send' ? 'Message not sent' : 'Change not synced', `${change.message} Your change was undone on this device.`),
      onNewMessages: (count) => notify.info(newMessagesText(count)),
      onUnauthorized: () => void afterUnauthorized(user.id),
      firstPull: takeFirstPull(user.id),
    });
    engines.set(user.id, engine);
    // Whose database this is: a shared device's sign-in screen names them when changes wait.
    void putMeta(db, 'owner', { id: user.id, fullName: user.fullName, email: user.email ?? null }).catch(() => undefined);
    engine.start();
    detachFromStream.set(user.id, followChangeStream(engine));
    // Files picked offline go up now or on reconnect; once stored, a pull brings the task with them.
    const created = engine;
    stopUploads.set(
      user.id,
      followUploads(db, () => created.sync()),
    );
    askForPersistentStorage();
  }
  return engine;
}

/**
 * A 401 during sync: the session is over. Forget the cached user and every database with nothing to
 * send. With changes waiting, this person's database stays and the screen asks them to sign in again
 * (DESIGN.md section 8); with none, there is nothing to keep: on to the sign-in screen.
 */
export async function afterUnauthorized(userId: string): Promise<void> {
  // The clean-up code loads only now: a 401 is rare.
  const { clearLocalData } = await import('./local-data.ts');
  const removed = await clearLocalData({ kind: 'unauthorized' });
  const kept = removed.includes(userId) ? undefined : engines.get(userId)?.db;
  const pending = kept
    ? await kept.outbox
        .filter(isPersonsChange)
        .count()
        .catch(() => 0)
    : 0;
  if (pending === 0) handleUnauthorized();
}

/** Offline data should survive storage pressure; the browser may still say no, which is fine. */
function askForPersistentStorage() {
  if (persistAsked) return;
  persistAsked = true;
  void navigator.storage?.persist?.().catch(() => undefined);
}

/**
 * Before signing out: warns when changes have not reached the server yet. Resolves false when the
 * person cancels (they stay signed in).
 */
export async function confirmSignOut(userId: string, confirm: (message: string) => boolean = (message) => window.confirm(message)): Promise<boolean> {
  const pending = await userDb(userId)
    .outbox.filter(isPersonsChange)
    .count()
    .catch(() => 0);
  return (
    pending === 0 || confirm(`${pluralChanges(pending)} on this device ${pending === 1 ? 'has' : 'have'} not synced yet and will be lost if you sign out now. Sign out anyway?`)
  );
}

/** Signing out: stops syncing and deletes the person's local database. */
export async function clearLocalDataForSignOut(userId: string): Promise<void> {
  stopSyncFor(userId);
  await deleteUserDb(userId).catch(() => undefined);
}
