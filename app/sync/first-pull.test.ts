// @vitest-environment node
// The first pull asked for as the page starts (sync/first-pull.ts) and how the engine takes it up.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PullResponse } from '../../shared/sync.ts';
import { NetworkError } from '../lib/api-client.ts';
import { createKickoffDb, getMeta, type KickoffDb } from './db.ts';
import { SyncEngine, type Clock, type SyncTransport } from './engine.ts';
import type { FirstPull } from './first-pull.ts';
import { checklistTask, testPlan } from './test-fixtures.ts';

const USER = { id: crypto.randomUUID(), fullName: 'Kavya Silva', role: 'new_hire' as const };
const PLAN = testPlan({ newHireId: USER.id, newHire: { id: USER.id, fullName: USER.fullName, email: 'kavya@test', profileImageUrl: null } });

function pullAnswer(title: string): PullResponse {
  return {
    cursor: 7,
    lastMutationId: 0,
    reset: true,
    plans: [PLAN],
    tasks: [checklistTask(1, { planId: PLAN.id, title })],
    templates: [],
    messages: [],
    company: { id: PLAN.companyId, name: 'Acme', helpfulResources: [] },
    contacts: { manager: null, admins: [] },
  };
}

/** Timers never fire: each test runs one sync by hand. */
const stillClock: Clock = { now: () => Date.parse('2026-01-06T09:00:00.000Z'), setTimeout: () => 0, clearTimeout: () => undefined };

const dbs: KickoffDb[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) await db.delete();
});

function engineWith(firstPull: FirstPull | null) {
  const db = createKickoffDb(`${USER.id}-${crypto.randomUUID()}`);
  dbs.push(db);
  const transport: SyncTransport = { push: vi.fn(), pull: vi.fn(async () => pullAnswer('Pulled by the engine')) };
  const engine = new SyncEngine({ db, user: USER, transport, clock: stillClock, locks: null, isOnline: () => true, firstPull });
  return { db, engine, transport };
}

describe('the first pull started with the page', () => {
  it('is the first sync: the new database takes its client id and its answer, without a second pull', async () => {
    const { db, engine, transport } = engineWith({ clientId: 'client-from-the-page', response: Promise.resolve(pullAnswer('Pulled early')) });
    await engine.sync();
    expect(transport.pull).not.toHaveBeenCalled();
    expect(await getMeta(db, 'sync')).toMatchObject({ clientId: 'client-from-the-page', cursor: 7 });
    expect((await db.tasks.toArray()).map((task) => task.title)).toEqual(['Pulled early']);
    // The next sync pulls from the cursor the early answer left, under the same client.
    await engine.sync();
    expect(transport.pull).toHaveBeenCalledWith('client-from-the-page', 7);
  });

  it('failed on the way: the engine pulls again itself', async () => {
    const failed = Promise.reject(new NetworkError());
    failed.catch(() => undefined);
    const { db, engine, transport } = engineWith({ clientId: 'client-from-the-page', response: failed });
    await engine.sync();
    expect(transport.pull).toHaveBeenCalledWith('client-from-the-page', 0);
    expect((await db.tasks.toArray()).map((task) => task.title)).toEqual(['Pulled by the engine']);
  });

  it('is not used by a database that already syncs under another client', async () => {
    const { db, engine, transport } = engineWith(null);
    await engine.sync();
    const clientId = (await getMeta(db, 'sync'))!.clientId;
    const late = new SyncEngine({
      db,
      user: USER,
      transport,
      clock: stillClock,
      locks: null,
      isOnline: () => true,
      firstPull: { clientId: 'other', response: Promise.resolve(pullAnswer('Stale')) },
    });
    await late.sync();
    expect(transport.pull).toHaveBeenLastCalledWith(clientId, 7);
    expect((await db.tasks.toArray()).map((task) => task.title)).toEqual(['Pulled by the engine']);
  });
});
