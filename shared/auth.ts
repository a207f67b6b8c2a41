// Accounts: what the API answers for the signed-in person.
import * as v from 'valibot';
import type { Role } from './roles.ts';
import type { PlanId } from './catalogue.ts';
import { isProfilePhotoHost, PROFILE_PHOTO_SOURCES, safeUrl } from './links.ts';

export type SessionUser = {
  id: string;
  email: string;
  fullName: string | null;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  role: Role;
  companyId: string;
  managerId: string | null;
  isEmailVerified: boolean;
  accountType: string | null;
  createdAt: string;
  company: { id: string; name: string; planType: PlanId };
  /** GET /api/auth/user only: the company requires a second factor this session has not given yet (issue 24). */
  secondFactorRequired?: boolean;
};

export function displayName(person: { fullName?: string | null; email: string }): string {
  return person.fullName?.trim() || person.email;
}

/** The name a greeting uses ("Welcome, Kavya!"): the first word of the display name. */
export function greetingName(person: { fullName?: string | null; email: string }): string {
  return displayName(person).split(/\s+/)[0] ?? '';
}

export function initials(person: { fullName?: string | null; email: string }): string {
  const words = displayName(person)
    .split(/[\s@.]+/)
    .filter(Boolean);
  return ((words[0]?.[0] ?? '') + (words[1]?.[0] ?? '')).toUpperCase() || '?';
}

// ---- Validation (spec section 5): the API and the forms use these same schemas. ----

export const INVALID_EMAIL = 'Please enter a valid email address';

export const EmailSchema = v.pipe(v.string(INVALID_EMAIL), v.trim(), v.email(INVALID_EMAIL), v.maxLength(254, INVALID_EMAIL));

/** The sign-up password rules, in the order the live checklist shows them. */
export const PASSWORD_RULES = [
  { label: 'At least 8 characters', message: 'Password must be at least 8 characters', test: (p: string) => p.length >= 8 },
  { label: 'One lowercase letter', message: 'Password must contain at least one lowercase letter', test: (p: string) => /[a-z]/.test(p) },
  { label: 'One uppercase letter', message: 'Password must contain at least one uppercase letter', test: (p: string) => /[A-Z]/.test(p) },
  { label: 'One number', message: 'Password must contain at least one number', test: (p: string) => /\d/.test(p) },
  { label: 'One special character (@$!%*?&)', message: 'Password must contain at least one special character', test: (p: string) => /[@$!%*?&]/.test(p) },
] as const;

/** Argon2 hashes anything, but a megabyte-long password is only a way to burn CPU. */
const MAX_PASSWORD = 200;
const TOO_LONG_PASSWORD = `Password must be at most ${MAX_PASSWORD} characters`;

const [minLength, lowercase, uppercase, digit, special] = PASSWORD_RULES;

export const NewPasswordSchema = v.pipe(
  v.string(minLength.message),
  v.check(minLength.test, minLength.message),
  v.check(lowercase.test, lowercase.message),
  v.check(uppercase.test, uppercase.message),
  v.check(digit.test, digit.message),
  v.check(special.test, special.message),
  v.maxLength(MAX_PASSWORD, TOO_LONG_PASSWORD),
);

export const SignInSchema = v.object({
  email: EmailSchema,
  password: v.pipe(v.string('Password is required'), v.minLength(1, 'Password is required'), v.maxLength(MAX_PASSWORD, TOO_LONG_PASSWORD)),
});
export type SignIn = v.InferOutput<typeof SignInSchema>;

export const FullNameSchema = v.pipe(
  v.string('Full name must be at least 2 characters'),
  v.trim(),
  v.minLength(2, 'Full name must be at least 2 characters'),
  v.maxLength(100, 'Full name must be at most 100 characters'),
);

export const SignUpSchema = v.object({
  fullName: FullNameSchema,
  email: EmailSchema,
  password: NewPasswordSchema,
  companyName: v.pipe(
    v.string('Company name must be at least 2 characters'),
    v.trim(),
    v.minLength(2, 'Company name must be at least 2 characters'),
    v.maxLength(120, 'Company name must be at most 120 characters'),
  ),
  companyAddress: v.pipe(
    v.string('Company address must be at least 5 characters'),
    v.trim(),
    v.minLength(5, 'Company address must be at least 5 characters'),
    v.maxLength(300, 'Company address must be at most 300 characters'),
  ),
});
export type SignUp = v.InferOutput<typeof SignUpSchema>;

