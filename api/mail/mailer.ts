// Sends mail over SMTP when SMTP_URL is set; otherwise, on a local demo only, writes each mail as one
// .eml file in MAIL_DIR.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { type Config, ConfigError } from '../config.ts';

/** `headers` carries extra headers such as List-Unsubscribe (RFC 8058) on reminder mails. */
export type Mail = { to: string; subject: string; text: string; html: string; headers?: Record<string, string> };
export type Mailer = { send(mail: Mail): Promise<void> };

const FROM = 'Kickoff <no-reply@kickoff.local>';

/**
 * Mail written to files reaches nobody: on a deployed server (config.deployment) invitations and password
 * resets would silently go nowhere, so SMTP is required there and its absence stops the start.
 */
export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailDir' | 'deployment'>): Mailer {
  if (!config.smtpUrl && config.deployment) {
    throw new ConfigError(`Invalid configuration: SMTP_URL is required because ${config.deployment.reason} (mail written to MAIL_DIR reaches nobody).`);
  }
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: FROM, ...mail });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: FROM, ...mail });
      mkdirSync(config.mailDir, { recursive: true });
      const safeTo = mail.to.replace(/[^a-z0-9@._-]/gi, '_');
      const file = `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeTo}-${crypto.randomUUID().slice(0, 8)}.eml`;
      writeFileSync(join(config.mailDir, file), info.message as Buffer);
    },
  };
}
