/** @jsxRuntime automatic */
// (The pragma: tsx, which runs the server, reads no tsconfig for api/, so JSX would default to React.createElement.)
// The frame every Kickoff mail shares: the wordmark, one heading, the message, and a footer saying why
// the person got it (and, for reminders, the one-click way to stop them). Rendered by render-mail.ts.
import { Body, Button, Container, Head, Heading, Hr, Html, Link, Preview, Section, Text } from '@react-email/components';
import type { CSSProperties, ReactNode } from 'react';

const INDIGO = '#4f46e5';
const INK = '#1f2937';
const MUTED = '#6b7280';
const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

const styles = {
  body: { backgroundColor: '#f3f4f6', fontFamily: FONT, margin: 0, padding: '24px 12px' },
  container: { backgroundColor: '#ffffff', borderRadius: '12px', maxWidth: '560px', margin: '0 auto', padding: '32px 28px' },
  wordmark: { color: INDIGO, fontSize: '22px', fontWeight: 700, letterSpacing: '-0.02em', margin: '0 0 24px' },
  heading: { color: INK, fontSize: '22px', lineHeight: '30px', fontWeight: 700, margin: '0 0 16px' },
  text: { color: INK, fontSize: '16px', lineHeight: '26px', margin: '0 0 16px' },
  button: { backgroundColor: INDIGO, borderRadius: '8px', color: '#ffffff', fontSize: '16px', fontWeight: 600, padding: '12px 20px', textDecoration: 'none' },
  fallback: { color: MUTED, fontSize: '13px', lineHeight: '20px', margin: '12px 0 0', wordBreak: 'break-all' },
  rule: { borderColor: '#e5e7eb', margin: '28px 0 16px' },
  footer: { color: MUTED, fontSize: '13px', lineHeight: '20px', margin: '0 0 8px' },
  link: { color: INDIGO },
} satisfies Record<string, CSSProperties>;

const ACCOUNT_REASON = 'You got this email because of your Kickoff account.';
const REMINDER_REASON = 'You get these emails because your company onboards people with Kickoff.';

export function MailLayout({
  preview,
  heading,
  children,
  unsubscribeUrl,
  reason,
}: {
  /** The line mail clients show next to the subject. */
  preview: string;
  heading: string;
  children: ReactNode;
  /** The unsubscribe page for this kind of mail; account mails (verification, reset, invitation) have none. */
  unsubscribeUrl?: string;
  /** Why the person got this mail; a sensible default for account mails and reminders. */
  reason?: string;
}) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Text style={styles.wordmark}>Kickoff</Text>
          <Heading as="h1" style={styles.heading}>
            {heading}
          </Heading>
          {children}
          <Hr style={styles.rule} />
          <Text style={styles.footer}>{reason ?? (unsubscribeUrl ? REMINDER_REASON : ACCOUNT_REASON)}</Text>
          {unsubscribeUrl ? (
            <Text style={styles.footer}>
              Don't want these?{' '}
              <Link href={unsubscribeUrl} style={styles.link}>
                Unsubscribe
              </Link>{' '}
              or choose what you get in your Kickoff profile.
            </Text>
          ) : null}
        </Container>
      </Body>
    </Html>
  );
}

/** A paragraph in the mail's readable body size. */
export function MailText({ children, muted = false }: { children: ReactNode; muted?: boolean }) {
  return <Text style={muted ? { ...styles.text, color: MUTED, fontSize: '14px', lineHeight: '22px' } : styles.text}>{children}</Text>;
}

/**
 * The mail's one call to action, with the address spelled out below for clients that hide buttons.
 * The spelled-out copy is skipped in the plain-text part, where the button already reads "Label URL".
 */
export function MailButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: '8px 0 24px' }}>
      <Button href={href} style={styles.button}>
        {children}
      </Button>
      <Text style={styles.fallback} data-skip-in-text="true">
        Or paste this link into your browser:{' '}
        <Link href={href} style={styles.link}>
          {href}
        </Link>
      </Text>
    </Section>
  );
}
