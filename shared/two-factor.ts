// Two-factor sign-in (issue 24): authenticator-app codes (TOTP), one-time recovery codes, and a company's
// rule that admins and managers sign in with a second factor. Shared by the API and the app.
import * as v from 'valibot';
import type { Role } from './roles.ts';

/** RFC 6238 as every authenticator app reads it: SHA-1, six digits, a new code every 30 s. */
export const TOTP = { digits: 6, periodSeconds: 30, algorithm: 'SHA1', issuer: 'Kickoff' } as const;
/** Codes one step either side of now are accepted (a phone's clock a little off). */
export const TOTP_WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;

/** The roles a company's "require a second factor" applies to; new hires are never held up by it. */
export const SECOND_FACTOR_ROLES: readonly Role[] = ['admin', 'manager'];
/** How a session began that counts as signed in with a second factor (sessions.method). */
export const SECOND_FACTOR_SESSION_METHODS = ['second_factor', 'passkey', 'sso'] as const;

export const secondFactorApplies = (role: Role) => SECOND_FACTOR_ROLES.includes(role);

export const INVALID_CODE = 'That code is not right. Enter the current code from your authenticator app.';
export const INVALID_RECOVERY_CODE = 'That recovery code is not right, or it has been used already.';
export const SECOND_FACTOR_REQUIRED = 'Your company requires two-factor authentication for admins and managers. Set it up (or confirm it) before going on.';

/** Six digits; spaces people copy along (123 456) are dropped. */
export const TotpCodeSchema = v.pipe(
  v.string('Enter the 6-digit code from your authenticator app'),
  v.transform((code) => code.replace(/\s+/g, '')),
  v.regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'),
);

/** A recovery code as shown (xxxx-xxxx-xxxx), in any case, with or without its dashes and spaces. */
export const RecoveryCodeSchema = v.pipe(
  v.string('Enter one of your recovery codes'),
  v.transform((code) => code.replace(/[\s-]+/g, '').toLowerCase()),
  v.regex(/^[a-z0-9]{12}$/, 'A recovery code has 12 letters and digits, like abcd-efgh-2345'),
);

export const TotpConfirmSchema = v.object({ code: TotpCodeSchema });
export type TotpConfirm = v.InferInput<typeof TotpConfirmSchema>;

/**
 * A second factor: the authenticator's code, or one recovery code. Sign-in's second step, turning
 * two-factor off, and confirming a session all take it.
 */
export const SecondFactorSchema = v.pipe(
  v.object({ code: v.optional(TotpCodeSchema), recoveryCode: v.optional(RecoveryCodeSchema) }),
  v.forward(
    v.check((input) => (input.code === undefined) !== (input.recoveryCode === undefined), 'Enter the code from your authenticator app, or one recovery code'),
    ['code'],
  ),
);
export type SecondFactorInput = v.InferInput<typeof SecondFactorSchema>;

/** PUT /api/company/second-factor (admins). */
export const CompanySecondFactorSchema = v.object({ required: v.boolean('Say whether a second factor is required (true or false)') });
export type CompanySecondFactorInput = v.InferInput<typeof CompanySecondFactorSchema>;

export type SecondFactorMethod = 'totp' | 'passkey';

/** POST /api/auth/login's answer when the password was right and a second factor must follow. */
export type SecondFactorChallenge = { secondFactor: { methods: SecondFactorMethod[] } };

/** GET /api/users/me/two-factor. */
export type TwoFactorStatus = {
  totpEnabledAt: string | null;
  recoveryCodesLeft: number;
  /** The company requires a second factor of this person (an admin or manager). */
  required: boolean;
  /** This session began with a second factor (or a passkey, or single sign-on). */
  sessionVerified: boolean;
  /** The person has a passkey: signing in again with it is a way past the company's rule. */
  hasPasskey: boolean;
};

/** POST /api/users/me/two-factor/start: the new secret, for the authenticator app. */
export type TotpEnrolment = { uri: string; secret: string; qrSvg: string };

/** The new recovery codes, shown once. */
export type RecoveryCodes = { recoveryCodes: string[] };

/** GET and PUT /api/company/second-factor. */
export type CompanySecondFactor = { required: boolean; adminsAndManagers: number; withoutSecondFactor: number };

/** A recovery code as shown: three groups of four. */
export const formatRecoveryCode = (code: string) => code.match(/.{1,4}/g)?.join('-') ?? code;
