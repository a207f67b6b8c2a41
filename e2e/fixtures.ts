// Shared helpers for browser tests: the demo sign-ins and the mail the server wrote to disk.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Kickoff#2026';
export const DEMO = {
  admin: 'admin@demo.kickoff.local',
  manager: 'manager@demo.kickoff.local',
  newHire: 'newhire@demo.kickoff.local',
  newHire2: 'newhire2@demo.kickoff.local',
} as const;

const mailDir = () => join('test-results', `e2e-data-${process.env.E2E_PORT ?? 4173}`, 'mail');

/** The newest mail to `to`, decoded enough to find links; waits for it to be written. */
export async function latestMailTo(to: string): Promise<string> {
  let found = '';
  await expect
    .poll(() => {
      const files = (() => {
        try {
          return readdirSync(mailDir())
            .filter((f) => f.endsWith('.eml') && f.includes(to.replace(/[^a-z0-9@._-]/gi, '_')))
            .sort();
        } catch {
          return [];
        }
      })();
      const last = files.at(-1);
      found = last ? readFileSync(join(mailDir(), last), 'utf8') : '';
      return found.length > 0;
    })
    .toBe(true);
  return readableMail(found);
}

/** A mail file with its quoted-printable soft breaks and escapes undone, so links and words read whole. */
export function readableMail(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

export function linkFrom(mail: string, path: string): string {
  const match = mail.match(new RegExp(`https?://[^\\s"<>]*${path.replace(/[?]/g, '\\?')}[^\\s"<>]*`));
  if (!match) throw new Error(`No ${path} link in mail`);
  return match[0].replace(/&amp;/g, '&');
}

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}
