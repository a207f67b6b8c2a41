// @vitest-environment node
// A form submitted on the device (issue 19): written with its outbox row in one transaction, shown
// submitted at once, undone (answers and completion) when the server refuses it.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { FormQuestion } from '../../shared/forms.ts';
import type { MutationResult, PullResponse, PushRequest, PushResponse, SyncTask } from '../../shared/sync.ts';
import { createKickoffDb, getMeta, type KickoffDb } from './db.ts';
import { applyPull, SyncEngine, type SyncTransport } from './engine.ts';
import type { RejectedChange } from './db.ts';
import { checklistTask } from './test-fixtures.ts';

const USER = { id: crypto.randomUUID(), fullName: 'Kavya Silva', role: 'new_hire' as const };
const QUESTIONS: FormQuestion[] = [{ id: 'q-name', kind: 'short_text', label: 'Preferred name', help: null, required: true, options: null }];

/** Answers each push as `answer` says; its pulls bring the tasks once, then nothing new. */
class FormServer implements SyncTransport {
  online = true;
  private lastMutationId = 0;
  constructor(
    private readonly tasks: SyncTask[],
    private readonly answer: (id: number) => MutationResult,
  ) {}
  async push(body: PushRequest): Promise<PushResponse> {
    this.lastMutationId = body.mutations.at(-1)?.id ?? this.lastMutationId;
    return { results: body.mutations.map((mutation) => this.answer(mutation.id)), lastMutationId: this.lastMutationId };
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
      company: { id: 'acme', name: 'Acme', helpfulResources: [] },
      contacts: { manager: null, admins: [] },
    };
  }
}

const dbs: KickoffDb[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) await db.delete();
});

async function setup(answer: (id: number) => MutationResult) {
  const form = checklistTask(0, { type: 'form', formQuestions: QUESTIONS });
  const server = new FormServer([form], answer);
  const db = createKickoffDb(crypto.randomUUID());
  dbs.push(db);
  let online = true;
  const rejected: RejectedChange[] = [];
  const engine = new SyncEngine({ db, user: USER, transport: server, random: () => 0, locks: null, isOnline: () => online, onRejected: (change) => rejected.push(change) });
  await engine.sync();
  return { engine, db, form, rejected, goOffline: () => (online = false), goOnline: () => (online = true) };
}

const ANSWERS = { 'q-name': 'Kav' };
const SUBMITTED_AT = '2026-01-06T10:00:00.000Z';

describe('sync engine, form.submit', () => {
  it('writes the answers, the completion and the outbox row together, keeping what to restore', async () => {
    const { engine, db, form, goOffline } = await setup((id) => ({ id, status: 'applied' }));
    goOffline();
    const { mutationId, outcome } = await engine.mutate('form.submit', { taskId: form.id, answers: ANSWERS, submittedAt: SUBMITTED_AT });
    expect(await outcome).toBe('queued');
    expect(await db.tasks.get(form.id)).toMatchObject({
      isCompleted: true,
      completedAt: SUBMITTED_AT,
      formAnswers: ANSWERS,
      formSubmittedAt: SUBMITTED_AT,
      base: { isCompleted: false, completedAt: null, formAnswers: null, formSubmittedAt: null },
    });
    expect(await db.outbox.get(mutationId)).toMatchObject({ name: 'form.submit', args: { taskId: form.id, answers: ANSWERS } });
    expect((await getMeta(db, 'sync'))?.localWrites).toBe(1);
  });

  it('undoes the submission when the server refuses it and says why', async () => {
    const { engine, db, form, rejected, goOffline, goOnline } = await setup((id) => ({ id, status: 'rejected', message: 'Preferred name: This question needs an answer' }));
    goOffline();
    await engine.mutate('form.submit', { taskId: form.id, answers: ANSWERS, submittedAt: SUBMITTED_AT });
    goOnline();
    await engine.sync();

    const task = await db.tasks.get(form.id);
    expect(task).toMatchObject({ isCompleted: false, completedAt: null, formAnswers: null, formSubmittedAt: null });
    expect(task?.base).toBeUndefined();
    expect(await db.outbox.count()).toBe(0);
    expect(rejected).toEqual([expect.objectContaining({ name: 'form.submit', targetId: form.id, message: 'Preferred name: This question needs an answer' })]);
    expect(await getMeta(db, 'rejected')).toHaveLength(1);
  });

  it('re-applies a pending submission over a pull that does not hold it yet', async () => {
    const { engine, db, form, goOffline } = await setup((id) => ({ id, status: 'applied' }));
    goOffline();
    await engine.mutate('form.submit', { taskId: form.id, answers: ANSWERS, submittedAt: SUBMITTED_AT });
    // A pull that landed while the submission waits (the server's row, still open): the device keeps showing it submitted.
    await applyPull(
      db,
      {
        cursor: 2,
        lastMutationId: 0,
        reset: false,
        plans: [],
        tasks: [{ ...form, title: 'Renamed' }],
        templates: [],
        messages: [],
        company: { id: 'acme', name: 'Acme', helpfulResources: [] },
        contacts: { manager: null, admins: [] },
      },
      USER,
      SUBMITTED_AT,
    );
    expect(await db.tasks.get(form.id)).toMatchObject({ title: 'Renamed', isCompleted: true, formAnswers: ANSWERS, base: { isCompleted: false, formAnswers: null } });
  });
});
