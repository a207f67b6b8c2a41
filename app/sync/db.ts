// The one Dexie module (DESIGN.md section 6): a database per signed-in person holding what the
// new-hire screens read, the outbox of changes waiting to sync, and the sync bookkeeping.
// A schema change adds db.version(n + 1) below; old versions stay.
import { Dexie, type EntityTable, type Table, type Transaction } from 'dexie';
import type { FormDraftAnswers } from '../../shared/forms.ts';
import type { MutationArgs, MutationName, PullResponse, SyncMessage, SyncPlan, SyncTask, SyncTemplate } from '../../shared/sync.ts';
import { dbNameFor } from './local-base.ts';
import type { LocalOwner } from './local-data.ts';

/**
 * A task as held here; `base` is the server's value of what an optimistic change wrote, while it is
 * pending: a tick's completion, and a submitted form's answers too (absent for a tick).
 */
export type LocalTask = SyncTask & { base?: TaskBase };
export type TaskBase = Pick<SyncTask, 'isCompleted' | 'completedAt'> & Partial<Pick<SyncTask, 'formAnswers' | 'formSubmittedAt'>>;
/** A message as held here; `pending` marks one written on this device and not yet confirmed. */
export type LocalMessage = SyncMessage & { pending?: 1 };

export type OutboxRow<N extends MutationName = MutationName> = {
  /** The client's mutation id: 1, 2, 3, ... in the order the person acted. */
  id: number;
  name: N;
  args: MutationArgs[N];
  createdAt: string;
};

/** A change the server refused: shown to the person until they dismiss it. */
export type RejectedChange = {
  mutationId: number;
  name: MutationName;
  /** The task or message the change was about. */
  targetId: string;
  /** What was lost, in words the person recognises (a message's text). */
  detail?: string;
  message: string;
  at: string;
};

export type SyncMeta = {
  clientId: string;
  nextMutationId: number;
  cursor: number;
  /** When a pull last moved the cursor, the first one included: a pull that brings nothing writes nothing. */
  lastSyncedAt: string | null;
  /**
   * Local actions written on this device so far, counted in the transaction of each one: a read that
   * finds n here reads the database after the nth. Unlike mutation ids it never goes back (a new
   * client renumbers its outbox). Absent in databases from before it was kept: none yet.
   */
  localWrites?: number;
};

export type MetaValues = {
  sync: SyncMeta;
  company: PullResponse['company'];
  contacts: PullResponse['contacts'];
  rejected: RejectedChange[];
  /** Whose database this is, so a shared device's sign-in screen can say whose changes wait. */
  owner: LocalOwner;
};
export type MetaKey = keyof MetaValues;
export type MetaRow = { [K in MetaKey]: { key: K; value: MetaValues[K] } }[MetaKey];

/** A form's answers typed on this device and not yet submitted (kept across reloads, offline too). */
export type FormDraft = { taskId: string; answers: FormDraftAnswers; updatedAt: string };

/**
 * A file picked for an upload task, waiting here (as a blob) until it is sent: offline, or while it
 * goes up. `id` is made on the device and sent with the file, so a retried upload is stored once.
 */
export type PendingUpload = { id: string; taskId: string; planId: string; name: string; size: number; blob: Blob; createdAt: string; error?: string };

export type KickoffDb = Dexie & {
  plans: EntityTable<SyncPlan, 'id'>;
  tasks: EntityTable<LocalTask, 'id'>;
  templates: EntityTable<SyncTemplate, 'id'>;
  messages: EntityTable<LocalMessage, 'id'>;
  outbox: EntityTable<OutboxRow, 'id'>;
  meta: Table<MetaRow, MetaKey>;
  formDrafts: EntityTable<FormDraft, 'taskId'>;
  uploads: EntityTable<PendingUpload, 'id'>;
};

export { DB_NAME_PREFIX, dbNameFor } from './local-base.ts';

/** An upgrade whose rows lack new fields: the next pull starts over (cursor 0 asks for the full state; the outbox is re-applied on it). */
async function pullFromScratch(tx: Transaction): Promise<void> {
  await tx
    .table<MetaRow, MetaKey>('meta')
    .where('key')
    .equals('sync')
    .modify((row) => {
      (row.value as SyncMeta).cursor = 0;
    });
}

export function createKickoffDb(userId: string): KickoffDb {
  const db = new Dexie(dbNameFor(userId)) as KickoffDb;
  db.version(1).stores({
    plans: 'id, newHireId, createdAt',
    tasks: 'id, planId',
    templates: 'id',
    messages: 'id, planId, createdAt',
    outbox: 'id',
    meta: 'key',
  });
  // Issue 17: tasks carry who does them (indexed for My tasks), their dates and the plan they are for
  // when it is someone else's; plans their kind, business days and buddy. Rows pulled before lack those
  // fields.
  db.version(2).stores({ tasks: 'id, planId, assigneeId' }).upgrade(pullFromScratch);
  // Issue 19: tasks carry form questions and answers, a policy and their uploads; drafts and pending
  // uploads get their tables. Tasks pulled before lack the new fields: the next pull starts over.
  db.version(3).stores({ formDrafts: 'taskId', uploads: 'id, taskId' }).upgrade(pullFromScratch);
  return db;
}

const open = new Map<string, KickoffDb>();

/** The one open database of a person (opened once per page). */
export function userDb(userId: string): KickoffDb {
  let db = open.get(userId);
  if (!db) {
    db = createKickoffDb(userId);
    open.set(userId, db);
  }
  return db;
}

/** Closes this page's connection to a person's database for good (before it is deleted). */
export function closeUserDb(userId: string): void {
  open.get(userId)?.close();
  open.delete(userId);
}

/** Closes and deletes a person's database (sign-out). */
export async function deleteUserDb(userId: string): Promise<void> {
  open.get(userId)?.close();
  open.delete(userId);
  await Dexie.delete(dbNameFor(userId));
}

// Inside db.transaction(...) these join the running transaction (Dexie tracks it per zone).
export async function getMeta<K extends MetaKey>(db: KickoffDb, key: K): Promise<MetaValues[K] | undefined> {
  const row = await db.meta.get(key);
  return row?.value as MetaValues[K] | undefined;
}

export async function putMeta<K extends MetaKey>(db: KickoffDb, key: K, value: MetaValues[K]): Promise<void> {
  await db.meta.put({ key, value } as MetaRow);
}
