// PayHere's two signatures, checked against a separate implementation written from the documentation.
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkoutHash, notifySignature, signaturesMatch } from './payhere.ts';

/** The documented formula, built independently: md5 over the concatenated parts, hex, upper-cased. */
function documentedMd5(...parts: string[]): string {
  const hash = createHash('md5');
  for (const part of parts) hash.update(Buffer.from(part, 'utf8'));
  return hash.digest('hex').toUpperCase();
}

const merchantId = fc.stringMatching(/^[0-9]{5,10}$/);
const orderId = fc.string({ minLength: 1, maxLength: 60 });
const amount = fc.integer({ min: 0, max: 10_000_000_00 }).map((cents) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`);
const currency = fc.constantFrom('USD', 'LKR');
const secret = fc.string({ minLength: 1, maxLength: 80 });
const statusCode = fc.constantFrom('2', '0', '-1', '-2', '-3');

describe('PayHere checkout hash', () => {
  it('matches a vector computed by hand with node:crypto', () => {
    // md5('kickoff-test-secret') = 00BD97FF530C88D40188A3A107009781, then
    // md5('1211149' + 'KO-order-1' + '13500.00' + 'LKR' + that), upper-cased:
    expect(checkoutHash({ merchantId: '1211149', orderId: 'KO-order-1', amount: '13500.00', currency: 'LKR', merchantSecret: 'kickoff-test-secret' })).toBe(
      '0E79301A4ED647AFFE8F1D8C9504FA39',
    );
  });

  it('equals UPPER(MD5(merchant_id + order_id + amount + currency + UPPER(MD5(secret)))) for any input', () => {
    fc.assert(
      fc.property(merchantId, orderId, amount, currency, secret, (m, o, a, c, s) => {
        const hash = checkoutHash({ merchantId: m, orderId: o, amount: a, currency: c, merchantSecret: s });
        expect(hash).toBe(documentedMd5(m, o, a, c, documentedMd5(s)));
        expect(hash).toMatch(/^[0-9A-F]{32}$/);
      }),
    );
  });

  it('changes when the amount changes, so a client cannot pay less under the same hash', () => {
    fc.assert(
      fc.property(merchantId, orderId, amount, amount, currency, secret, (m, o, a1, a2, c, s) => {
        fc.pre(a1 !== a2);
        const base = { merchantId: m, orderId: o, currency: c, merchantSecret: s };
        expect(checkoutHash({ ...base, amount: a1 })).not.toBe(checkoutHash({ ...base, amount: a2 }));
      }),
    );
  });
});

describe('PayHere notify md5sig', () => {
  it('matches a vector computed by hand with node:crypto', () => {
    // md5('1211149' + 'KO-order-1' + '13500.00' + 'LKR' + '2' + UPPER(md5('kickoff-test-secret'))), upper-cased.
    expect(
      notifySignature({
        merchantId: '1211149',
        orderId: 'KO-order-1',
        payhereAmount: '13500.00',
        payhereCurrency: 'LKR',
        statusCode: '2',
        merchantSecret: 'kickoff-test-secret',
      }),
    ).toBe('62ECFD94587E4D18C08E6A7505FA6DC2');
  });

  it('equals the documented formula for any input', () => {
    fc.assert(
      fc.property(merchantId, orderId, amount, currency, statusCode, secret, (m, o, a, c, code, s) => {
        const sig = notifySignature({ merchantId: m, orderId: o, payhereAmount: a, payhereCurrency: c, statusCode: code, merchantSecret: s });
        expect(sig).toBe(documentedMd5(m, o, a, c, code, documentedMd5(s)));
      }),
    );
  });

  it('is accepted only when it is exactly the expected one (case aside)', () => {
    fc.assert(
      fc.property(merchantId, orderId, amount, currency, statusCode, secret, fc.string(), (m, o, a, c, code, s, other) => {
        const sig = notifySignature({ merchantId: m, orderId: o, payhereAmount: a, payhereCurrency: c, statusCode: code, merchantSecret: s });
        expect(signaturesMatch(sig, sig)).toBe(true);
        expect(signaturesMatch(sig, sig.toLowerCase())).toBe(true);
        fc.pre(other.toUpperCase() !== sig);
        expect(signaturesMatch(sig, other)).toBe(false);
      }),
    );
  });
});
