// Company settings: the API contract of GET and PATCH /api/company, and the four Helpful Resources
// links an admin sets there (DESIGN.md section 8) that the new hire's dashboard shows.
import * as v from 'valibot';
import { safeUrl } from './links.ts';
import { TimeZoneSchema } from './notifications.ts';
import type { HelpfulLink } from './sync.ts';

export const COMPANY_LIMITS = { name: 100, address: 300, city: 100, url: 2000 } as const;

/** A phone number as people write it: digits, spaces, brackets and dashes, an optional leading +. */
export const PHONE_PATTERN = /^\+?[0-9][0-9 ()-]{5,24}$/;
export const INVALID_PHONE = 'Please enter a valid phone number';

/** The links of the new hire's Helpful Resources card, in the order it lists them, with their labels. */
export const HELPFUL_RESOURCES = [
  { key: 'employeeHandbook', label: 'Employee Handbook' },
  { key: 'benefitsGuide', label: 'Benefits Guide' },
  { key: 'itSetupGuide', label: 'IT Setup Guide' },
  { key: 'teamDirectory', label: 'Team Directory' },
] as const;
export type HelpfulResourceKey = (typeof HELPFUL_RESOURCES)[number]['key'];
export type HelpfulResourceLinks = Record<HelpfulResourceKey, string | null>;

/** Optional text: trimmed; blank or null clears the field (null), left out keeps it (undefined). */
const clearable = <T extends v.GenericSchema<string, string>>(schema: T) =>
  v.optional(
    v.nullable(
      v.pipe(
        v.string(),
        v.trim(),
        v.transform((text) => text || null),
        v.nullable(schema),
      ),
    ),
  );

const httpLink = (label: string) =>
  clearable(
    v.pipe(
      v.string(),
      v.maxLength(COMPANY_LIMITS.url, `${label} link must be at most ${COMPANY_LIMITS.url} characters`),
      v.check((link) => safeUrl(link) !== null, `${label} link must be a valid http(s) URL`),
    ),
  );

/**
 * PATCH /api/company (admins). The name is required; every other field left out keeps its value, and
 * null or blank clears it. The same for each resource link inside `resources`.
 */
export const CompanySettingsSchema = v.object({
  name: v.pipe(
    // A missing name gets the same message as a blank one (not valibot's 'Invalid key').
    v.optional(v.string('Company name is required'), ''),
    v.trim(),
    v.minLength(1, 'Company name is required'),
    v.maxLength(COMPANY_LIMITS.name, `Company name must be at most ${COMPANY_LIMITS.name} characters`),
  ),
  address: clearable(v.pipe(v.string(), v.maxLength(COMPANY_LIMITS.address, `Address must be at most ${COMPANY_LIMITS.address} characters`))),
  phone: clearable(v.pipe(v.string(), v.regex(PHONE_PATTERN, INVALID_PHONE))),
  city: clearable(v.pipe(v.string(), v.maxLength(COMPANY_LIMITS.city, `City must be at most ${COMPANY_LIMITS.city} characters`))),
  /** The company's day for reminders (shared/notifications.ts); left out keeps it. */
  timeZone: v.optional(TimeZoneSchema),
  resources: v.optional(
    v.object({
      employeeHandbook: httpLink('Employee Handbook'),
      benefitsGuide: httpLink('Benefits Guide'),
      itSetupGuide: httpLink('IT Setup Guide'),
      teamDirectory: httpLink('Team Directory'),
    } satisfies Record<HelpfulResourceKey, unknown>),
  ),
});
export type CompanySettingsInput = v.InferInput<typeof CompanySettingsSchema>;
/** A parsed PATCH: a field absent here was left out, and keeps its value. */
export type CompanySettingsUpdate = v.InferOutput<typeof CompanySettingsSchema>;

/** GET /api/company (every member of the company), and the answer to PATCH. */
export type CompanySettings = {
  id: string;
  name: string;
  address: string | null;
  phone: string | null;
  city: string | null;
  /** IANA name, 'UTC' until an admin sets it. */
  timeZone: string;
  /** Each of the four links, null when not set: what the settings form edits. */
  resources: HelpfulResourceLinks;
  /** The links that are set, as the Helpful Resources card reads them (the sync pull carries the same list). */
  helpfulResources: HelpfulLink[];
};

/** The card's list from the four links: the set ones, labelled, in card order. */
export function helpfulLinksOf(resources: HelpfulResourceLinks): HelpfulLink[] {
  return HELPFUL_RESOURCES.flatMap(({ key, label }) => {
    const url = resources[key];
    return url ? [{ label, url }] : [];
  });
}

/** The stored links a new hire is shown, online (GET /api/company) and offline (the sync pull): labelled, http(s) only. */
export function shownHelpfulLinks(links: ReadonlyArray<HelpfulLink> | null | undefined): HelpfulLink[] {
  return (links ?? []).filter((link) => link.label && safeUrl(link.url));
}

/** The four links from a stored list (matched by label; a label it does not know is not one of them). */
export function resourceLinksOf(links: ReadonlyArray<HelpfulLink> | null | undefined): HelpfulResourceLinks {
  const byLabel = new Map((links ?? []).map((link) => [link.label, link.url]));
  return Object.fromEntries(HELPFUL_RESOURCES.map(({ key, label }) => [key, byLabel.get(label) ?? null])) as HelpfulResourceLinks;
}
