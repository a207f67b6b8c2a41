// The passkey contract's pure parts: the suggested name, and what the answer schemas let through.
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { deviceNameFromUserAgent, PasskeySignInSchema, RegisterPasskeySchema, RenamePasskeySchema } from './passkeys.ts';

const answer = { id: 'AbC-_1', rawId: 'AbC-_1', type: 'public-key', clientExtensionResults: {} };

describe('the suggested name of a new passkey', () => {
  it('is the browser and system the passkey is added on', () => {
    expect(deviceNameFromUserAgent('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36')).toBe(
      'Chrome on macOS',
    );
    expect(deviceNameFromUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1')).toBe(
      'Safari on iOS',
    );
  });

  it('is just "Passkey" when the user agent says nothing useful', () => {
    expect(deviceNameFromUserAgent('')).toBe('Passkey');
    expect(deviceNameFromUserAgent('curl/8.5.0')).toBe('Passkey');
  });
});

describe('the schemas', () => {
  it('take a registration answer with or without a name, trimmed', () => {
    const response = { ...answer, response: { clientDataJSON: 'eyJ0', attestationObject: 'o2Nm', transports: ['internal', 'hybrid'] } };
    expect(v.parse(RegisterPasskeySchema, { response }).name).toBeUndefined();
    expect(v.parse(RegisterPasskeySchema, { name: '  Phone ', response }).name).toBe('Phone');
  });

  it('refuse what is not base64url, an unknown transport, a name too long or empty', () => {
    const signIn = (fields: Record<string, unknown>) =>
      v.safeParse(PasskeySignInSchema, { response: { ...answer, response: { clientDataJSON: 'eyJ0', authenticatorData: 'SZYN', signature: 'MEUC', ...fields } } }).success;
    expect(signIn({})).toBe(true);
    expect(signIn({ signature: 'not base64url!' })).toBe(false);
    expect(signIn({ userHandle: 'x'.repeat(201) })).toBe(false);
    expect(
      v.safeParse(RegisterPasskeySchema, { response: { ...answer, response: { clientDataJSON: 'eyJ0', attestationObject: 'o2Nm', transports: ['carrier-pigeon'] } } }).success,
    ).toBe(false);
    expect(v.safeParse(RenamePasskeySchema, { name: 'x'.repeat(81) }).success).toBe(false);
    expect(v.safeParse(RenamePasskeySchema, { name: '   ' }).success).toBe(false);
  });
});
