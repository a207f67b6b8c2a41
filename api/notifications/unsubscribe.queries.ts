// The one-click unsubscribe of reminder mails: the signed token is the only authority (no session), so
// a mail client's POST, or the app's page opened signed out, turns the kind off.
import { eq } from 'drizzle-orm';
import { NOTIFICATION_KIND_LABELS, type UnsubscribeResult } from '../../shared/notifications.ts';
import { type Db, first } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { badRequest, notFound } from '../lib/app-error.ts';
import { setPreference } from './preferences.queries.ts';
import { readUnsubscribeToken } from './unsubscribe-token.ts';

export const INVALID_UNSUBSCRIBE_LINK = 'This unsubscribe link is not valid. Please use the link from the email exactly as it was sent, or turn emails off in your profile.';

async function subjectOf(db: Db, token: string) {
  const subject = await readUnsubscribeToken(db, token);
  if (!subject) throw badRequest(INVALID_UNSUBSCRIBE_LINK);
  const person = await first(db.select({ id: users.id, companyId: users.companyId, email: users.email }).from(users).where(eq(users.id, subject.userId)));
  // The account was deleted after the mail went: nothing is sent to it any more.
  if (!person) throw notFound('Account');
  return { person, kind: subject.kind };
}

const resultOf = (kind: UnsubscribeResult['kind'], email: string): UnsubscribeResult => ({ kind, label: NOTIFICATION_KIND_LABELS[kind].label, email });

/** GET: what the link would turn off (for the page to ask), changing nothing. */
export async function previewUnsubscribe(db: Db, token: string): Promise<UnsubscribeResult> {
  const { person, kind } = await subjectOf(db, token);
  return resultOf(kind, person.email);
}

/** POST: turns the kind off; a second click finds it off already and answers the same. */
export async function unsubscribe(db: Db, token: string): Promise<UnsubscribeResult> {
  const { person, kind } = await subjectOf(db, token);
  await setPreference(db, person, kind, false);
  return resultOf(kind, person.email);
}
