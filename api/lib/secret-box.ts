// Secrets kept at rest (SSO client secrets, TOTP secrets) are sealed with AES-256-GCM under the
// environment's SECRETS_KEY, so a copy of the database alone does not reveal them.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { AppError } from './app-error.ts';

const VERSION = 'v1';

/** The sealed text: `v1.<iv>.<tag>.<ciphertext>`, each part base64url. */
export function sealSecret(key: Buffer, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join('.');
}

/** The plaintext of sealSecret's output; throws when the text was altered or sealed under another key. */
export function openSecret(key: Buffer, sealed: string): string {
  const [version, iv, tag, ciphertext] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || ciphertext === undefined) throw new Error('Not a sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}

/** The configured key, or a 503 naming the setting when a deployment has none. */
export function requireSecretsKey(key: Buffer | undefined): Buffer {
  if (!key) throw new AppError(503, 'This server has no SECRETS_KEY set, so it cannot store sign-in secrets. Ask its operator to set one (openssl rand -base64 32).');
  return key;
}
