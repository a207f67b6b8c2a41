// @vitest-environment node
// The tick path of the sync engine (issue 20): one transaction per action that also counts it, and the
// sync it asks for waiting until the frame that shows the action is painted.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PullResponse, PushRequest, PushResponse, SyncTask } from '../../shared/sync.ts';
import { createKickoffDb, getMeta, type KickoffDb } from './db.ts';
import { SyncEngine, type SyncTransport } from './engine.ts';
import { checklistTask } from './test-fixtures.ts';

const PLAN_ID = crypto.randomUUID();
const USER = { id: crypto.randomUUID(), fullName: 'Kavya Silva', role: 'new_hire' as const };

function makeTask(order: number): SyncTask {
  return checklistTask(order, { planId: PLAN_ID });
}

/** Accepts every push and records the mutation ids of each; its pulls bring nothing new after the first. */
class CountingServer implements SyncTransport {
  pushes: number[][] = [];
  private lastMutationId = 0;
  constructor(private readonly tasks: SyncTask[]) {}
  async push(body: PushRequest): Promise<PushResponse> {
    this.pushes.push(body.mutations.map((mutation) => mutation.id));
    this.lastMutationId = body.mutations.at(-1)?.id ?? this.lastMutationId;
    return { results: body.mutations.map((mutation) => ({ id: mutation.id, status: 'applied' as const })), lastMutationId: this.lastMutationId };
  }
  async pull(_clientId: string, cursor: number): Promise<PullResponse> {
    return {
      cursor: 1,
      lastMutationId: this.lastMutationId,
      reset: cursor === 0,
      plans: [],
      tasks: cursor === 0 ? this.tasks : [],
      templates: [],
      messages: [],
      company: { id: crypto.randomUUID(), name: 'Acme', helpfulResources: [] },
      contacts: { manager: null, admins: [] },
    };
  }
}

const dbs: KickoffDb[] = [];
afterEach(async () => {
  vi.unstubAllGlobals();
  for (const db of dbs.splice(0)) await db.delete();
});

async function setup() {
  const tasks = [makeTask(0), makeTask(1), makeTask(2)];
  const server = new CountingServer(tasks);
  const db = createKickoffDb(crypto.randomUUID());
  dbs.push(db);
  const engine = new SyncEngine({ db, user: USER, transport: server, random: () => 0, locks: null, isOnline: () => true });
  await engine.sync();
  return { engine, server, db, tasks };
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('sync engine, the tick path', () => {
  it('writes the task, its outbox row and the count of local writes together', async () => {
    const { engine, db, tasks } = await setup();
    const first = await engine.mutate('task.setCompleted', { taskId: tasks[0]!.id, isCompleted: true, completedAt: new Date().toISOString() });
    expect(first.localWrite).toBe(1);
    expect((await db.tasks.get(tasks[0]!.id))?.isCompleted).toBe(true);
    expect((await db.outbox.get(first.mutationId))?.args).toMatchObject({ taskId: tasks[0]!.id });
    expect((await getMeta(db, 'sync'))?.localWrites).toBe(1);

    const second = await engine.mutate('task.setCompleted', { taskId: tasks[1]!.id, isCompleted: true, completedAt: new Date().toISOString() });
    expect(second.localWrite).toBe(2);
    expect((await getMeta(db, 'sync'))?.localWrites).toBe(2);
  });

  it('keeps counting local writes when a new client renumbers the outbox', async () => {
    const { engine, db, tasks } = await setup();
    await engine.mutate('task.setCompleted', { taskId: tasks[0]!.id, isCompleted: true, completedAt: null });
    await engine.sync();
    const meta = (await getMeta(db, 'sync'))!;
    // As renumberUnderNewClient leaves it: a new client whose mutation ids start again.
    await db.meta.put({ key: 'sync', value: { ...meta, clientId: crypto.randomUUID(), nextMutationId: 1, cursor: 0 } });
    const after = await engine.mutate('task.setCompleted', { taskId: tasks[1]!.id, isCompleted: true, completedAt: null });
    expect(after.mutationId).toBe(1);
    expect(after.localWrite).toBe(2);
  });

  it('writes an action once the frame showing it is painted, and starts one sync for the actions of that frame a frame later', async () => {
    const { engine, server, tasks } = await setup();
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('document', { visibilityState: 'visible' });
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));

    const first = engine.mutate('task.setCompleted', { taskId: tasks[0]!.id, isCompleted: true, completedAt: null });
    const second = engine.mutate('task.setCompleted', { taskId: tasks[1]!.id, isCompleted: true, completedAt: null });
    await nextTask();
    expect((await engine.db.tasks.get(tasks[0]!.id))?.isCompleted).toBe(false);
    expect(await engine.db.outbox.count()).toBe(0);

    for (const frame of frames.splice(0)) frame(0);
    await Promise.all([first, second]);
    expect((await engine.db.tasks.get(tasks[0]!.id))?.isCompleted).toBe(true);
    expect(await engine.db.outbox.count()).toBe(2);
    await nextTask();
    expect(engine.getSnapshot().status).toBe('idle');
    expect(server.pushes).toEqual([]);
    expect(frames).toHaveLength(1);

    frames.shift()!(0);
    await vi.waitFor(() => expect(server.pushes).toEqual([[1, 2]]));
  });

  it('starts it in the next task where no frame is coming (a hidden tab)', async () => {
    const { engine, server, tasks } = await setup();
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('document', { visibilityState: 'hidden' });
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));

    await engine.mutate('task.setCompleted', { taskId: tasks[0]!.id, isCompleted: true, completedAt: null });
    expect(engine.getSnapshot().status).toBe('idle');
    await vi.waitFor(() => expect(server.pushes).toEqual([[1]]));
    expect(frames).toHaveLength(0);
  });

  it('tells the screens about a status only when it changed', async () => {
    const { engine, tasks } = await setup();
    const offline = new SyncEngine({ db: engine.db, user: USER, transport: new CountingServer(tasks), locks: null, isOnline: () => false });
    const renders = vi.fn();
    offline.subscribe(renders);
    await offline.sync();
    await offline.sync();
    await offline.mutate('task.setCompleted', { taskId: tasks[0]!.id, isCompleted: true, completedAt: null });
    await nextTask();
    await offline.sync();
    expect(offline.getSnapshot().status).toBe('offline');
    expect(renders).toHaveBeenCalledTimes(1);
  });
});
