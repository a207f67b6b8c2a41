// The sync engine (DESIGN.md section 6): local actions write Dexie and the outbox in one transaction;
// a sync pushes the outbox in order, pulls, then drops acknowledged rows and re-applies pending ones.
// Fetch, clock, randomness and locks are injected so tests drive it without a browser.
import type { Role } from '../../shared/roles.ts';
import {
  isTombstone,
  MAX_MUTATIONS_PER_PUSH,
  type MutationArgs,
  type MutationName,
  type PullResponse,
  type PushRequest,
  type PushResponse,
  type SyncMessage,
  type SyncRow,
} from '../../shared/sync.ts';
import { CLIENT_HEADER, CONVERSATION_FALLBACK_POLL_MS, FALLBACK_POLL_MS, type ChangePoke } from '../../shared/events.ts';
import { ApiError, NetworkError } from '../lib/api-client.ts';
import { backoffDelay } from '../lib/backoff.ts';
import { client, json } from '../lib/typed-client.ts';
import { isPersonsChange } from './local-base.ts';
import { getMeta, putMeta, type KickoffDb, type LocalMessage, type LocalTask, type OutboxRow, type RejectedChange, type SyncMeta } from './db.ts';
import type { FirstPull } from './first-pull.ts';
import { sameData } from './same-data.ts';

export type SyncTransport = {
  push(body: PushRequest): Promise<PushResponse>;
  pull(clientId: string, cursor: number): Promise<PullResponse>;
};

/**
 * The real transport: the app's one fetch wrapper (NetworkError for no network, ApiError otherwise). A
 * push names its sync client as the writer, so the pokes of its changes tell this engine they are its own.
 */
export const httpTransport: SyncTransport = {
  push: (body) => json(client.api.sync.push.$post({ json: body }, { headers: { [CLIENT_HEADER]: body.clientId } })),
  pull: (clientId, cursor) => json(client.api.sync.pull.$get({ query: { clientId, cursor: String(cursor) } })),
};

export type Clock = {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
};

const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export type SyncStatus = 'idle' | 'syncing' | 'offline' | 'unauthorized' | 'error';
export type SyncSnapshot = {
  status: SyncStatus;
  lastSyncedAt: string | null;
  /** The last failure in words, for a tooltip; null after a good sync. */
  error: string | null;
};

/** What became of one local action: it reached the server, the server refused it, or it waits. */
export type MutationOutcome = 'applied' | 'rejected' | 'queued';

export type SyncUser = { id: string; fullName: string | null; role: Role; email?: string };

export type SyncEngineOptions = {
  db: KickoffDb;
  user: SyncUser;
  transport?: SyncTransport;
  clock?: Clock;
  random?: () => number;
  /** navigator.locks where the browser has it: one tab syncs at a time. */
  locks?: Pick<LockManager, 'request'> | null;
  isOnline?: () => boolean;
  onRejected?: (change: RejectedChange) => void;
  /** Called when a sync hits 401: the outbox is kept until the person signs in again. */
  onUnauthorized?: () => void;
  /**
   * Called when a pull brings unread messages addressed to this person that the device did not hold
   * yet; not on the first download, nor while a conversation is open (they are on screen).
   */
  onNewMessages?: (count: number) => void;
  /** A pull from cursor 0 already under way (sync/first-pull.ts): a new database takes its client id and the first sync its answer. */
  firstPull?: FirstPull | null;
};

async function ensureSyncMeta(db: KickoffDb, newClientId: string = crypto.randomUUID()): Promise<SyncMeta> {
  const existing = await getMeta(db, 'sync');
  if (existing) return existing;
  const fresh: SyncMeta = { clientId: newClientId, nextMutationId: 1, cursor: 0, lastSyncedAt: null };
  await putMeta(db, 'sync', fresh);
  return fresh;
}

