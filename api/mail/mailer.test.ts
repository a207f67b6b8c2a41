// Mail to files is for the local demo: a deployed server without SMTP would lose every invitation.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { createMailer } from './mailer.ts';

const mailDir = mkdtempSync(join(tmpdir(), 'kickoff-mailer-'));
afterAll(() => rmSync(mailDir, { recursive: true, force: true }));

describe('createMailer', () => {
  it('refuses mail to files beyond loopback, with one line asking for SMTP_URL', () => {
    const config = loadConfig({ HOST: '0.0.0.0', MAIL_DIR: mailDir });
    expect(() => createMailer(config)).toThrow(ConfigError);
    expect(() => createMailer(config)).toThrow(
      'Invalid configuration: SMTP_URL is required because HOST=0.0.0.0 listens beyond loopback (mail written to MAIL_DIR reaches nobody).',
    );
  });

  it('refuses mail to files in production, even on loopback', () => {
    expect(() => createMailer(loadConfig({ NODE_ENV: 'production', MAIL_DIR: mailDir }))).toThrow(/SMTP_URL is required because NODE_ENV=production/);
  });

  it('accepts SMTP wherever the server listens', () => {
    expect(() => createMailer(loadConfig({ HOST: '0.0.0.0', NODE_ENV: 'production', SMTP_URL: 'smtp://mail.internal:587' }))).not.toThrow();
  });

  it('writes .eml files on the local demo', async () => {
    const mailer = createMailer(loadConfig({ MAIL_DIR: mailDir }));
    await mailer.send({ to: 'ana@example.com', subject: 'Hi', text: 'Hello', html: '<p>Hello</p>', headers: { 'List-Unsubscribe': '<http://localhost:3000/u>' } });
    const files = readdirSync(mailDir).filter((name) => name.endsWith('.eml'));
    expect(files).toHaveLength(1);
    expect(readFileSync(join(mailDir, files[0] ?? ''), 'utf8')).toContain('List-Unsubscribe: <http://localhost:3000/u>');
  });
});
