// A device's first pull, asked for as the page starts (app/main.tsx) instead of once the sync engine's
// code has loaded and the dashboard has rendered: on a first visit the new hire's plan is that pull,
// so it travels while the screens' code downloads. Only where the device holds no database of the
// person yet; otherwise the plan paints from it and the engine pulls from its own cursor.
import type { PullResponse } from '../../shared/sync.ts';
import { apiRequest } from '../lib/api-client.ts';
import { dbNameFor } from './local-base.ts';

/** A pull from cursor 0 under a client id the engine adopts for the new database. */
export type FirstPull = { clientId: string; response: Promise<PullResponse> };

let early: { userId: string; pull: FirstPull } | null = null;
/** Once the engine has asked, a pull started later would be a second one: none is. */
let asked = false;

/** Starts the first pull of `userId` when this device has no database of theirs. */
export async function startFirstPull(userId: string): Promise<void> {
  if (asked || early || typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return;
  const names = await indexedDB.databases().then(
    (databases) => databases.map((database) => database.name),
    () => null,
  );
  if (asked || early || !names || names.includes(dbNameFor(userId))) return;
  const clientId = crypto.randomUUID();
  const response = apiRequest<PullResponse>(`/api/sync/pull?${new URLSearchParams({ clientId, cursor: '0' })}`);
  // The engine reads the outcome (and pulls again itself on a failure); unread, it is no error.
  response.catch(() => undefined);
  early = { userId, pull: { clientId, response } };
}

/** The first pull started for `userId`, handed out once; null when none was started. */
export function takeFirstPull(userId: string): FirstPull | null {
  asked = true;
  const pull = early?.userId === userId ? early.pull : null;
  early = null;
  return pull;
}
