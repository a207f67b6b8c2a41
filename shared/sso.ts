// Single sign-on per company with OpenID Connect (issue 24): the contract of /api/sso (an admin's set-up)
// and /api/auth/sso (the email-first sign-in), the sign-in errors the login screen explains, and the rules
// both sides share.
import * as v from 'valibot';
import { EmailSchema } from './auth.ts';

export const SSO_LIMITS = { issuer: 500, clientId: 300, clientSecret: 2000, domain: 253, domains: 20 } as const;

/** A lower-case DNS name with at least one dot: 'acme.com', 'eu.acme.co.uk'. */
const DOMAIN_PATTERN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;

export const DOMAIN_MESSAGE = 'Please enter a domain like acme.com (no @, no https://)';
export const ISSUER_MESSAGE = 'Please enter the issuer URL your identity provider shows (https://…)';

/** The domain part of an email, lower-case. */
export function emailDomain(email: string): string {
  return email.trim().toLowerCase().split('@').at(-1) ?? '';
}

const DomainSchema = v.pipe(v.string(DOMAIN_MESSAGE), v.trim(), v.toLowerCase(), v.regex(DOMAIN_PATTERN, DOMAIN_MESSAGE));

const text = (label: string, max: number) =>
  v.pipe(v.string(`Please enter the ${label}`), v.trim(), v.minLength(1, `Please enter the ${label}`), v.maxLength(max, `The ${label} may be at most ${max} characters`));

/** PUT /api/sso: the connection to the company's identity provider. `clientSecret` left out keeps the stored one. */
export const SsoConnectionSchema = v.strictObject({
  issuer: v.pipe(
    v.string(ISSUER_MESSAGE),
    v.trim(),
    v.minLength(1, ISSUER_MESSAGE),
    v.maxLength(SSO_LIMITS.issuer, ISSUER_MESSAGE),
    v.url(ISSUER_MESSAGE),
    v.check((value) => /^https?:\/\//i.test(value) && !/[?#]/.test(value), ISSUER_MESSAGE),
  ),
  clientId: text('client ID', SSO_LIMITS.clientId),
  clientSecret: v.optional(text('client secret', SSO_LIMITS.clientSecret)),
  domains: v.pipe(
    v.array(DomainSchema, 'Please list the email domains'),
    v.minLength(1, 'Please add at least one email domain'),
    v.maxLength(SSO_LIMITS.domains, `At most ${SSO_LIMITS.domains} domains`),
    v.check((list) => new Set(list).size === list.length, 'Each domain only once, please'),
  ),
});
export type SsoConnectionInput = v.InferInput<typeof SsoConnectionSchema>;
export type SsoConnection = v.InferOutput<typeof SsoConnectionSchema>;

/** PATCH /api/sso: the switches. */
export const SsoOptionsSchema = v.strictObject({
  enabled: v.optional(v.boolean()),
  requireSso: v.optional(v.boolean()),
  /** The one admin who may still sign in with a password while SSO is required. */
  breakGlassUserId: v.optional(v.nullable(v.pipe(v.string(), v.uuid('Please choose an admin of your company')))),
  autoProvision: v.optional(v.boolean()),
});
export type SsoOptions = v.InferOutput<typeof SsoOptionsSchema>;

/** POST /api/auth/sso/start */
export const SsoStartSchema = v.object({
  email: EmailSchema,
  /** Where to land after signing in (a path inside the app; anything else is ignored). */
  next: v.optional(v.pipe(v.string(), v.maxLength(500))),
});
export type SsoStart = v.InferOutput<typeof SsoStartSchema>;

/** POST /api/auth/sso/start: the provider to go to, or `sso: false` (then the password field appears). */
export type SsoStartAnswer = { sso: true; redirectUrl: string } | { sso: false };

/** GET /api/sso: the company's set-up, never the client secret (only whether one is stored). */
export type SsoSettings = {
  issuer: string;
  clientId: string;
  clientSecretSet: true;
  domains: string[];
  enabled: boolean;
  /** The last successful test sign-in after the last change of issuer, client or secret. */
  testedAt: string | null;
  requireSso: boolean;
  breakGlassUserId: string | null;
  autoProvision: boolean;
  updatedAt: string;
};

/** What the status badge says. */
export type SsoStatus = 'not_set_up' | 'untested' | 'tested' | 'enabled';
export function ssoStatus(settings: SsoSettings | null): SsoStatus {
  if (!settings) return 'not_set_up';
  if (settings.enabled) return 'enabled';
  return settings.testedAt ? 'tested' : 'untested';
}

/** Where the test sign-in returns the admin: company settings with `?sso=tested` or `?sso_error=<code>`. */
export const SSO_TESTED_PARAM = 'tested';

/** The ways an SSO sign-in can fail, as `/login?sso_error=<code>` names them. */
export const SSO_ERRORS = {
  expired: 'That sign-in took too long or was already used. Please start again.',
  denied: 'Your identity provider did not sign you in. Please try again, or ask your administrator.',
  invalid_response: 'Your identity provider’s answer could not be verified, so you were not signed in. Please try again, or ask your administrator.',
  unavailable: 'Your company’s identity provider could not be reached. Please try again in a moment.',
  not_enabled: 'Single sign-on is not turned on for your company. Sign in with your password.',
  email_unverified: 'Your identity provider has not verified your email address, so it cannot sign you in here. Ask your administrator.',
  not_covered: 'Your identity provider signed you in with an email address your company’s single sign-on does not cover.',
  no_account: 'There is no Kickoff account for this email in your company. Ask your administrator for an invitation.',
  already_linked: 'Your Kickoff account is linked to another identity at your provider. Ask your administrator.',
  wrong_company: 'This account belongs to another company, so your company’s identity provider cannot sign it in.',
  not_admin: 'Only an admin of the company can test single sign-on.',
} as const;
export type SsoErrorCode = keyof typeof SSO_ERRORS;

export function ssoErrorMessage(code: string | null | undefined): string | null {
  if (!code) return null;
  return (SSO_ERRORS as Record<string, string>)[code] ?? SSO_ERRORS.invalid_response;
}

/** The password sign-in's refusal while the company requires SSO (api/sso/require-sso.ts). */
export const SSO_REQUIRED_MESSAGE = 'Your company signs in with single sign-on. Use “Continue” with your work email.';
export const SSO_TEST_FIRST_MESSAGE = 'Test sign-in first: single sign-on can be turned on only after a successful test since the last change.';
