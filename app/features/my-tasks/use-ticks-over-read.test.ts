// @vitest-environment node
// What a new hire's My tasks shows while a tick is in flight (use-ticks-over-read.ts).
import { describe, expect, it } from 'vitest';
import type { MyTask } from '../../../shared/onboarding.ts';
import { checklistTask } from '../../sync/test-fixtures.ts';
import { laidOver, notHeldBy, type TicksOverRead } from './use-ticks-over-read.ts';

const PLAN: MyTask['plan'] = {
  id: 'plan',
  kind: 'onboarding',
  startDate: '2026-01-05',
  newHire: { id: 'hire', fullName: 'Kavya Silva', email: 'kavya@test', profileImageUrl: null },
};
const task = (order: number, isCompleted = false): MyTask => ({ ...checklistTask(order, { id: `task-${order}`, planId: 'plan', isCompleted }), plan: PLAN });
const tick = (written: boolean): TicksOverRead => new Map([['task-1', { isCompleted: true, completedAt: '2026-01-06T10:00:00.000Z', written }]]);

describe('a tick in My tasks', () => {
  it('shows over the read from its click on', () => {
    const read = [task(0), task(1)];
    expect(laidOver(read, tick(false)).map((shown) => shown.isCompleted)).toEqual([false, true]);
    expect(laidOver(read, new Map())).toBe(read);
  });

  it('stays until a read after its write holds it, then the read shows (so a later refusal shows too)', () => {
    const holding = [task(0), task(1, true)];
    // Written or not, a read that does not hold it keeps it.
    expect(notHeldBy([task(0), task(1)], tick(true)).size).toBe(1);
    // A read that holds it before the write landed matched by chance: kept.
    expect(notHeldBy(holding, tick(false)).size).toBe(1);
    expect(notHeldBy(holding, tick(true)).size).toBe(0);
  });
});
