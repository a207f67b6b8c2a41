// Sends mail over SMTP when SMTP_URL is set; otherwise, on a local demo only, writes each mail as one
// .eml file in MAIL_DIR.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { type Config, ConfigError } from '../config.ts';

export type Mail = { to: string; subject: string; text: string; html: string };
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

/** Wraps a short message and one call-to-action link in the product's plain and HTML layouts. */
export function composeMail(options: { to: string; subject: string; intro: string; actionLabel: string; actionUrl: string; outro?: string }): Mail {
  const { to, subject, intro, actionLabel, actionUrl, outro = '' } = options;
  const escape = (s: string) => s.replace(/[&<>"]/g, (ch) => `&#${ch.charCodeAt(0)};`);
  return {
    to,
    subject,
    text: `${intro}\n\n${actionLabel}: ${actionUrl}\n\n${outro}\n\n— Kickoff`.replace(/\n{3,}/g, '\n\n'),
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2937;max-width:560px;margin:auto;padding:24px">
<h1 style="font-size:20px;color:#4f46e5">Kickoff</h1>
<p>${escape(intro)}</p>
<p><a href="${escape(actionUrl)}" style="display:inline-block;background:#4f46e5;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">${escape(actionLabel)}</a></p>
<p style="font-size:13px;color:#6b7280">Or paste this link into your browser: ${escape(actionUrl)}</p>
${outro ? `<p style="font-size:13px;color:#6b7280">${escape(outro)}</p>` : ''}
</body></html>`,
  };
}
