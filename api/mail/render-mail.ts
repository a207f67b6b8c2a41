// Turns a mail written as a React component (components/mail-layout.tsx) into the Mail the mailer sends:
// the HTML, its plain-text part, and for reminders the one-click unsubscribe headers of RFC 8058.
import { render } from '@react-email/render';
import type { ReactElement } from 'react';
import type { Mail } from './mailer.ts';

/** Where a reminder mail's reader stops that kind: the app's page, and the URL mail clients POST to. */
export type UnsubscribeLinks = { pageUrl: string; oneClickUrl: string };

export async function renderMail(element: ReactElement, options: { to: string; subject: string; unsubscribe?: UnsubscribeLinks }): Promise<Mail> {
  const [html, text] = await Promise.all([
    render(element),
    render(element, {
      plainText: true,
      // Headings as written (html-to-text shouts them in capitals by default).
      htmlToTextOptions: { selectors: [{ selector: 'h1', options: { uppercase: false } }] },
    }),
  ]);
  const mail: Mail = { to: options.to, subject: options.subject, html, text: text.replace(/\n{3,}/g, '\n\n').trim() };
  if (options.unsubscribe) {
    mail.headers = {
      'List-Unsubscribe': `<${options.unsubscribe.oneClickUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    };
  }
  return mail;
}