/** The optimistic effect of a mutation on Dexie; used for the first write and for every rebase. */
async function applyLocal(db: KickoffDb, row: Pick<OutboxRow, 'name' | 'args'>, user: SyncUser, nowIso: string): Promise<void> {
  if (row.name === 'task.setCompleted') {
    const args = row.args as MutationArgs['task.setCompleted'];
    const task = await db.tasks.get(args.taskId);
    if (!task) return;
    await db.tasks.put({
      ...task,
      isCompleted: args.isCompleted,
      completedAt: args.isCompleted ? (args.completedAt ?? nowIso) : null,
      base: task.base ?? { isCompleted: task.isCompleted, completedAt: task.completedAt },
    });
    return;
  }
  if (row.name === 'form.submit') {
    const args = row.args as MutationArgs['form.submit'];
    const task = await db.tasks.get(args.taskId);
    if (!task) return;
    const submittedAt = args.submittedAt ?? nowIso;
    // A pending tick's base already holds the server's completion; the answers it never touched.
    const base = task.base ?? { isCompleted: task.isCompleted, completedAt: task.completedAt };
    await db.tasks.put({
      ...task,
      formAnswers: args.answers,
      formSubmittedAt: submittedAt,
      isCompleted: true,
      completedAt: submittedAt,
      base: { formAnswers: task.formAnswers, formSubmittedAt: task.formSubmittedAt, ...base },
    });
    return;
  }
  if (row.name === 'message.send') {
    const args = row.args as MutationArgs['message.send'];
    const existing = await db.messages.get(args.id);
    if (existing && !existing.pending) return;
    const plan = await db.plans.get(args.planId);
    await db.messages.put({
      id: args.id,
      planId: args.planId,
      senderId: user.id,
      receiverId: plan?.managerId ?? '',
      content: args.content,
      isRead: false,
      createdAt: args.createdAt ?? nowIso,
      sender: { fullName: user.fullName, role: user.role },
      pending: 1,
    });
    return;
  }
  if (row.name === 'message.markRead') {
    const args = row.args as MutationArgs['message.markRead'];
    const upTo = new Date(args.upTo).toISOString();
    await db.messages
      .where('planId')
      .equals(args.planId)
      .filter((message) => message.receiverId === user.id && !message.isRead && message.createdAt <= upTo)
      .modify({ isRead: true });
  }
}

export { isPersonsChange };

/** The task or message an outbox row changes on this device; a read receipt changes none. */
function targetOf(row: Pick<OutboxRow, 'name' | 'args'>): { table: 'tasks' | 'messages'; id: string } | null {
  if (row.name === 'message.send') return { table: 'messages', id: (row.args as MutationArgs['message.send']).id };
  if (row.name === 'task.setCompleted' || row.name === 'form.submit') return { table: 'tasks', id: (row.args as MutationArgs[typeof row.name]).taskId };
  return null;
}

/**
 * The ids of the tasks and messages that `rows` changed. Only those can hold an optimistic change
 * (applyLocal writes one with its row, applyPull undoes it when the row goes), so a pull reads them alone
 * instead of every task and message held: on a 200-task plan each tick's pull read them all (issue 20).
 */
function optimisticTargets(rows: Pick<OutboxRow, 'name' | 'args'>[]): Record<'tasks' | 'messages', string[]> {
  const ids = { tasks: new Set<string>(), messages: new Set<string>() };
  for (const row of rows) {
    const target = targetOf(row);
    if (target) ids[target.table].add(target.id);
  }
  return { tasks: [...ids.tasks], messages: [...ids.messages] };
}

/** The ids of a pull's tombstones, and its live rows. */
function splitTombstones<T extends { id: string }>(rows: SyncRow<T>[]): [string[], T[]] {
  const dead: string[] = [];
  const live: T[] = [];
  for (const row of rows) {
    if (isTombstone(row)) dead.push(row.id);
    else live.push(row);
  }
  return [dead, live];
}

/**
 * Writes a pull into Dexie in one transaction: server rows win, acknowledged outbox rows go, every
 * optimistic change is undone, and the still-pending ones are applied again on top (the rebase).
 * Answers how many unread messages to this person arrived that the device did not hold before
 * (0 on the device's first download, which is not news).
 */
