// The record a stream's `ready` is made from, on a clock the test moves: what it can tell, and when it
// must say it cannot.
import { describe, expect, it } from 'vitest';
import { RECENT_CHANGES_MS, type ChangePoke } from '../../shared/events.ts';
import type { Change } from './audience.ts';
import { MAX_MISSED_POKES, MAX_RECENT_CHANGES, RecentChanges } from './recent-changes.ts';

const plan = { newHireId: 'hire', managerId: 'boss' };
const hire = { id: 'hire', role: 'new_hire', companyId: 'acme' } as const;
const boss = { id: 'boss', role: 'manager', companyId: 'acme' } as const;

const tick = (planId = 'p1'): Change => ({ companyId: 'acme', poke: { topic: 'tasks', planId }, audience: { plans: [plan], staffOnly: false } });

function record() {
  let clock = 0;
  const recent = new RecentChanges(() => clock);
  recent.listening();
  return { recent, advance: (ms: number) => (clock += ms) };
}

describe('what a stream missed', () => {
  it('cannot be told until the instance has listened for the whole look-back', () => {
    const { recent, advance } = record();
    recent.add(tick());
    advance(RECENT_CHANGES_MS - 1);
    expect(recent.missedBy(hire)).toBeNull();
    advance(1);
    expect(recent.missedBy(hire)).toEqual<ChangePoke[]>([{ topic: 'tasks', planId: 'p1' }]);
  });

  it('follows the audience rule: a staff note is not listed for the new hire, nor a change of another company', () => {
    const { recent, advance } = record();
    advance(RECENT_CHANGES_MS);
    recent.add({ companyId: 'acme', poke: { topic: 'messages', planId: 'p1' }, audience: { plans: [plan], staffOnly: true } });
    recent.add({ ...tick(), companyId: 'globex' });
    expect(recent.missedBy(hire)).toEqual([]);
    expect(recent.missedBy(boss)).toEqual<ChangePoke[]>([{ topic: 'messages', planId: 'p1' }]);
    expect(recent.missedBy({ ...hire, companyId: 'globex' })).toEqual<ChangePoke[]>([{ topic: 'tasks', planId: 'p1' }]);
  });

  it('lists each poke once, and forgets it after the look-back', () => {
    const { recent, advance } = record();
    advance(RECENT_CHANGES_MS);
    recent.add(tick());
    advance(10);
    recent.add(tick());
    recent.add(tick('p2'));
    expect(recent.missedBy(boss)).toEqual<ChangePoke[]>([
      { topic: 'tasks', planId: 'p1' },
      { topic: 'tasks', planId: 'p2' },
    ]);
    advance(RECENT_CHANGES_MS - 5);
    expect(recent.missedBy(boss)).toEqual<ChangePoke[]>([
      { topic: 'tasks', planId: 'p1' },
      { topic: 'tasks', planId: 'p2' },
    ]);
    advance(10);
    expect(recent.missedBy(boss)).toEqual([]);
  });

  it(`cannot tell while deaf (the LISTEN connection lost), nor beyond ${MAX_MISSED_POKES} pokes or ${MAX_RECENT_CHANGES} changes`, () => {
    const { recent, advance } = record();
    advance(RECENT_CHANGES_MS);
    recent.deaf();
    recent.add(tick());
    expect(recent.missedBy(boss)).toBeNull();

    recent.listening();
    advance(RECENT_CHANGES_MS);
    for (let n = 0; n <= MAX_MISSED_POKES; n++) recent.add(tick(`p${n}`));
    expect(recent.missedBy(boss)).toBeNull();
    expect(recent.missedBy({ ...boss, companyId: 'globex' })).toEqual([]);

    advance(RECENT_CHANGES_MS);
    for (let n = 0; n <= MAX_RECENT_CHANGES; n++) recent.add({ ...tick(), companyId: 'globex' });
    // The oldest change was dropped: nobody can be told, until the look-back has passed it.
    expect(recent.missedBy(boss)).toBeNull();
    advance(RECENT_CHANGES_MS);
    expect(recent.missedBy(boss)).toEqual([]);
  });
});
