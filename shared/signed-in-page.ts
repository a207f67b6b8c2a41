// The page the server sends a signed-in new hire before any script has run (issue 20): their dashboard's
// frame and loading state, prerendered at build time (vite.config.ts, kickoff:prerender) with stand-ins
// for the person, which the server replaces with theirs (api/site/signed-in-page.ts). The same shared
// rules (displayName, initials, greetingName) make the stand-ins' text at build time and the person's at
// request time, so the page shows what the app then draws.
import { displayName, greetingName, initials } from './auth.ts';

// Private-use characters: no text of ours holds them, and no rule of the shell changes them (not even
// toUpperCase), so each survives rendering as itself.
const FIRST = '\uE000';
const LAST = '\uE001';
const EMAIL = '\uE002';
const COMPANY = '\uE003';
const STAND_IN = /[\uE000-\uE003]/;
/** What the frame draws of the stand-in, longest first: its name, initials, greeting, email and company. */
const STAND_INS = /\uE000 \uE001|\uE000\uE001|\uE000|\uE002|\uE003/g;

/** Who the page is prerendered for: a new hire with a two-word name, no photo, a verified email. */
export const STAND_IN_PERSON = { fullName: `${FIRST} ${LAST}`, email: EMAIL, companyName: COMPANY } as const;

/** The page's path, and the file the build writes it to (under prerendered/signed-in/, which no page path reaches). */
export const NEW_HIRE_PAGE_PATH = '/new-hire-dashboard';
export const NEW_HIRE_PAGE_FILE = 'prerendered/signed-in/new-hire-dashboard.html';

export const escapeHtml = (text: string): string => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#39;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export type PagePerson = { fullName: string | null; email: string; companyName: string };

/**
 * The prerendered page with the person's details in place of the stand-ins, each escaped. One pass, the
 * longest stand-in first at each place (the whole name holds the first name), so nothing put in is read
 * again.
 */
export function fillSignedInPage(page: string, person: PagePerson): string {
  const standIn = { fullName: STAND_IN_PERSON.fullName, email: EMAIL };
  const details = new Map([
    [displayName(standIn), displayName(person)],
    [initials(standIn), initials(person)],
    [greetingName(standIn), greetingName(person)],
    [EMAIL, person.email],
    [COMPANY, person.companyName],
  ]);
  return page.replace(STAND_INS, (found) => escapeHtml(details.get(found) ?? ''));
}

/** Whether every stand-in of a prerendered page is one fillSignedInPage fills (the build refuses a page that shows more of the person). */
export function fillsEveryStandIn(page: string): boolean {
  return !STAND_IN.test(fillSignedInPage(page, { fullName: 'Ann Bo', email: 'ann@example.com', companyName: 'Co' }));
}
