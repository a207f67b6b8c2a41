/** @jsxRuntime automatic */
// (The pragma: tsx, which runs the server, reads no tsconfig for api/, so JSX would default to React.createElement.)
// A titled list of items in a reminder mail (tasks, plans, messages): one block each, its details muted.
import { Link, Section, Text } from '@react-email/components';
import type { ReactNode } from 'react';

const INK = '#1f2937';
const MUTED = '#6b7280';
const ALERT = '#b91c1c';
const INDIGO = '#4f46e5';

export function MailList({ title, tone = 'normal', children }: { title?: string; tone?: 'normal' | 'alert'; children: ReactNode }) {
  return (
    <Section style={{ margin: '0 0 20px' }}>
      {title ? (
        <Text style={{ color: tone === 'alert' ? ALERT : INK, fontSize: '14px', fontWeight: 700, letterSpacing: '0.02em', margin: '0 0 8px', textTransform: 'uppercase' }}>
          {title}
        </Text>
      ) : null}
      {children}
    </Section>
  );
}

/** One item: its name in bold, then a line of details per entry of `details`, and an optional link. */
export function MailListItem({ name, details, link }: { name: string; details: string[]; link?: { href: string; label: string } }) {
  return (
    <Text style={{ color: INK, fontSize: '16px', lineHeight: '24px', margin: '0 0 12px', paddingLeft: '12px', borderLeft: '3px solid #e5e7eb' }}>
      <strong>{name}</strong>
      {details.map((line) => (
        <span key={line}>
          <br />
          <span style={{ color: MUTED, fontSize: '14px' }}>{line}</span>
        </span>
      ))}
      {link ? (
        <>
          <br />
          <Link href={link.href} style={{ color: INDIGO, fontSize: '14px' }}>
            {link.label}
          </Link>
        </>
      ) : null}
    </Text>
  );
}
