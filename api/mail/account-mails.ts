// The account emails (verification, password reset, invitation), each carrying its action as one link.
import { composeMail, type Mail, type Mailer } from './mailer.ts';

export function verificationMail(to: string, appUrl: string, token: string): Mail {
  return composeMail({
    to,
    subject: 'Verify your email for Kickoff',
    intro: 'Welcome to Kickoff! Please confirm that this is your email address.',
    actionLabel: 'Verify email',
    actionUrl: `${appUrl}/verify-email?token=${encodeURIComponent(token)}`,
    outro: 'The link works for 24 hours. If you did not create a Kickoff account, you can ignore this email.',
  });
}

export function passwordResetMail(to: string, appUrl: string, token: string): Mail {
  return composeMail({
    to,
    subject: 'Reset your Kickoff password',
    intro: 'Someone (hopefully you) asked to reset the password of your Kickoff account.',
    actionLabel: 'Reset password',
    actionUrl: `${appUrl}/reset-password?token=${encodeURIComponent(token)}`,
    outro: 'The link works once, for one hour. If you did not ask for it, ignore this email: your password stays as it is.',
  });
}

export function invitationMail(options: { to: string; appUrl: string; token: string; companyName: string; inviterName: string }): Mail {
  const { to, appUrl, token, companyName, inviterName } = options;
  return composeMail({
    to,
    subject: `${inviterName} invited you to ${companyName} on Kickoff`,
    intro: `${inviterName} invited you to join ${companyName} on Kickoff, where your onboarding is waiting. Set your password to get started.`,
    actionLabel: 'Set your password',
    actionUrl: `${appUrl}/reset-password?token=${encodeURIComponent(token)}&invite=1`,
    outro: 'The link works once, for 7 days.',
  });
}

/** Sends without letting a mail failure fail the request; the person can ask for the mail again. */
export function sendQuietly(mailer: Mailer, mail: Mail): Promise<void> {
  return mailer.send(mail).catch((error: unknown) => {
    console.error(`Mail to ${mail.to} failed:`, error instanceof Error ? error.message : error);
  });
}
