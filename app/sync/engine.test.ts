// @vitest-environment node
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLIENT_HEADER } from '../../shared/events.ts';
import type { MutationResult, PullResponse, PushRequest, PushResponse, SyncMessage, SyncPlan, SyncTask } from '../../shared/sync.ts';
import { ApiError, NetworkError } from '../lib/api-client.ts';
import { createKickoffDb, getMeta, type KickoffDb } from './db.ts';
import type { ChangeEvent } from '../lib/change-stream.ts';
import { applyPull, httpTransport, SyncEngine, type Clock, type SyncTransport } from './engine.ts';
import { checklistTask, testPlan } from './test-fixtures.ts';

const PLAN_ID = crypto.randomUUID();
const USER = { id: crypto.randomUUID(), fullName: 'Kavya Silva', role: 'new_hire' as const };
const MANAGER_ID = crypto.randomUUID();

function makeTask(order: number): SyncTask {
  return checklistTask(order, { planId: PLAN_ID, sectionTitle: 'Week 1', dueDate: '2026-01-11' });
}

const PLAN: SyncPlan = testPlan({
  id: PLAN_ID,
  newHireId: USER.id,
  managerId: MANAGER_ID,
  companyId: crypto.randomUUID(),
  newHire: { id: USER.id, fullName: USER.fullName, email: 'kavya@test', profileImageUrl: null },
});

type Failure = 'network' | 'drop-response' | number;

/** The server's side of the protocol, in memory: lastMutationId per client and a global version. */
class FakeServer implements SyncTransport {
  version = 1;
  tasks = new Map<string, { row: SyncTask; version: number }>();
  messages = new Map<string, { row: SyncMessage; version: number }>();
  lastMutationId = new Map<string, number>();
  applied: { clientId: string; id: number; name: string }[] = [];
  pushFailures: Failure[] = [];
  pullFailures: Failure[] = [];
  rejectTaskIds = new Set<string>();
  rejectMessageIds = new Set<string>();
  pushes = 0;
  pulls = 0;

  constructor(readonly initialTasks: SyncTask[]) {
    for (const row of initialTasks) this.tasks.set(row.id, { row, version: 1 });
  }

  private fail(kind: Failure | undefined) {
    if (kind === 'network') throw new NetworkError();
    if (typeof kind === 'number') throw new ApiError(kind, kind === 401 ? 'You are not signed in.' : 'Server error');
  }

  async push(body: PushRequest): Promise<PushResponse> {
    this.pushes += 1;
    const failure = this.pushFailures.shift();
    if (failure !== 'drop-response') this.fail(failure);
    let last = this.lastMutationId.get(body.clientId) ?? 0;
    const results: MutationResult[] = [];
    for (const mutation of body.mutations) {
      if (mutation.id <= last) {
        results.push({ id: mutation.id, status: 'duplicate' });
        continue;
      }
      if (mutation.id > last + 1) throw new ApiError(409, 'gap');
      last = mutation.id;
      const args = mutation.args as { taskId: string; isCompleted: boolean; id: string; planId: string; content: string; createdAt: string };
      if (mutation.name === 'task.setCompleted' && this.rejectTaskIds.has(args.taskId)) {
        results.push({ id: mutation.id, status: 'rejected', message: 'Task not found' });
        continue;
      }
      if (mutation.name === 'message.send' && this.rejectMessageIds.has(args.id)) {
        results.push({ id: mutation.id, status: 'rejected', message: 'Onboarding plan not found' });
        continue;
      }
      this.version += 1;
      if (mutation.name === 'message.markRead') {
        const { planId, upTo } = mutation.args as { planId: string; upTo: string };
        for (const message of this.messages.values()) {
          if (message.row.planId === planId && message.row.receiverId === USER.id && !message.row.isRead && message.row.createdAt <= upTo) {
            message.row = { ...message.row, isRead: true };
            message.version = this.version;
          }
        }
      } else if (mutation.name === 'task.setCompleted') {
        const task = this.tasks.get(args.taskId)!;
        task.row = { ...task.row, isCompleted: args.isCompleted, completedAt: args.isCompleted ? new Date().toISOString() : null };
        task.version = this.version;
      } else {
        this.messages.set(args.id, {
          row: {
            id: args.id,
            planId: args.planId,
            senderId: USER.id,
            receiverId: MANAGER_ID,
            content: args.content,
            isRead: false,
            createdAt: args.createdAt,
            sender: { fullName: USER.fullName, role: 'new_hire' },
          },
          version: this.version,
        });
      }
      this.applied.push({ clientId: body.clientId, id: mutation.id, name: mutation.name });
      results.push({ id: mutation.id, status: 'applied' });
    }
    this.lastMutationId.set(body.clientId, last);
    if (failure === 'drop-response') throw new NetworkError();
    return { results, lastMutationId: last };
  }