export async function applyPull(db: KickoffDb, pull: PullResponse, user: SyncUser, nowIso: string): Promise<{ newMessages: number }> {
  return db.transaction('rw', [db.plans, db.tasks, db.templates, db.messages, db.outbox, db.meta], async () => {
    const firstDownload = ((await getMeta(db, 'sync'))?.cursor ?? 0) === 0;
    const incoming = pull.messages.filter((message): message is SyncMessage => !isTombstone(message) && message.receiverId === user.id && !message.isRead);
    const held = new Set((await db.messages.bulkGet(incoming.map((message) => message.id))).map((message) => message?.id));
    const newMessages = firstDownload ? 0 : incoming.filter((message) => !held.has(message.id)).length;

    if (pull.reset) await Promise.all([db.plans.clear(), db.tasks.clear(), db.templates.clear(), db.messages.clear()]);

    for (const plan of pull.plans) {
      if (isTombstone(plan)) {
        await db.plans.delete(plan.id);
        await db.tasks.where('planId').equals(plan.id).delete();
        await db.messages.where('planId').equals(plan.id).delete();
      } else {
        await db.plans.put(plan);
      }
    }
    // Each write only when it has rows: Dexie's observers take an empty bulk write for a write of its
    // table, and every screen reading the table would read again for nothing.
    const [deadTasks, liveTasks] = splitTombstones(pull.tasks);
    const [deadMessages, liveMessages] = splitTombstones(pull.messages);
    if (deadTasks.length > 0) await db.tasks.bulkDelete(deadTasks);
    if (liveTasks.length > 0) await db.tasks.bulkPut(liveTasks);
    if (pull.templates.length > 0) await db.templates.bulkPut(pull.templates);
    if (deadMessages.length > 0) await db.messages.bulkDelete(deadMessages);
    if (liveMessages.length > 0) await db.messages.bulkPut(liveMessages);

    // Read before the acknowledged rows go: their changes are undone below too.
    const outbox = await db.outbox.orderBy('id').toArray();
    if (outbox.some((row) => row.id <= pull.lastMutationId)) await db.outbox.where('id').belowOrEqual(pull.lastMutationId).delete();

    // Undo every optimistic change; the server's rows above already replaced the ones it changed.
    const targets = optimisticTargets(outbox);
    const changedTasks = (await db.tasks.bulkGet(targets.tasks)).filter((task): task is LocalTask => task?.base !== undefined);
    if (changedTasks.length > 0) await db.tasks.bulkPut(changedTasks.map(({ base, ...task }) => ({ ...task, ...base })));
    const sentMessages = (await db.messages.bulkGet(targets.messages)).filter((message): message is LocalMessage => message?.pending === 1);
    if (sentMessages.length > 0) await db.messages.bulkDelete(sentMessages.map((message) => message.id));
    for (const row of outbox) if (row.id > pull.lastMutationId) await applyLocal(db, row, user, nowIso);

    // Only what changed is written: the screens read again at each write to what they read, and most
    // pulls (a poke of this device's own push, a catch-up as the change stream opens) bring nothing.
    const [meta, company, contacts] = await Promise.all([ensureSyncMeta(db), getMeta(db, 'company'), getMeta(db, 'contacts')]);
    if (pull.cursor !== meta.cursor || !meta.lastSyncedAt) await putMeta(db, 'sync', { ...meta, cursor: pull.cursor, lastSyncedAt: nowIso });
    if (!sameData(company, pull.company)) await putMeta(db, 'company', pull.company);
    if (!sameData(contacts, pull.contacts)) await putMeta(db, 'contacts', pull.contacts);
    return { newMessages };
  });
}

/**
 * Runs `run` once the next frame is painted (a task queued from an animation frame callback runs after
 * that frame's paint), or in the next task where no frame is coming (a hidden tab, no DOM).
 */
function afterNextPaint(run: () => void): void {
  if (typeof requestAnimationFrame !== 'function' || typeof document === 'undefined' || document.visibilityState !== 'visible') {
    globalThis.setTimeout(run, 0);
    return;
  }
  requestAnimationFrame(() => globalThis.setTimeout(run, 0));
}

export class SyncEngine {
  readonly db: KickoffDb;
  readonly user: SyncUser;
  private readonly transport: SyncTransport;
  private readonly clock: Clock;
  private readonly random: () => number;
  private readonly locks: Pick<LockManager, 'request'> | null;
  private readonly isOnline: () => boolean;
  private readonly options: SyncEngineOptions;

