// Mails written as React components: HTML and a plain-text part carrying the same link, the one-click
// unsubscribe headers on reminders, and account mails that go through the outbox (a failed send is
// retried later).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { createElement, Fragment } from 'react';
import { afterAll, afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { loadConfig } from '../config.ts';
import { createApp } from '../app.ts';
import { outbox } from '../db/schema.ts';
import { createChangeBus } from '../events/create-bus.ts';
import { createFileStorage } from '../uploads/file-storage.ts';
import { createTestContext, sessionCookie } from '../test/harness.ts';
import { invitationMail, passwordResetMail, verificationMail } from './account-mails.tsx';
import { MailButton, MailLayout, MailText } from './components/mail-layout.tsx';
import { createMailer, type Mail } from './mailer.ts';
import { deliverOutbox } from './outbox.ts';
import { renderMail } from './render-mail.ts';

const mailDir = mkdtempSync(join(tmpdir(), 'kickoff-render-mail-'));
afterAll(() => rmSync(mailDir, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

const APP = 'https://kickoff.example';

describe('account mails', () => {
  it('have an HTML and a plain-text part, each with the action link', async () => {
    const cases = [
      { mail: await verificationMail('ana@example.test', APP, 'tok+/en'), subject: 'Verify your email for Kickoff', link: `${APP}/verify-email?token=tok%2B%2Fen` },
      { mail: await passwordResetMail('ana@example.test', APP, 'reset'), subject: 'Reset your Kickoff password', link: `${APP}/reset-password?token=reset` },
      {
        mail: await invitationMail({ to: 'ana@example.test', appUrl: APP, token: 'inv', companyName: 'Acme & Co', inviterName: 'Bo' }),
        subject: 'You’re invited to join Acme & Co on Kickoff'.replace('’', "'"),
        link: `${APP}/reset-password?token=inv&invite=1`,
      },
    ];
    for (const { mail, subject, link } of cases) {
      expect(mail.subject).toBe(subject);
      expect(mail.text).toContain(link);
      expect(mail.text).not.toMatch(/<[a-z]/i);
      expect(mail.html).toMatch(/^<!DOCTYPE html/);
      expect(mail.html).toContain(`href="${link.replace(/&/g, '&amp;')}"`);
      expect(mail.html).toContain('#4f46e5');
      // Account mails always go: no unsubscribe.
      expect(mail.headers).toBeUndefined();
      expect(mail.text).not.toContain('Unsubscribe');
    }
    expect(cases[2]?.mail.text).toContain('Bo invited you to join Acme & Co on Kickoff.');
  });

  it('the invitation speaks of "your team" when the company has no name', async () => {
    const mail = await invitationMail({ to: 'ana@example.test', appUrl: APP, token: 'inv', companyName: null, inviterName: 'Bo' });
    expect(mail.subject).toBe("You're invited to join your team on Kickoff");
  });

  it('reach the mail folder with both parts and the link readable, as e2e/fixtures.ts reads it', async () => {
    const mailer = createMailer(loadConfig({ MAIL_DIR: mailDir }));
    await mailer.send(
      await invitationMail({ to: 'eml@example.test', appUrl: APP, token: 'a-long-token-0123456789abcdefghijklmnopqrstuvwxyz', companyName: 'Acme', inviterName: 'Bo' }),
    );
    const file = readdirSync(mailDir).find((name) => name.includes('eml@example.test'));
    const raw = readFileSync(join(mailDir, file ?? ''), 'utf8');
    expect(raw).toContain('Content-Type: text/plain');
    expect(raw).toContain('Content-Type: text/html');
    const decoded = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    expect(decoded).toContain(`${APP}/reset-password?token=a-long-token-0123456789abcdefghijklmnopqrstuvwxyz&invite=1`);
  });
});

describe('renderMail', () => {
  // (Tests are .ts files: createElement stands in for JSX.)
  const element = (unsubscribeUrl?: string) =>
    createElement(MailLayout, {
      preview: 'Three tasks today',
      heading: 'Good morning',
      unsubscribeUrl,
      children: createElement(
        Fragment,
        null,
        createElement(MailText, { children: 'You have three tasks due today.' }),
        createElement(MailButton, { href: `${APP}/my-tasks`, children: 'Open my tasks' }),
      ),
    });

  it('adds List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) when the mail has an unsubscribe link', async () => {
    const unsubscribe = { pageUrl: `${APP}/unsubscribe?token=t`, oneClickUrl: `${APP}/api/notifications/unsubscribe?token=t` };
    const mail = await renderMail(element(unsubscribe.pageUrl), { to: 'ana@example.test', subject: 'Your day', unsubscribe });
    expect(mail.headers).toEqual({ 'List-Unsubscribe': `<${unsubscribe.oneClickUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(mail.text).toContain(`Unsubscribe ${unsubscribe.pageUrl}`);
    expect(mail.text).toContain(`Open my tasks ${APP}/my-tasks`);
    expect(mail.text).toContain('Good morning');
    // The preview line is for the inbox list, not the body.
    expect(mail.text).not.toContain('Three tasks today');
    expect(mail.html).toContain(`href="${unsubscribe.pageUrl}"`);
    expect(mail.html).toContain('Three tasks today');
  });

  it('adds no headers to a mail without an unsubscribe link', async () => {
    const mail = await renderMail(element(), { to: 'ana@example.test', subject: 'Your day' });
    expect(mail).toMatchObject({ to: 'ana@example.test', subject: 'Your day' });
    expect(mail.headers).toBeUndefined();
  });

  it('the file mailer writes the headers into the .eml', async () => {
    const mailer = createMailer(loadConfig({ MAIL_DIR: mailDir }));
    const unsubscribe = { pageUrl: `${APP}/unsubscribe?token=t`, oneClickUrl: `${APP}/api/notifications/unsubscribe?token=t` };
    await mailer.send(await renderMail(element(unsubscribe.pageUrl), { to: 'headers@example.test', subject: 'Your day', unsubscribe }));
    const file = readdirSync(mailDir).find((name) => name.includes('headers@example.test'));
    // Long headers are folded onto a second line (RFC 5322): unfolded here as a mail client reads them.
    const headers = readFileSync(join(mailDir, file ?? ''), 'utf8')
      .split(/\r?\n\r?\n/)[0]
      ?.replace(/\r?\n[ \t]+/g, ' ');
    expect(headers).toContain(`List-Unsubscribe: <${unsubscribe.oneClickUrl}>`);
    expect(headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  });
});

describe('account mails on the outbox', () => {
  /** The API with a mail server that refuses while `down` is true. */
  async function apiWithFlakyMail() {
    const ctx = await createTestContext({ APP_URL: APP });
    const state = { down: true, delivered: [] as Mail[] };
    const mailer = {
      async send(mail: Mail) {
        if (state.down) throw new Error('connect ECONNREFUSED');
        state.delivered.push(mail);
      },
    };
    const changes = createChangeBus(ctx.config.database, ctx.db);
    // Closed before the test database is dropped (on PostgreSQL the bus may hold a LISTEN connection).
    onTestFinished(() => changes.close());
    const app = createApp({ db: ctx.db, config: ctx.config, mailer, changes, files: createFileStorage(ctx.config.files) });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    return { ctx, app, mailer, state };
  }

  it('an invitation the mail server refused is answered mailSent false, then sent by the outbox job', async () => {
    const { ctx, app, mailer, state } = await apiWithFlakyMail();
    const { admin } = await ctx.createCompany();
    const response = await app.request('/api/users/invite', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: await sessionCookie(ctx.db, admin.id) },
      body: JSON.stringify({ email: 'later@example.test', role: 'new_hire' }),
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ email: 'later@example.test', mailSent: false });
    const [row] = await ctx.db.select().from(outbox).where(eq(outbox.recipient, 'later@example.test'));
    expect(row).toMatchObject({ kind: 'invitation', status: 'pending', attempts: 1, lastError: 'connect ECONNREFUSED' });

    state.down = false;
    const later = new Date(Date.now() + 2 * 60_000);
    expect(await deliverOutbox({ db: ctx.db, mailer, config: ctx.config, now: later })).toEqual({ sent: 1, failed: 0, retrying: 0 });
    expect(state.delivered.map((mail) => mail.to)).toEqual(['later@example.test']);
    expect(state.delivered[0]?.text).toMatch(/https:\/\/kickoff\.example\/reset-password\?token=\S+&invite=1/);
  });

  it('a resent invitation replaces the one still waiting, whose link it voided', async () => {
    const { ctx, app, mailer, state } = await apiWithFlakyMail();
    const { admin } = await ctx.createCompany();
    const cookie = await sessionCookie(ctx.db, admin.id);
    const invited = await app.request('/api/users/invite', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
      body: JSON.stringify({ email: 'twice@example.test', role: 'new_hire' }),
    });
    const { id } = (await invited.json()) as { id: string };
    const resent = await app.request(`/api/users/${id}/resend-invitation`, { method: 'POST', headers: { Cookie: cookie } });
    expect(resent.status).toBe(502);
    expect(((await resent.json()) as { message: string }).message).toMatch(/keep trying/);

    const waiting = await ctx.db.select().from(outbox).where(eq(outbox.recipient, 'twice@example.test'));
    expect(waiting).toHaveLength(1);
    state.down = false;
    await deliverOutbox({ db: ctx.db, mailer, config: ctx.config, now: new Date(Date.now() + 2 * 60_000) });
    expect(state.delivered).toHaveLength(1);
  });
});
