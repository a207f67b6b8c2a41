import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { openSecret, requireSecretsKey, sealSecret } from './secret-box.ts';

describe('secret-box', () => {
  const key = randomBytes(32);

  it('opens what it sealed, and the sealed text does not contain the secret', () => {
    const sealed = sealSecret(key, 'client-secret-123');
    expect(sealed).not.toContain('client-secret-123');
    expect(sealSecret(key, 'client-secret-123')).not.toBe(sealed);
    expect(openSecret(key, sealed)).toBe('client-secret-123');
  });

  it('refuses altered text and another key', () => {
    const sealed = sealSecret(key, 'client-secret-123');
    const parts = sealed.split('.');
    const flipped = [...parts.slice(0, 3), `${parts[3]?.startsWith('A') ? 'B' : 'A'}${parts[3]?.slice(1)}`].join('.');
    expect(() => openSecret(key, flipped)).toThrow();
    expect(() => openSecret(randomBytes(32), sealed)).toThrow();
  });

  it('a deployment without SECRETS_KEY has no key and set-up answers 503; SECRETS_KEY must be 32 bytes', () => {
    const deployed = loadConfig({ NODE_ENV: 'production', PAYHERE_MODE: 'live' });
    expect(deployed.secretsKey).toBeUndefined();
    expect(() => requireSecretsKey(deployed.secretsKey)).toThrow(expect.objectContaining({ status: 503 }));
    expect(loadConfig({}).secretsKey).toHaveLength(32);
    expect(loadConfig({ SECRETS_KEY: key.toString('base64') }).secretsKey?.equals(key)).toBe(true);
    expect(() => loadConfig({ SECRETS_KEY: 'short' })).toThrow(/SECRETS_KEY must be 32 bytes/);
  });
});