  private snapshot: SyncSnapshot = { status: 'idle', lastSyncedAt: null, error: null };
  private readonly listeners = new Set<() => void>();
  private readonly waiters = new Map<number, (outcome: MutationOutcome) => void>();
  private running: Promise<void> | null = null;
  private again = false;
  private timer: unknown = null;
  private failures = 0;
  private paused = false;
  private started = false;
  private conversations = 0;
  /** While the change stream is open a poke brings each change, and the timer is only the fallback. */
  private streamOpen = false;
  private detach: (() => void) | null = null;
  private syncAfterPaintQueued = false;
  private firstPull: FirstPull | null;
  /** The sync client this engine last pushed or pulled as (the device's, in its database). */
  private clientId: string | null = null;

  constructor(options: SyncEngineOptions) {
    this.options = options;
    this.db = options.db;
    this.user = options.user;
    this.transport = options.transport ?? httpTransport;
    this.clock = options.clock ?? systemClock;
    this.random = options.random ?? Math.random;
    this.locks = options.locks === undefined ? (globalThis.navigator?.locks ?? null) : options.locks;
    this.isOnline = options.isOnline ?? (() => globalThis.navigator?.onLine ?? true);
    this.firstPull = options.firstPull ?? null;
  }

  // ---- state for the UI (useSyncExternalStore) ----
  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };
  getSnapshot = () => this.snapshot;
  private setSnapshot(patch: Partial<SyncSnapshot>) {
    const next = { ...this.snapshot, ...patch };
    // Unchanged (offline again, at every action made offline): the screens need not render again.
    if (next.status === this.snapshot.status && next.lastSyncedAt === this.snapshot.lastSyncedAt && next.error === this.snapshot.error) return;
    this.snapshot = next;
    for (const listener of this.listeners) listener();
  }

  /** Starts syncing now, on `online` and `visibilitychange`, and on a timer; idempotent. */
  start(): void {
    if (this.started) return;
    this.started = true;
    if (typeof window !== 'undefined') {
      const onOnline = () => {
        this.failures = 0;
        void this.sync();
      };
      const onOffline = () => this.setSnapshot({ status: 'offline' });
      const onVisible = () => {
        if (document.visibilityState === 'visible') void this.sync();
      };
      window.addEventListener('online', onOnline);
      window.addEventListener('offline', onOffline);
      document.addEventListener('visibilitychange', onVisible);
      this.detach = () => {
        window.removeEventListener('online', onOnline);
        window.removeEventListener('offline', onOffline);
        document.removeEventListener('visibilitychange', onVisible);
      };
    }
    void this.sync();
  }

  stop(): void {
    this.started = false;
    this.detach?.();
    this.detach = null;
    this.clearTimer();
    for (const resolve of this.waiters.values()) resolve('queued');
    this.waiters.clear();
  }

  /** After signing in again: the kept outbox goes out. */
  resume(): void {
    this.paused = false;
    this.failures = 0;
    void this.sync();
  }

  /** While a conversation is open and the change stream is down, the client pulls every 3 s (DESIGN.md section 8). */
  openConversation(): () => void {
    this.conversations += 1;
    this.reschedule();
    return () => {
      this.conversations = Math.max(0, this.conversations - 1);
      this.reschedule();
    };
  }

  /** The change stream opened or went down (sync/session.ts): the fallback timer follows. */
  /**
   * Whether a poke is about this device's own push: the sync that pushed pulled right after, so the
   * poke brings nothing new. Every other tab and device of the person pulls on it.
   */
  isOwnPoke(poke: ChangePoke): boolean {
    return poke.origin !== undefined && poke.origin === this.clientId;
  }

  setStreamOpen(open: boolean): void {
    if (open === this.streamOpen) return;
    this.streamOpen = open;
    this.reschedule();
  }

  /**
   * One person's action: once the frame showing it is painted, the optimistic write, the next mutation
   * id and the outbox row, in one Dexie transaction; then a sync. `outcome` says whether it reached the
   * server; `localWrite` is its number in `SyncMeta.localWrites`, so a screen can tell when a read of
   * Dexie holds it.
   */
  async mutate<N extends MutationName>(name: N, args: MutationArgs[N]): Promise<{ mutationId: number; localWrite: number; outcome: Promise<MutationOutcome> }> {
    const { db } = this;
    const nowIso = new Date(this.clock.now()).toISOString();
    // A tick shows over the screen's reads until a read holds it (use-ticking.ts, useTicksOverRead), so its
    // write can wait for the frame that shows it: Dexie's transaction cost a tick's click about a tenth of
    // its frame at 4x CPU. Other actions (a message, a form) show once written, a frame after their click.
    await new Promise<void>((resolve) => afterNextPaint(resolve));
    const { mutationId, localWrite } = await db.transaction('rw', [db.plans, db.tasks, db.messages, db.outbox, db.meta], async () => {
      // Requests issued together: each one awaited alone costs the page another turn of its event loop.
      const [meta] = await Promise.all([ensureSyncMeta(db), applyLocal(db, { name, args }, this.user, nowIso)]);
      const row: OutboxRow = { id: meta.nextMutationId, name, args, createdAt: nowIso };
      const write = (meta.localWrites ?? 0) + 1;
      await Promise.all([db.outbox.add(row), putMeta(db, 'sync', { ...meta, nextMutationId: meta.nextMutationId + 1, localWrites: write })]);
      return { mutationId: row.id, localWrite: write };
    });
    const outcome = new Promise<MutationOutcome>((resolve) => this.waiters.set(mutationId, resolve));
    this.syncAfterPaint();
    return { mutationId, localWrite, outcome };
  }

  /**
   * The sync a local action asks for starts once the next frame is painted, so its work (the push,
   * the pull and what they write) never delays a frame showing an action; the actions written before
   * it share it. Where no frame is coming (a hidden tab, no DOM) it starts in the next task.
   */
  private syncAfterPaint(): void {
    if (this.syncAfterPaintQueued) return;
    this.syncAfterPaintQueued = true;
    afterNextPaint(() => {
      this.syncAfterPaintQueued = false;
      void this.sync();
    });
  }

  /** Runs a sync now, or once more right after the one running; resolves when done. */
  sync(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      let ok = true;
      do {
        this.again = false;
        ok = await this.cycle();
      } while (ok && this.again && !this.paused);
      return ok;
    })()
      .then((ok) => {
        this.running = null;
        if (ok) this.reschedule();
      })
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  private async cycle(): Promise<boolean> {
    if (this.paused) return false;
    this.clearTimer();
    if (!this.isOnline()) {
      this.setSnapshot({ status: 'offline' });
      this.settleWaiters('queued');
      return false;
    }
    this.setSnapshot({ status: 'syncing' });
    try {
      await this.withLock(() => this.pushThenPull());
      this.failures = 0;
      this.setSnapshot({ status: 'idle', error: null, lastSyncedAt: new Date(this.clock.now()).toISOString() });
      return true;
    } catch (error) {
      this.settleWaiters('queued');
      if (error instanceof ApiError && error.status === 401) {
        // Keep the outbox; the person is asked to sign in again and nothing retries until then.
        this.paused = true;
        this.setSnapshot({ status: 'unauthorized', error: error.message });
        this.options.onUnauthorized?.();
        return false;
      }
      if (error instanceof ApiError && (error.status === 409 || error.status === 404)) {
        // The server no longer knows this client (or sees a gap): start a new client and send the
        // outbox again under it. Safe because every mutation is idempotent (intent, client ids).
        await this.renumberUnderNewClient();
      }
      this.failures += 1;
      const offline = error instanceof NetworkError;
      this.setSnapshot({ status: offline ? 'offline' : 'error', error: error instanceof Error ? error.message : String(error) });
      this.schedule(backoffDelay(this.failures - 1, this.random));
      return false;
    }
  }

  private async withLock(work: () => Promise<void>): Promise<void> {
    if (!this.locks) return work();
    await this.locks.request(`kickoff-sync-${this.user.id}`, work);
  }

  private async pushThenPull(): Promise<void> {
    const { db } = this;
    const meta = await db.transaction('rw', db.meta, () => ensureSyncMeta(db, this.firstPull?.clientId));
    this.clientId = meta.clientId;
    let pushedUpTo = 0;
    for (;;) {
      const rows = await db.outbox.where('id').above(pushedUpTo).limit(MAX_MUTATIONS_PER_PUSH).toArray();
      if (rows.length === 0) break;
      const response = await this.transport.push({
        clientId: meta.clientId,
        mutations: rows.map(({ id, name, args }) => ({ id, name, args })),
      });
      await this.record(response, rows);
      pushedUpTo = rows.at(-1)!.id;
    }
    const pull = await this.pullFrom(meta);
    const { newMessages } = await applyPull(db, pull, this.user, new Date(this.clock.now()).toISOString());
    if (newMessages > 0 && this.conversations === 0) this.options.onNewMessages?.(newMessages);
  }

  /** The first pull already under way when it is this database's first (its client, cursor 0); else a pull now. */
  private async pullFrom(meta: SyncMeta): Promise<PullResponse> {
    const early = this.firstPull;
    this.firstPull = null;
    if (early && early.clientId === meta.clientId && meta.cursor === 0) {
      try {
        return await early.response;
      } catch {
        // Failed on the way (offline, a 401): asked again, so the failure is handled as any pull's.
      }
    }
    return this.transport.pull(meta.clientId, meta.cursor);
  }

  /** Settles the waiting actions and keeps a note of every change the server refused. */
  private async record(response: PushResponse, rows: OutboxRow[]): Promise<void> {
    const rejected: RejectedChange[] = [];
    for (const result of response.results) {
      const row = rows.find((candidate) => candidate.id === result.id);
      // A refused read receipt (the plan is gone) has nothing to undo or tell.
      if (result.status === 'rejected' && row && isPersonsChange(row)) {
        rejected.push({
          mutationId: row.id,
          name: row.name,
          targetId: targetOf(row)?.id ?? '',
          detail: row.name === 'message.send' ? (row.args as MutationArgs['message.send']).content : undefined,
          message: result.message ?? 'The server refused this change.',
          at: new Date(this.clock.now()).toISOString(),
        });
      }
      this.waiters.get(result.id)?.(result.status === 'rejected' ? 'rejected' : 'applied');
      this.waiters.delete(result.id);
    }
    if (rejected.length === 0) return;
    await this.db.transaction('rw', this.db.meta, async () => {
      const notes = (await getMeta(this.db, 'rejected')) ?? [];
      await putMeta(this.db, 'rejected', [...notes, ...rejected].slice(-20));
    });
    for (const change of rejected) this.options.onRejected?.(change);
  }

  private async renumberUnderNewClient(): Promise<void> {
    const { db } = this;
    await db.transaction('rw', [db.outbox, db.meta], async () => {
      const rows = await db.outbox.orderBy('id').toArray();
      await db.outbox.clear();
      await db.outbox.bulkAdd(rows.map((row, index) => ({ ...row, id: index + 1 })));
      const meta = await ensureSyncMeta(db);
      await putMeta(db, 'sync', { ...meta, clientId: crypto.randomUUID(), nextMutationId: rows.length + 1, cursor: 0 });
    });
    // Waiters are keyed by the old ids; they have been told 'queued' already.
  }

  private settleWaiters(outcome: MutationOutcome) {
    for (const resolve of this.waiters.values()) resolve(outcome);
    this.waiters.clear();
  }

  private clearTimer() {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(ms: number) {
    if (!this.started) return;
    this.clearTimer();
    this.timer = this.clock.setTimeout(() => {
      this.timer = null;
      void this.sync();
    }, ms);
  }

  /**
   * The fallback timer: 3 s while a conversation is open and the change stream is not, else 60 s;
   * none while backing off.
   */
  private reschedule() {
    if (this.paused || this.running || this.failures > 0) return;
    this.schedule(this.conversations > 0 && !this.streamOpen ? CONVERSATION_FALLBACK_POLL_MS : FALLBACK_POLL_MS);
  }
}
