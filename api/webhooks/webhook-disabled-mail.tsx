/** @jsxRuntime automatic */
// (The pragma: tsx, which runs the server, reads no tsconfig for api/, so JSX would default to React.createElement.)
// The mail each admin gets when an endpoint was turned off after a day of failed deliveries (issue 21).
import { MailButton, MailLayout, MailText } from '../mail/components/mail-layout.tsx';
import type { Mail } from '../mail/mailer.ts';
import { renderMail } from '../mail/render-mail.ts';

export function WebhookDisabledMail({ url, reason, settingsUrl }: { url: string; reason: string; settingsUrl: string }) {
  return (
    <MailLayout
      preview="Kickoff stopped sending events to one of your webhook endpoints."
      heading="A webhook endpoint was turned off"
      reason="You got this email because you are an admin of your company on Kickoff."
    >
      <MailText>Kickoff could not deliver events to {url} for a whole day, so it stopped sending to it.</MailText>
      <MailText muted>{reason}</MailText>
      <MailText>Once the endpoint answers again, turn it back on in Kickoff. Events of the day it was off can be sent again from its delivery log.</MailText>
      <MailButton href={settingsUrl}>Open webhooks</MailButton>
    </MailLayout>
  );
}

export function webhookDisabledMail(options: { to: string; appUrl: string; url: string; reason: string }): Promise<Mail> {
  const settingsUrl = `${options.appUrl}/settings/webhooks`;
  return renderMail(<WebhookDisabledMail url={options.url} reason={options.reason} settingsUrl={settingsUrl} />, {
    to: options.to,
    subject: 'A Kickoff webhook endpoint was turned off',
  });
}
