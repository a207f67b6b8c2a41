import { createHash } from 'node:crypto';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { AcceptPolicySchema, policySha256, typedNameMatches } from './acknowledgements.ts';

const nodeSha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('policySha256', () => {
  it('is the SHA-256 of the text as UTF-8, the same as Node computes', async () => {
    for (const text of ['Be kind.', 'Zeilen\nmit Umlauten: äöü — and emoji 🎉', '  spaces kept  \n\n', '']) {
      expect(await policySha256({ policyText: text, policyFile: null })).toBe(nodeSha256(text));
    }
  });

  it('hashes no text as the empty text, and tells one character apart', async () => {
    expect(await policySha256({ policyText: null, policyFile: null })).toBe(nodeSha256(''));
    expect(await policySha256({ policyText: 'Policy v1', policyFile: null })).not.toBe(await policySha256({ policyText: 'Policy v2', policyFile: null }));
  });

  it("is the PDF's own hash (taken at upload) when the policy is a file, whatever text is left", async () => {
    const sha256 = 'a'.repeat(64);
    const policyFile = { id: crypto.randomUUID(), name: 'policy.pdf', size: 1234, sha256 };
    expect(await policySha256({ policyText: null, policyFile })).toBe(sha256);
    expect(await policySha256({ policyText: 'ignored', policyFile })).toBe(sha256);
  });
});

describe('typedNameMatches', () => {
  it('accepts the profile name whatever its case and spacing', () => {
    expect(typedNameMatches('Ada Lovelace', 'Ada Lovelace')).toBe(true);
    expect(typedNameMatches('  ada   LOVELACE ', 'Ada Lovelace')).toBe(true);
    expect(typedNameMatches('Zoë Ångström', 'zoë ångström')).toBe(true);
  });

  it('refuses another name, a part of it, or nothing', () => {
    expect(typedNameMatches('Ada', 'Ada Lovelace')).toBe(false);
    expect(typedNameMatches('Grace Hopper', 'Ada Lovelace')).toBe(false);
    expect(typedNameMatches('AdaLovelace', 'Ada Lovelace')).toBe(false);
    expect(typedNameMatches('   ', 'Ada Lovelace')).toBe(false);
  });

  it('takes any name from someone with none on file, but never a blank one', () => {
    expect(typedNameMatches('Ada Lovelace', null)).toBe(true);
    expect(typedNameMatches('Ada Lovelace', '')).toBe(true);
    expect(typedNameMatches(' ', null)).toBe(false);
  });
});

describe('AcceptPolicySchema', () => {
  it('needs a name and a hex SHA-256', () => {
    expect(v.safeParse(AcceptPolicySchema, { fullName: ' Ada ', sha256: 'f'.repeat(64) }).output).toEqual({ fullName: 'Ada', sha256: 'f'.repeat(64) });
    expect(v.safeParse(AcceptPolicySchema, { fullName: '  ', sha256: 'f'.repeat(64) }).success).toBe(false);
    expect(v.safeParse(AcceptPolicySchema, { fullName: 'Ada', sha256: 'F'.repeat(64) }).success).toBe(false);
    expect(v.safeParse(AcceptPolicySchema, { fullName: 'Ada', sha256: 'f'.repeat(63) }).success).toBe(false);
  });
});
