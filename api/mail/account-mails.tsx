/** @jsxRuntime automatic */
// (The pragma: tsx, which runs the server, reads no tsconfig for api/, so JSX would default to React.createElement.)
// The account emails (verification, password reset, invitation), each carrying its action as one link.
// They always go (no preference turns them off), so they carry no unsubscribe link.
import { and, eq } from 'drizzle-orm';
import { transaction } from '../db/client.ts';
import { outbox } from '../db/schema.ts';
import type { AppDeps } from '../lib/env.ts';
import { MailButton, MailLayout, MailText } from './components/mail-layout.tsx';
import type { Mail } from './mailer.ts';
import { deliverInBackground, deliverOutbox, enqueueEmail } from './outbox.ts';
import { renderMail } from './render-mail.ts';

export function VerificationMail({ link }: { link: string }) {
  return (
    <MailLayout preview="Confirm your email address to finish setting up Kickoff." heading="Verify your email">
      <MailText>Welcome to Kickoff! Please confirm that this is your email address.</MailText>
      <MailButton href={link}>Verify email</MailButton>
      <MailText muted>The link works for 24 hours. If you did not create a Kickoff account, you can ignore this email.</MailText>
    </MailLayout>
  );
}

export function PasswordResetMail({ link }: { link: string }) {
  return (
    <MailLayout preview="A link to choose a new Kickoff password." heading="Reset your password">
      <MailText>Someone (hopefully you) asked to reset the password of your Kickoff account.</MailText>
      <MailButton href={link}>Reset password</MailButton>
      <MailText muted>The link works once, for one hour. If you did not ask for it, ignore this email: your password stays as it is.</MailText>
    </MailLayout>
  );
}

export function InvitationMail({ link, inviterName, companyName }: { link: string; inviterName: string; companyName: string }) {
  return (
    <MailLayout preview={`${inviterName} invited you to ${companyName} on Kickoff.`} heading={`Join ${companyName} on Kickoff`}>
      <MailText>
        {inviterName} invited you to join {companyName} on Kickoff. Set a password to sign in and start your onboarding.
      </MailText>
      <MailButton href={link}>Accept invitation</MailButton>
      <MailText muted>This link works once and expires in 7 days. If you were not expecting it, you can ignore this email.</MailText>
    </MailLayout>
  );
}

export function verificationMail(to: string, appUrl: string, token: string): Promise<Mail> {
  const link = `${appUrl}/verify-email?token=${encodeURIComponent(token)}`;
  return renderMail(<VerificationMail link={link} />, { to, subject: 'Verify your email for Kickoff' });
}

export function passwordResetMail(to: string, appUrl: string, token: string): Promise<Mail> {
  const link = `${appUrl}/reset-password?token=${encodeURIComponent(token)}`;
  return renderMail(<PasswordResetMail link={link} />, { to, subject: 'Reset your Kickoff password' });
}

/** `companyName` null: the company is gone or unnamed; the mail then speaks of "your team". */
export function invitationMail(options: { to: string; appUrl: string; token: string; companyName: string | null; inviterName: string }): Promise<Mail> {
  const { to, appUrl, token, companyName, inviterName } = options;
  const link = `${appUrl}/reset-password?token=${encodeURIComponent(token)}&invite=1`;
  return renderMail(<InvitationMail link={link} inviterName={inviterName} companyName={companyName ?? 'their team'} />, {
    to,
    subject: `You're invited to join ${companyName ?? 'your team'} on Kickoff`,
  });
}

/** The outbox kinds of account mails (reminder kinds are shared/notifications.ts NOTIFICATION_KINDS). */
export type AccountMailKind = 'verification' | 'password_reset' | 'invitation';

type MailDeps = Pick<AppDeps, 'db' | 'mailer' | 'config'>;
type Recipient = { id: string; companyId: string };

/**
 * Queues an account mail in place of any earlier one of its kind still waiting for this person: that
 * one's link was voided by the new token, so a retry must not deliver it.
 */
async function queue(deps: MailDeps, kind: AccountMailKind, recipient: Recipient, mail: Mail): Promise<string> {
  return transaction(deps.db, async (tx) => {
    await tx.delete(outbox).where(and(eq(outbox.userId, recipient.id), eq(outbox.kind, kind), eq(outbox.status, 'pending')));
    const id = await enqueueEmail(tx, { kind, to: mail.to, userId: recipient.id, companyId: recipient.companyId, mail });
    if (!id) throw new Error('an account mail has no dedupe key, so it is always queued');
    return id;
  });
}

/**
 * Queues the mail and sends it within the request, as the person waits for it. Answers whether it went
 * now; when it did not, it stays queued and the outbox job retries it.
 */
export async function sendAccountMail(deps: MailDeps, kind: AccountMailKind, recipient: Recipient, mail: Mail, now: Date): Promise<boolean> {
  const id = await queue(deps, kind, recipient, mail);
  const { sent } = await deliverOutbox({ ...deps, now, ids: [id] });
  return sent === 1;
}

/** Queues the mail and sends it without waiting (answers that must not take longer when an account exists). */
export async function queueAccountMail(deps: MailDeps, kind: AccountMailKind, recipient: Recipient, mail: Mail, now: Date): Promise<void> {
  const id = await queue(deps, kind, recipient, mail);
  deliverInBackground({ ...deps, now }, [id]);
}