  /** The manager writes to the new hire (through the REST API, not this client). */
  receive(content: string, createdAt = new Date().toISOString()): SyncMessage {
    this.version += 1;
    const row: SyncMessage = {
      id: crypto.randomUUID(),
      planId: PLAN_ID,
      senderId: MANAGER_ID,
      receiverId: USER.id,
      content,
      isRead: false,
      createdAt,
      sender: { fullName: 'Nimal', role: 'manager' },
    };
    this.messages.set(row.id, { row, version: this.version });
    return row;
  }

  async pull(clientId: string, cursor: number): Promise<PullResponse> {
    this.pulls += 1;
    this.fail(this.pullFailures.shift() as Failure | undefined);
    const since = cursor === 0 ? 0 : cursor;
    return {
      cursor: this.version,
      lastMutationId: this.lastMutationId.get(clientId) ?? 0,
      reset: cursor === 0,
      plans: cursor === 0 ? [PLAN] : [],
      tasks: [...this.tasks.values()].filter((t) => t.version > since).map((t) => t.row),
      templates: [],
      messages: [...this.messages.values()].filter((m) => m.version > since).map((m) => m.row),
      company: { id: PLAN.companyId, name: 'Acme', helpfulResources: [] },
      contacts: { manager: { id: MANAGER_ID, fullName: 'Nimal', email: 'nimal@test' }, admins: [] },
    };
  }
}

/** Timers that only fire when the test says so, recording every delay asked for. */
class ManualClock implements Clock {
  delays: number[] = [];
  private pending = new Map<number, () => void>();
  private nextHandle = 1;
  now = () => Date.parse('2026-01-06T09:00:00.000Z');
  setTimeout = (callback: () => void, ms: number) => {
    const handle = this.nextHandle++;
    this.delays.push(ms);
    this.pending.set(handle, callback);
    return handle;
  };
  clearTimeout = (handle: unknown) => void this.pending.delete(handle as number);
  get scheduled() {
    return this.pending.size;
  }
  async fire() {
    const [handle, callback] = [...this.pending.entries()].at(-1) ?? [];
    if (!callback) throw new Error('no timer scheduled');
    this.pending.delete(handle!);
    callback();
  }
}

const dbs: KickoffDb[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) await db.delete();
});

async function setup(options: { online?: boolean; random?: () => number; before?: (server: FakeServer) => void } = {}) {
  const tasks = [makeTask(0), makeTask(1), makeTask(2)];
  const server = new FakeServer(tasks);
  options.before?.(server);
  const db = createKickoffDb(crypto.randomUUID());
  dbs.push(db);
  const clock = new ManualClock();
  const onRejected = vi.fn();
  const onUnauthorized = vi.fn();
  const onNewMessages = vi.fn();
  let online = true;
  const engine = new SyncEngine({
    db,
    user: USER,
    transport: server,
    clock,
    random: options.random ?? (() => 0),
    locks: null,
    isOnline: () => online,
    onRejected,
    onUnauthorized,
    onNewMessages,
  });
  await engine.sync(); // the first pull fills Dexie
  online = options.online ?? true;
  return { server, db, clock, engine, tasks, onRejected, onUnauthorized, onNewMessages, setOnline: (value: boolean) => (online = value) };
}

async function settle(engine: SyncEngine) {
  // A sync requested while one runs is chained onto it; wait until nothing is left running.
  await engine.sync();
  await engine.sync();
}

