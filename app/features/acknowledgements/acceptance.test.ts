import { describe, expect, it } from 'vitest';
import { acceptanceShown, policyKeyOf } from './acceptance.ts';

const textTask = { policyText: 'Be kind.', policyFile: null, isCompleted: false, completedAt: null };
const file = { id: crypto.randomUUID(), name: 'policy.pdf', size: 10, sha256: 'b'.repeat(64) };

describe('policyKeyOf', () => {
  it('tells texts and files apart, and a file by its hash only', () => {
    expect(policyKeyOf(textTask)).not.toBe(policyKeyOf({ ...textTask, policyText: 'Be kind!' }));
    expect(policyKeyOf({ policyText: null, policyFile: file })).toBe(policyKeyOf({ policyText: null, policyFile: { ...file, name: 'renamed.pdf' } }));
    expect(policyKeyOf({ policyText: null, policyFile: file })).not.toBe(policyKeyOf({ policyText: null, policyFile: { ...file, sha256: 'c'.repeat(64) } }));
  });
});

describe('acceptanceShown', () => {
  it('shows a completed task accepted on its completion date', () => {
    expect(acceptanceShown({ ...textTask, isCompleted: true, completedAt: '2026-03-02T09:00:00.000Z' }, null)).toEqual({ accepted: true, acceptedAt: '2026-03-02T09:00:00.000Z' });
  });

  it("shows this screen's acceptance before the task comes back completed", () => {
    const justAccepted = { policyKey: policyKeyOf(textTask), acceptedAt: '2026-03-03T10:00:00.000Z' };
    expect(acceptanceShown(textTask, justAccepted)).toEqual({ accepted: true, acceptedAt: '2026-03-03T10:00:00.000Z' });
    expect(acceptanceShown(textTask, null)).toEqual({ accepted: false, acceptedAt: null });
  });

  it('asks again once the policy shown is another than the one accepted', () => {
    const justAccepted = { policyKey: policyKeyOf(textTask), acceptedAt: '2026-03-03T10:00:00.000Z' };
    expect(acceptanceShown({ ...textTask, policyText: 'Be kind. Be on time.' }, justAccepted)).toEqual({ accepted: false, acceptedAt: null });
  });
});
