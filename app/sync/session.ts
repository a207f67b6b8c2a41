// One sync engine per signed-in person per page, and what signing out must do to their local data.
import { notify } from '../lib/notify.ts';
import { deleteUserDb, userDb } from './db.ts';
import { isPersonsChange, SyncEngine, type SyncUser } from './engine.ts';

const engines = new Map<string, SyncEngine>();
let persistAsked = false;

/** The running engine of this person, created and started on first use. */
export function syncEngineFor(user: SyncUser): SyncEngine {
  let engine = engines.get(user.id);
  if (!engine) {
    engine = new SyncEngine({
      db: userDb(user.id),
      user,
      onRejected: (change) =>
        notify.error(
          change.name === 'message.send' ? 'Message not sent' : 'Change not synced',
          `${change.message} Your change was undone on this device.`,
        ),
      onNewMessages: (count) => notify.info(newMessagesText(count)),
    });
    engines.set(user.id, engine);
    engine.start();
    askForPersistentStorage();
  }
  return engine;
}

/** Offline data should survive storage pressure; the browser may still say no, which is fine. */
function askForPersistentStorage() {
  if (persistAsked) return;
  persistAsked = true;
  void navigator.storage?.persist?.().catch(() => undefined);
}

/** The same words as the staff conversation's notice. */
export function newMessagesText(count: number): string {
  return `You have ${count} new message${count === 1 ? '' : 's'}`;
}

export function pluralChanges(count: number): string {
  return `${count} ${count === 1 ? 'change' : 'changes'}`;
}

/**
 * Before signing out: warns when changes have not reached the server yet (the person may cancel),
 * then stops syncing and deletes the person's local database. Resolves false when cancelled.
 */
export async function clearLocalDataForSignOut(
  userId: string,
  confirm: (message: string) => boolean = (message) => window.confirm(message),
): Promise<boolean> {
  const db = userDb(userId);
  const pending = await db.outbox.filter(isPersonsChange).count().catch(() => 0);
  if (pending > 0 && !confirm(`${pluralChanges(pending)} on this device ${pending === 1 ? 'has' : 'have'} not synced yet and will be lost if you sign out now. Sign out anyway?`)) {
    return false;
  }
  engines.get(userId)?.stop();
  engines.delete(userId);
  await deleteUserDb(userId).catch(() => undefined);
  return true;
}