describe('sync engine', () => {
  it('fills Dexie from the first pull', async () => {
    const { db } = await setup();
    expect(await db.tasks.count()).toBe(3);
    expect((await db.plans.get(PLAN_ID))?.id).toBe(PLAN_ID);
    expect((await getMeta(db, 'contacts'))?.manager?.email).toBe('nimal@test');
  });

  it('applies an action locally at once and pushes the outbox in the order of the actions', async () => {
    const { db, engine, server, tasks, setOnline } = await setup({ online: false });
    const first = await engine.mutate('task.setCompleted', { taskId: tasks[2]!.id, isCompleted: true, completedAt: new Date().toISOString() });
    await engine.mutate('message.send', { id: crypto.randomUUID(), planId: PLAN_ID, content: 'On my way', createdAt: new Date().toISOString() });
    await engine.mutate('task.setCompleted', { taskId: tasks[0]!.id, isCompleted: true, completedAt: new Date().toISOString() });
    expect(await first.outcome).toBe('queued');
    expect((await db.tasks.get(tasks[2]!.id))?.isCompleted).toBe(true);
    expect((await db.messages.toArray()).map((m) => [m.content, m.pending])).toEqual([['On my way', 1]]);
    expect(await db.outbox.count()).toBe(3);
    expect(server.pushes).toBe(0);

    setOnline(true);
    await settle(engine);
    expect(server.applied.map((m) => [m.id, m.name])).toEqual([
      [1, 'task.setCompleted'],
      [2, 'message.send'],
      [3, 'task.setCompleted'],
    ]);
    expect(await db.outbox.count()).toBe(0);
    expect((await db.messages.toArray()).map((m) => [m.content, m.pending])).toEqual([['On my way', undefined]]);
    expect((await db.tasks.get(tasks[2]!.id))?.base).toBeUndefined();
  });

  it('replays after a dropped response and the server applies each action once', async () => {
    const { db, engine, server, tasks } = await setup();
    server.pushFailures = ['drop-response'];
    const { outcome } = await engine.mutate('message.send', { id: crypto.randomUUID(), planId: PLAN_ID, content: 'Hello', createdAt: new Date().toISOString() });
    await engine.mutate('task.setCompleted', { taskId: tasks[1]!.id, isCompleted: true, completedAt: new Date().toISOString() });
    expect(await outcome).toBe('queued');
    await settle(engine);
    expect(await db.outbox.count()).toBe(0);
    expect(server.applied).toHaveLength(2);
    expect(server.messages.size).toBe(1);
    expect((await db.messages.toArray()).map((m) => m.content)).toEqual(['Hello']);
    expect((await db.tasks.get(tasks[1]!.id))?.isCompleted).toBe(true);
  });

  it('backs off with jitter after network errors and 5xx, then returns to the regular interval', async () => {
    const { engine, server, clock, tasks, db } = await setup({ random: () => 0 });
    engine.start();
    await settle(engine);
    clock.delays = [];
    server.pushFailures = ['network', 503, 'network'];
    await engine.mutate('task.setCompleted', { taskId: tasks[0]!.id, isCompleted: true, completedAt: new Date().toISOString() });
    await engine.sync();
    expect(engine.getSnapshot().status).toBe('offline');
    expect(await db.outbox.count()).toBe(1);
    for (let i = 0; i < 3; i += 1) {
      await clock.fire();
      await engine.sync();
    }
    // Half of 1 s, 2 s, 4 s with random() = 0; then the 60 s fallback timer.
    expect(clock.delays).toEqual([500, 1000, 2000, 60_000]);
    expect(await db.outbox.count()).toBe(0);
    expect(engine.getSnapshot().status).toBe('idle');
    engine.stop();
  });

  it('keeps the jitter within half and all of the backoff', async () => {
    const { backoffDelay } = await import('../lib/backoff.ts');
    expect(backoffDelay(0, () => 1)).toBe(1000);
    expect(backoffDelay(3, () => 0.5)).toBe(6000);
    expect(backoffDelay(20, () => 1)).toBe(60_000);
  });

  it('drops a rejected action from the outbox, rolls it back on the pull and tells the person', async () => {
    const { db, engine, server, tasks, onRejected } = await setup();
    server.rejectTaskIds.add(tasks[0]!.id);
    const rejected = await engine.mutate('task.setCompleted', { taskId: tasks[0]!.id, isCompleted: true, completedAt: new Date().toISOString() });
    const accepted = await engine.mutate('task.setCompleted', { taskId: tasks[1]!.id, isCompleted: true, completedAt: new Date().toISOString() });
    await settle(engine);
    expect(await rejected.outcome).toBe('rejected');
    expect(await accepted.outcome).toBe('applied');
    expect(await db.outbox.count()).toBe(0);
    expect((await db.tasks.get(tasks[0]!.id))?.isCompleted).toBe(false);
    expect((await db.tasks.get(tasks[1]!.id))?.isCompleted).toBe(true);
    expect(onRejected).toHaveBeenCalledWith(expect.objectContaining({ targetId: tasks[0]!.id, message: 'Task not found' }));
    expect(await getMeta(db, 'rejected')).toEqual([expect.objectContaining({ targetId: tasks[0]!.id, message: 'Task not found' })]);
    // Not retried: later syncs push nothing.
    const pushes = server.pushes;
    await settle(engine);
    expect(server.pushes).toBe(pushes);
  });

  it('takes a message the server refused out of the conversation on the pull, and keeps the one it took', async () => {
    const { db, engine, server, setOnline } = await setup({ online: false });
    const refusedId = crypto.randomUUID();
    server.rejectMessageIds.add(refusedId);
    await engine.mutate('message.send', { id: refusedId, planId: PLAN_ID, content: 'Lost', createdAt: new Date().toISOString() });
    await engine.mutate('message.send', { id: crypto.randomUUID(), planId: PLAN_ID, content: 'Kept', createdAt: new Date().toISOString() });
    expect((await db.messages.orderBy('createdAt').toArray()).map((m) => [m.content, m.pending])).toEqual([
      ['Lost', 1],
      ['Kept', 1],
    ]);
    setOnline(true);
    await settle(engine);
    expect(await db.outbox.count()).toBe(0);
    expect((await db.messages.toArray()).map((m) => [m.content, m.pending])).toEqual([['Kept', undefined]]);
  });

  it('keeps the outbox on a 401, pauses, and sends it after the person signs in again', async () => {
    const { db, engine, server, tasks, onUnauthorized, clock } = await setup();
    engine.start();
    await settle(engine);
    server.pushFailures = [401];
    await engine.mutate('task.setCompleted', { taskId: tasks[2]!.id, isCompleted: true, completedAt: new Date().toISOString() });
    await settle(engine);
    expect(engine.getSnapshot().status).toBe('unauthorized');
    expect(onUnauthorized).toHaveBeenCalled();
    expect(await db.outbox.count()).toBe(1);
    expect((await db.tasks.get(tasks[2]!.id))?.isCompleted).toBe(true);
    expect(clock.scheduled).toBe(0);
    const pushes = server.pushes;
    await settle(engine);
    expect(server.pushes).toBe(pushes);

    engine.resume();
    await settle(engine);
    expect(await db.outbox.count()).toBe(0);
    expect(server.applied.map((m) => m.name)).toEqual(['task.setCompleted']);
    engine.stop();
  });

  it('writes nothing to Dexie for a pull that brings nothing, so no screen reads again', async () => {
    const { db, engine, server, tasks } = await setup();
    const written: string[] = [];
    const onWrite = (parts: Record<string, unknown>) => written.push(...Object.keys(parts).filter((part) => part.startsWith(`idb://${db.name}/`)));
    Dexie.on.storagemutated.subscribe(onWrite);
    try {
      await engine.sync();
      expect(written).toEqual([]);
      // A change on the server is written, with the new cursor.
      server.tasks.set(tasks[0]!.id, { row: { ...tasks[0]!, title: 'Renamed' }, version: ++server.version });
      await engine.sync();
      expect((await db.tasks.get(tasks[0]!.id))?.title).toBe('Renamed');
      expect((await getMeta(db, 'sync'))?.cursor).toBe(server.version);
      expect(written.some((part) => part.includes('/tasks/'))).toBe(true);
    } finally {
      Dexie.on.storagemutated.unsubscribe(onWrite);
    }
  });

  it('re-applies a pending action on top of a pull that does not include it yet (rebase)', async () => {
    const { db, engine, server, tasks } = await setup({ online: false });
    await engine.mutate('task.setCompleted', { taskId: tasks[0]!.id, isCompleted: true, completedAt: new Date().toISOString() });
    // Another device unticks nothing, but the server sends the task back unchanged (not completed).
    const pull = await server.pull('someone-else', 0);
    await applyPull(db, { ...pull, lastMutationId: 0 }, USER, new Date().toISOString());
    const task = await db.tasks.get(tasks[0]!.id);
    expect(task?.isCompleted).toBe(true);
    expect(task?.base).toEqual({ isCompleted: false, completedAt: null });
    expect(await db.outbox.count()).toBe(1);
  });

  it('tells the person when a pull brings new messages for them, once, and not on the first download', async () => {
    const { engine, server, onNewMessages } = await setup({ before: (fake) => void fake.receive('Welcome! (before this device)') });
    expect(onNewMessages).not.toHaveBeenCalled();

    server.receive('Your laptop is ready');
    server.receive('Lunch at noon?');
    await engine.mutate('message.send', { id: crypto.randomUUID(), planId: PLAN_ID, content: 'Thanks', createdAt: new Date().toISOString() });
    await settle(engine);
    // Their own message is not news; the two from the manager are.
    expect(onNewMessages).toHaveBeenCalledTimes(1);
    expect(onNewMessages).toHaveBeenCalledWith(2);

    await settle(engine);
    expect(onNewMessages).toHaveBeenCalledTimes(1);

    // With the conversation open the messages are on screen: no notice.
    const close = engine.openConversation();
    server.receive('Are you there?');
    await settle(engine);
    close();
    expect(onNewMessages).toHaveBeenCalledTimes(1);
  });

  it('marks a conversation read offline at once, and the server applies it once when back online', async () => {
    const { db, engine, server, setOnline } = await setup();
    const seen = server.receive('Morning!', '2026-01-06T08:00:00.000Z');
    await settle(engine);
    setOnline(false);
    await engine.mutate('message.markRead', { planId: PLAN_ID, upTo: seen.createdAt });
    expect((await db.messages.get(seen.id))?.isRead).toBe(true);
    expect(await db.outbox.count()).toBe(1);
    const later = server.receive('One more thing', '2026-01-06T08:30:00.000Z');

    setOnline(true);
    await settle(engine);
    await settle(engine);
    expect(server.applied.filter((m) => m.name === 'message.markRead')).toHaveLength(1);
    expect(server.messages.get(seen.id)?.row.isRead).toBe(true);
    expect(server.messages.get(later.id)?.row.isRead).toBe(false);
    expect((await db.messages.get(seen.id))?.isRead).toBe(true);
    expect((await db.messages.get(later.id))?.isRead).toBe(false);
    expect(await db.outbox.count()).toBe(0);
  });

  it('polls every 3 s while a conversation is open and the change stream is down', async () => {
    const { engine, clock } = await setup();
    engine.start();
    await settle(engine);
    const close = engine.openConversation();
    expect(clock.delays.at(-1)).toBe(3000);
    close();
    expect(clock.delays.at(-1)).toBe(60_000);
    engine.stop();
  });

  it('only falls back to polling every 60 s while the change stream is open, in a conversation too', async () => {
    const { engine, clock, server } = await setup();
    engine.start();
    await settle(engine);
    engine.setStreamOpen(true);
    const close = engine.openConversation();
    expect(clock.delays.at(-1)).toBe(60_000);
    expect(clock.scheduled).toBe(1);

    // A timer that fires finds the next one at 60 s again.
    const pulls = server.pulls;
    await clock.fire();
    await settle(engine);
    expect(server.pulls).toBeGreaterThan(pulls);
    expect(clock.delays.at(-1)).toBe(60_000);

    // The stream goes down: the open conversation polls every 3 s; it comes back: 60 s.
    engine.setStreamOpen(false);
    expect(clock.delays.at(-1)).toBe(3000);
    expect(clock.scheduled).toBe(1);
    engine.setStreamOpen(true);
    expect(clock.delays.at(-1)).toBe(60_000);
    expect(clock.scheduled).toBe(1);
    close();
    engine.stop();
  });

  it('pulls on a poke of what the pull brings and on every resync, and takes its timer from the stream (session.ts)', async () => {
    const { followChangeStream } = await import('./session.ts');
    const { engine, clock, server, db } = await setup();
    engine.start();
    await settle(engine);
    let status: 'connecting' | 'open' | 'down' = 'connecting';
    const statusListeners = new Set<() => void>();
    const changeListeners = new Set<(event: ChangeEvent) => void>();
    const stream = {
      getStatus: () => status,
      subscribeStatus: (listener: () => void) => (statusListeners.add(listener), () => void statusListeners.delete(listener)),
      onChange: (listener: (event: ChangeEvent) => void) => (changeListeners.add(listener), () => void changeListeners.delete(listener)),
    };
    const emit = (event: ChangeEvent) => changeListeners.forEach((listener) => listener(event));
    const setStatus = (next: typeof status) => {
      status = next;
      statusListeners.forEach((listener) => listener());
    };
    const detach = followChangeStream(engine, stream);
    const close = engine.openConversation();
    expect(clock.delays.at(-1)).toBe(3000);
    setStatus('open');
    expect(clock.delays.at(-1)).toBe(60_000);

    const message = server.receive('Your laptop is ready');
    const sync = vi.spyOn(engine, 'sync');
    emit({ type: 'poke', poke: { topic: 'messages', planId: PLAN_ID } });
    expect(sync).toHaveBeenCalledTimes(1);
    await sync.mock.results[0]!.value;
    expect((await db.messages.get(message.id))?.content).toBe('Your laptop is ready');
    emit({ type: 'poke', poke: { topic: 'subscription' } });
    expect(sync).toHaveBeenCalledTimes(1);
    emit({ type: 'resync', since: 0, missed: [] });
    expect(sync).toHaveBeenCalledTimes(2);
    await settle(engine);
    sync.mockRestore();

    setStatus('down');
    expect(clock.delays.at(-1)).toBe(3000);
    detach();
    setStatus('open');
    expect(clock.delays.at(-1)).toBe(3000);
    expect(changeListeners.size).toBe(0);
    close();
    engine.stop();
  });

  it("does not pull on a poke about its own push, and does on another tab's or device's (session.ts)", async () => {
    const { followChangeStream } = await import('./session.ts');
    const { engine, server, db } = await setup();
    engine.start();
    await settle(engine);
    const listeners = new Set<(event: ChangeEvent) => void>();
    const stream = {
      getStatus: () => 'open' as const,
      subscribeStatus: () => () => undefined,
      onChange: (listener: (event: ChangeEvent) => void) => (listeners.add(listener), () => void listeners.delete(listener)),
    };
    const detach = followChangeStream(engine, stream);
    const emit = (origin?: string) => listeners.forEach((listener) => listener({ type: 'poke', poke: { topic: 'tasks', planId: PLAN_ID, ...(origin ? { origin } : {}) } }));

    const { outcome } = await engine.mutate('task.setCompleted', { taskId: server.initialTasks[0]!.id, isCompleted: true, completedAt: new Date().toISOString() });
    expect(await outcome).toBe('applied');
    await settle(engine);
    const ownClient = (await getMeta(db, 'sync'))!.clientId;
    expect(server.applied.at(-1)?.clientId).toBe(ownClient);

    const sync = vi.spyOn(engine, 'sync');
    emit(ownClient);
    expect(sync).not.toHaveBeenCalled();
    emit(crypto.randomUUID());
    expect(sync).toHaveBeenCalledTimes(1);
    emit();
    expect(sync).toHaveBeenCalledTimes(2);
    await settle(engine);
    sync.mockRestore();
    detach();
    engine.stop();
  });

  it('names its sync client as the writer of a push over HTTP, so the pokes of its changes say so', async () => {
    const clientId = crypto.randomUUID();
    const fetch = vi.fn(async () => Response.json({ results: [], lastMutationId: 0 }));
    vi.stubGlobal('fetch', fetch);
    try {
      await httpTransport.push({ clientId, mutations: [] });
    } finally {
      vi.unstubAllGlobals();
    }
    const init = (fetch.mock.calls[0] as unknown as [unknown, RequestInit])[1];
    expect(new Headers(init.headers).get(CLIENT_HEADER)).toBe(clientId);
  });
});