export const ForgotPasswordSchema = v.object({ email: EmailSchema });
export type ForgotPassword = v.InferOutput<typeof ForgotPasswordSchema>;

/** Resend takes the same body as forgot-password. */
export const ResendVerificationSchema = ForgotPasswordSchema;

const TokenSchema = (message: string) => v.pipe(v.string(message), v.minLength(1, message), v.maxLength(200, message));

/** Spec section 5: a reset only asks for 8 characters. */
const ResetPasswordValue = v.pipe(
  v.string('Password must be at least 8 characters'),
  v.minLength(8, 'Password must be at least 8 characters'),
  v.maxLength(MAX_PASSWORD, TOO_LONG_PASSWORD),
);

export const ResetPasswordSchema = v.object({
  token: TokenSchema('This password reset link is invalid or expired.'),
  password: ResetPasswordValue,
});
export type ResetPassword = v.InferOutput<typeof ResetPasswordSchema>;

export const PASSWORDS_DONT_MATCH = "Passwords don't match";

/** The reset form: the confirmation must repeat the password, reported on the confirm field. */
export const ResetPasswordFormSchema = v.pipe(
  v.object({ password: ResetPasswordValue, confirmPassword: v.string() }),
  v.forward(
    v.partialCheck([['password'], ['confirmPassword']], (input) => input.password === input.confirmPassword, PASSWORDS_DONT_MATCH),
    ['confirmPassword'],
  ),
);
export type ResetPasswordForm = v.InferOutput<typeof ResetPasswordFormSchema>;

export const VerifyEmailSchema = v.object({ token: TokenSchema('Verification token is required') });
export type VerifyEmail = v.InferOutput<typeof VerifyEmailSchema>;

const INVALID_IMAGE_URL = 'Please enter a valid image URL starting with https://';
export const PROFILE_PHOTO_HOST_MESSAGE = `Please use a photo link from ${PROFILE_PHOTO_SOURCES}`;

export const ProfileSchema = v.object({
  fullName: FullNameSchema,
  /**
   * Empty removes the photo. Only https, so the image never downgrades the page or runs a script, and
   * only from PROFILE_PHOTO_HOSTS (shared/links.ts says why). The host check leaves malformed links
   * to the checks before it, so each mistake gets one message.
   */
  profileImageUrl: v.optional(
    v.nullable(
      v.union(
        [
          v.literal(''),
          v.pipe(
            v.string(INVALID_IMAGE_URL),
            v.trim(),
            v.maxLength(2000, INVALID_IMAGE_URL),
            v.url(INVALID_IMAGE_URL),
            v.startsWith('https://', INVALID_IMAGE_URL),
            v.check((text) => safeUrl(text) === null || isProfilePhotoHost(text), PROFILE_PHOTO_HOST_MESSAGE),
          ),
        ],
        INVALID_IMAGE_URL,
      ),
    ),
  ),
});
export type Profile = v.InferOutput<typeof ProfileSchema>;

export const ChangePasswordSchema = v.object({
  currentPassword: v.pipe(v.string('Current password is required'), v.minLength(1, 'Current password is required'), v.maxLength(MAX_PASSWORD, TOO_LONG_PASSWORD)),
  newPassword: NewPasswordSchema,
});
export type ChangePassword = v.InferOutput<typeof ChangePasswordSchema>;

export const ChangePasswordFormSchema = v.pipe(
  v.object({ ...ChangePasswordSchema.entries, confirmPassword: v.string() }),
  v.forward(
    v.partialCheck([['newPassword'], ['confirmPassword']], (input) => input.newPassword === input.confirmPassword, PASSWORDS_DONT_MATCH),
    ['confirmPassword'],
  ),
);
export type ChangePasswordForm = v.InferOutput<typeof ChangePasswordFormSchema>;

/** Spec section 5: the typed text, compared case-insensitively, must equal this phrase. */
export const DELETE_ACCOUNT_PHRASE = 'delete my account';
export const DeleteAccountConfirm = v.pipe(
  v.string(),
  v.check((text) => text.trim().toLowerCase() === DELETE_ACCOUNT_PHRASE, `Type "${DELETE_ACCOUNT_PHRASE}" to confirm`),
);
export function isDeleteAccountConfirmed(text: string): boolean {
  return v.is(DeleteAccountConfirm, text);
}

/** DELETE /api/users/me: the password again, so a session left open (or stolen) cannot delete the account alone. */
export const DeleteAccountSchema = v.object({ password: SignInSchema.entries.password });
export type DeleteAccount = v.InferOutput<typeof DeleteAccountSchema>;
