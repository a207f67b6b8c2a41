// @vitest-environment node
// A form's draft on the device: written once the typing pauses, at once when flushed, gone on discard;
// and the check before submitting gives a message per question id.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { FormQuestion } from '../../../shared/forms.ts';
import { createKickoffDb, type KickoffDb } from '../../sync/db.ts';
import { checkAnswers, createDraftSaver, loadDraft } from './form-draft.ts';

/** Timers the test runs by hand. */
function manualTimers() {
  const waiting = new Map<number, () => void>();
  let next = 0;
  return {
    setTimeout: (callback: () => void) => {
      next += 1;
      waiting.set(next, callback);
      return next;
    },
    clearTimeout: (handle: unknown) => void waiting.delete(handle as number),
    pending: () => waiting.size,
    runAll: () => {
      const callbacks = [...waiting.values()];
      waiting.clear();
      for (const callback of callbacks) callback();
    },
  };
}

const dbs: KickoffDb[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) await db.delete();
});

function openDb() {
  const db = createKickoffDb(crypto.randomUUID());
  dbs.push(db);
  return db;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('form drafts', () => {
  it('writes the last answers of a burst once the typing pauses', async () => {
    const db = openDb();
    const timers = manualTimers();
    let saves = 0;
    const saver = createDraftSaver(db, 'task-1', { timers, onSaved: () => (saves += 1) });
    saver.save({ name: 'K' });
    saver.save({ name: 'Ka' });
    saver.save({ name: 'Kav' });
    expect(timers.pending()).toBe(1);
    expect(await loadDraft(db, 'task-1')).toBeUndefined();
    timers.runAll();
    await settle();
    expect(await loadDraft(db, 'task-1')).toEqual({ name: 'Kav' });
    expect(saves).toBe(1);
  });

  it('writes a waiting save at once when flushed, and drops it with the draft on discard', async () => {
    const db = openDb();
    const timers = manualTimers();
    const saver = createDraftSaver(db, 'task-1', { timers });
    saver.save({ name: 'Kav' });
    await saver.flush();
    expect(await loadDraft(db, 'task-1')).toEqual({ name: 'Kav' });
    expect(timers.pending()).toBe(0);

    saver.save({ name: 'Kavya' });
    await saver.discard();
    timers.runAll();
    await settle();
    expect(await loadDraft(db, 'task-1')).toBeUndefined();
  });

  it('keeps each task’s draft apart', async () => {
    const db = openDb();
    const first = createDraftSaver(db, 'task-1');
    const second = createDraftSaver(db, 'task-2');
    first.save({ a: 'one' });
    second.save({ a: 'two' });
    await Promise.all([first.flush(), second.flush()]);
    expect(await loadDraft(db, 'task-1')).toEqual({ a: 'one' });
    expect(await loadDraft(db, 'task-2')).toEqual({ a: 'two' });
  });
});

describe('checkAnswers', () => {
  const questions: FormQuestion[] = [
    { id: 'name', kind: 'short_text', label: 'Name', help: null, required: true, options: null },
    { id: 'sizes', kind: 'multiple_choice', label: 'Sizes', help: null, required: false, options: ['S', 'M'] },
    { id: 'start', kind: 'date', label: 'Start', help: null, required: false, options: null },
  ];

  it('answers a message per question id', () => {
    expect(checkAnswers(questions, { sizes: ['XL'], start: '2026-02-31' })).toEqual({
      ok: false,
      errors: { name: 'This question needs an answer', sizes: 'Choose one of the options', start: 'Enter a valid date' },
    });
  });

  it('answers the answers as the server takes them', () => {
    expect(checkAnswers(questions, { name: ' Kav ', sizes: ['M', 'S'], start: undefined })).toEqual({ ok: true, answers: { name: 'Kav', sizes: ['S', 'M'], start: null } });
  });
});
