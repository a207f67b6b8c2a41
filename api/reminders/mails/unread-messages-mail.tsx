/** @jsxRuntime automatic */
// (The pragma: tsx, which runs the server, reads no tsconfig for api/, so JSX would default to React.createElement.)
// The unread-messages mail: every message waiting for the reader, who sent it and how it begins.
import { MailButton, MailLayout, MailText } from '../../mail/components/mail-layout.tsx';
import { countOf } from '../reminder-context.ts';
import type { WaitingMessage } from '../unread-messages.ts';
import { MailList, MailListItem } from './mail-list.tsx';

/** Past this many, the mail says how many more wait instead of quoting them. */
const QUOTED_AT_MOST = 10;

export function UnreadMessagesMail({
  name,
  messages,
  conversationUrl,
  unsubscribeUrl,
}: {
  name: string;
  messages: WaitingMessage[];
  conversationUrl: string;
  unsubscribeUrl: string;
}) {
  const senders = [...new Set(messages.map((message) => message.senderName))];
  const quoted = messages.slice(-QUOTED_AT_MOST);
  const more = messages.length - quoted.length;
  const heading = messages.length === 1 ? `${senders[0] ?? 'Someone'} sent you a message` : `${countOf(messages.length, 'unread message')}`;
  return (
    <MailLayout preview={`${heading} in Kickoff.`} heading={heading} unsubscribeUrl={unsubscribeUrl}>
      <MailText>
        Hi {name}, {messages.length === 1 ? 'a message is' : `${messages.length} messages are`} waiting for you in Kickoff from{' '}
        {new Intl.ListFormat('en', { type: 'conjunction' }).format(senders)}.
      </MailText>
      <MailList>
        {quoted.map((message) => (
          <MailListItem key={message.id} name={message.senderName} details={[message.excerpt]} />
        ))}
      </MailList>
      {more > 0 ? <MailText muted>…and {countOf(more, 'earlier message')}.</MailText> : null}
      <MailButton href={conversationUrl}>Read and reply</MailButton>
    </MailLayout>
  );
}
